package io.cake.hdfs.datanode;

import java.io.FileInputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * The block file stream handed to the DataNode's BlockSender. It must stay a {@link
 * FileInputStream}: BlockSender uses transferTo only if {@code getDataIn() instanceof
 * FileInputStream}, and the short-circuit fd path casts to it. It shares the stock stream's file
 * descriptor ({@code getFD()} is final, so fadvise and drop-behind still work) but never reads
 * through {@code super}: every call goes to the stock stream (FileIoProvider's wrapper, so volume
 * profiling and fault injection still fire), cut to one chunk and gated.
 */
final class GatedFileInputStream extends FileInputStream {
  private final FileInputStream in;
  private final DataNodeReadScheduler.ReadSession session;
  private final Object closeLock = new Object();
  private boolean closed;
  private volatile GatedFileChannel channel;

  GatedFileInputStream(FileInputStream in, DataNodeReadScheduler.ReadSession session)
      throws IOException {
    super(in.getFD());
    this.in = in;
    this.session = session;
  }

  @Override
  public int read() throws IOException {
    session.begin(1);
    try {
      return in.read();
    } finally {
      session.end();
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
    int n = session.begin(len); // a short read is legal; IOUtils.readFully loops
    try {
      return in.read(b, off, n);
    } finally {
      session.end();
    }
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
    GatedFileChannel c = channel;
    if (c == null) {
      synchronized (this) {
        c = channel;
        if (c == null) {
          c = new GatedFileChannel(in.getChannel(), session);
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
      session.close();
    }
  }
}
