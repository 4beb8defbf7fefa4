package io.cake.hdfs.datanode;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * A block file stream with a {@link BlockReadHook} in front of every read, handed to the DataNode's
 * BlockSender. It must stay a {@link
 * FileInputStream}: BlockSender uses transferTo only if {@code getDataIn() instanceof
 * FileInputStream}, and the short-circuit fd path casts to it. It shares the stock stream's file
 * descriptor ({@code getFD()} is final, so fadvise and drop-behind still work) but never reads
 * through {@code super}: every call goes to the stock stream (FileIoProvider's wrapper, so volume
 * profiling and fault injection still fire), after the hook (which may cut it short).
 */
public final class HookedFileInputStream extends FileInputStream {
  private final FileInputStream in;
  private final BlockReadHook hook;
  private final Object closeLock = new Object();
  private boolean closed;
  private volatile HookedFileChannel channel;

  public HookedFileInputStream(FileInputStream in, BlockReadHook hook)
      throws IOException {
    super(in.getFD());
    this.in = in;
    this.hook = hook;
  }

  @Override
  public int read() throws IOException {
    hook.begin(position(), 1);
    try {
      return in.read();
    } finally {
      hook.end();
    }
  }

  @Override
  public int read(byte[] b) throws IOException {
    return read(b, 0, b.length);
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    int n = hook.begin(position(), len); // a short read is legal; IOUtils.readFully loops
    try {
      return in.read(b, off, n);
    } finally {
      hook.end();
    }
  }

  private long position() throws IOException {
    return hook.wantsPosition() ? in.getChannel().position() : -1L;
  }

  @Override
  public long skip(long n) throws IOException {
    return in.skip(n);
  }

  @Override
  public int available() throws IOException {
    return in.available();
  }

  @Override
  public FileChannel getChannel() {
    HookedFileChannel c = channel;
    if (c == null) {
      synchronized (this) {
        c = channel;
        if (c == null) {
          c = new HookedFileChannel(in.getChannel(), hook);
          channel = c;
        }
      }
    }
    return c;
  }

  @Override
  public void close() throws IOException {
    synchronized (closeLock) {
      if (closed) {
        return;
      }
      closed = true;
    }
    // Closing the stock stream closes the shared fd; FileDescriptor.closeAll then calls this
    // close() again, which returns at once.
    try {
      in.close();
    } finally {
      hook.close();
    }
  }
}
