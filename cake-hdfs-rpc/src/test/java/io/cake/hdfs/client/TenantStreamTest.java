package io.cake.hdfs.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.junit.jupiter.api.Test;

/** Retiring a stream or a client never closes a stream under a read. */
class TenantStreamTest {
  /** Bytes 0..255 again and again; counts closes. */
  static final class Bytes extends FSInputStream {
    final AtomicInteger closes = new AtomicInteger();
    long pos;

    @Override
    public int read() {
      return (int) (pos++ & 0xff);
    }

    @Override
    public void seek(long p) {
      pos = p;
    }

    @Override
    public long getPos() {
      return pos;
    }

    @Override
    public boolean seekToNewSource(long targetPos) {
      return false;
    }

    @Override
    public void close() {
      closes.incrementAndGet();
    }
  }

  @Test
  void aRetiredStreamClosesAfterTheReadHoldingItAndIsNotTakenAgain() throws IOException {
    Bytes bytes = new Bytes();
    AtomicInteger closed = new AtomicInteger();
    TenantStream s = new TenantStream(new FSDataInputStream(bytes), null, closed::incrementAndGet);
    assertThat(s.acquire()).isTrue();
    s.retire();
    assertThat(bytes.closes.get()).as("a read holds it").isZero();
    assertThat(s.in().read(7, new byte[4], 0, 4)).isEqualTo(4);
    assertThat(s.acquire()).as("retired: not taken again").isFalse();
    s.release();
    assertThat(bytes.closes.get()).isEqualTo(1);
    assertThat(closed.get()).isEqualTo(1);
    s.retire();
    assertThat(bytes.closes.get()).as("closed once").isEqualTo(1);
  }

  @Test
  void aRetiredClientClosesWithItsLastStream() throws IOException {
    FileSystem fs = new LocalFileSystem();
    TenantClient client = new TenantClient("t", fs, false, 0);
    Bytes bytes = new Bytes();
    TenantStream s = new TenantStream(new FSDataInputStream(bytes), client, () -> { });
    assertThat(client.add(s)).isTrue();
    assertThat(s.acquire()).isTrue();
    client.retire();
    assertThat(client.isClosed()).as("its stream is in use").isFalse();
    s.release();
    assertThat(bytes.closes.get()).isEqualTo(1);
    assertThat(client.isClosed()).isTrue();
    TenantStream late = new TenantStream(new FSDataInputStream(new Bytes()), client, () -> { });
    assertThat(client.add(late)).as("no stream joins a retired client").isFalse();
  }
}
