package io.cake.hdfs.datanode;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** For block streams that are not files (the pmem cache); BlockSender never uses transferTo on them. */
final class GatedInputStream extends FilterInputStream {
  private final DataNodeReadScheduler.ReadSession session;

  GatedInputStream(InputStream in, DataNodeReadScheduler.ReadSession session) {
    super(in);
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
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) {
      return 0;
    }
    int n = session.begin(len);
    try {
      return in.read(b, off, n);
    } finally {
      session.end();
    }
  }

  @Override
  public void close() throws IOException {
    try {
      in.close();
    } finally {
      session.close();
    }
  }
}
