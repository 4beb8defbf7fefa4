package io.cake.hdfs.datanode;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.WritableByteChannel;

/**
 * Delegating FileChannel with a {@link BlockReadHook} in front of transferTo (what Hadoop 3.4.2's
 * SocketOutputStream.transferToFully calls, in a loop that accepts short transfers) and the reads;
 * transferTo goes to the real {@code sun.nio.ch.FileChannelImpl} with the real socket channel as
 * target, so the JDK still uses sendfile(2): zero copy is kept.
 */
public final class HookedFileChannel extends FileChannel {
  private final FileChannel in;
  private final BlockReadHook hook;

  public HookedFileChannel(FileChannel in, BlockReadHook hook) {
    this.in = in;
    this.hook = hook;
  }

  @Override
  public long transferTo(long position, long count, WritableByteChannel target) throws IOException {
    if (count <= 0) {
      return in.transferTo(position, count, target);
    }
    int n = hook.begin(position, (int) Math.min(count, Integer.MAX_VALUE));
    try {
      return in.transferTo(position, n, target);
    } finally {
      hook.end();
    }
  }

  @Override
  public int read(ByteBuffer dst) throws IOException {
    if (!dst.hasRemaining()) {
      return in.read(dst);
    }
    return hooked(dst, hook.wantsPosition() ? in.position() : -1L, in::read);
  }

  @Override
  public int read(ByteBuffer dst, long position) throws IOException {
    if (!dst.hasRemaining()) {
      return in.read(dst, position);
    }
    return hooked(dst, position, slice -> in.read(slice, position));
  }

  private interface SliceRead {
    int read(ByteBuffer slice) throws IOException;
  }

  /** A read of at most what the hook allows into {@code dst}, through a slice of it. */
  private int hooked(ByteBuffer dst, long position, SliceRead read) throws IOException {
    int n = hook.begin(position, dst.remaining());
    try {
      ByteBuffer slice = dst.duplicate();
      slice.limit(slice.position() + n);
      int done = read.read(slice);
      if (done > 0) {
        dst.position(dst.position() + done);
      }
      return done;
    } finally {
      hook.end();
    }
  }

  @Override
  public long read(ByteBuffer[] dsts, int offset, int length) throws IOException {
    // Not used by the DataNode; reading into the first non-empty buffer is a legal short read.
    for (int i = offset; i < offset + length; i++) {
      if (dsts[i].hasRemaining()) {
        return read(dsts[i]);
      }
    }
    return 0;
  }

  @Override
  public int write(ByteBuffer src) throws IOException {
    return in.write(src);
  }

  @Override
  public long write(ByteBuffer[] srcs, int offset, int length) throws IOException {
    return in.write(srcs, offset, length);
  }

  @Override
  public int write(ByteBuffer src, long position) throws IOException {
    return in.write(src, position);
  }

  @Override
  public long position() throws IOException {
    return in.position();
  }

  @Override
  public FileChannel position(long newPosition) throws IOException {
    in.position(newPosition);
    return this;
  }

  @Override
  public long size() throws IOException {
    return in.size();
  }

  @Override
  public FileChannel truncate(long size) throws IOException {
    in.truncate(size);
    return this;
  }

  @Override
  public void force(boolean metaData) throws IOException {
    in.force(metaData);
  }

  @Override
  public long transferFrom(ReadableByteChannel src, long position, long count) throws IOException {
    return in.transferFrom(src, position, count);
  }

  @Override
  public MappedByteBuffer map(MapMode mode, long position, long size) throws IOException {
    return in.map(mode, position, size); // not on the DataNode read path; not hooked
  }

  @Override
  public FileLock lock(long position, long size, boolean shared) throws IOException {
    return in.lock(position, size, shared);
  }

  @Override
  public FileLock tryLock(long position, long size, boolean shared) throws IOException {
    return in.tryLock(position, size, shared);
  }

  @Override
  protected void implCloseChannel() throws IOException {
    in.close();
  }
}
