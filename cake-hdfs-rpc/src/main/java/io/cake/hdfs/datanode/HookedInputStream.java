package io.cake.hdfs.datanode;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/**
 * A {@link BlockReadHook} in front of a block stream that is not a file (the pmem cache);
 * BlockSender never uses transferTo on them. The position is unknown: the hook gets -1.
 */
public final class HookedInputStream extends FilterInputStream {
  private final BlockReadHook hook;

  public HookedInputStream(InputStream in, BlockReadHook hook) {
    super(in);
    this.hook = hook;
  }

  @Override
  public int read() throws IOException {
    hook.begin(-1L, 1);
    try {
      return in.read();
    } finally {
      hook.end();
    }
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    int n = hook.begin(-1L, len);
    try {
      return in.read(b, off, n);
    } finally {
      hook.end();
    }
  }

  @Override
  public void close() throws IOException {
    try {
      in.close();
    } finally {
      hook.close();
    }
  }
}
