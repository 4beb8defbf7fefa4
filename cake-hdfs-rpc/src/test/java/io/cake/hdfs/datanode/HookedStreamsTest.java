package io.cake.hdfs.datanode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hooked block streams on their own, over a real file: every read passes the hook, which may
 * cut it short; the bytes and positions are the file's; a hook that throws in begin leaves nothing
 * to end and the position where it was; a read that throws still ends; close reaches the hook once.
 */
class HookedStreamsTest {
  @TempDir Path dir;

  /** Cuts every read to {@code cut} bytes, records positions, can be made to throw in begin. */
  static final class Hook implements BlockReadHook {
    final int cut;
    final boolean position;
    final List<Long> positions = new ArrayList<>();
    int begun;
    int ended;
    int closed;
    boolean failNext;

    Hook(int cut, boolean position) {
      this.cut = cut;
      this.position = position;
    }

    @Override
    public int begin(long pos, int wanted) throws IOException {
      assertThat(wanted).isPositive();
      if (failNext) {
        failNext = false;
        throw new java.io.InterruptedIOException("interrupted waiting for a disk slot");
      }
      begun++;
      positions.add(pos);
      return Math.min(cut, wanted);
    }

    @Override
    public void end() {
      ended++;
    }

    @Override
    public void close() {
      closed++;
    }

    @Override
    public boolean wantsPosition() {
      return position;
    }
  }

  private byte[] data(int n) {
    byte[] b = new byte[n];
    new Random(n).nextBytes(b);
    return b;
  }

  private Path file(byte[] b) throws IOException {
    Path p = dir.resolve("blk_" + b.length);
    Files.write(p, b);
    return p;
  }

  @Test
  void streamReadsAreCutShortAndReadTheFilesBytesAtTheirPositions() throws IOException {
    byte[] b = data(10_000);
    Hook hook = new Hook(777, true);
    ByteArrayOutputStream got = new ByteArrayOutputStream();
    try (HookedFileInputStream in = new HookedFileInputStream(new FileInputStream(file(b).toFile()), hook)) {
      byte[] buf = new byte[4096];
      for (int n; (n = in.read(buf, 0, buf.length)) > 0; ) {
        assertThat(n).isLessThanOrEqualTo(777);
        got.write(buf, 0, n);
      }
      assertThat(in.read()).isEqualTo(-1);
    }
    assertThat(got.toByteArray()).isEqualTo(b);
    assertThat(hook.begun).isEqualTo(hook.ended);
    for (int i = 0; i < 13; i++) {
      assertThat(hook.positions.get(i)).isEqualTo(777L * i);
    }
    assertThat(hook.closed).as("once, though FileDescriptor.closeAll calls close again").isEqualTo(1);
  }

  @Test
  void aHookThatThrowsInBeginLeavesNothingToEndAndThePositionWhereItWas() throws IOException {
    byte[] b = data(1_000);
    Hook hook = new Hook(100, false);
    try (HookedFileInputStream in = new HookedFileInputStream(new FileInputStream(file(b).toFile()), hook)) {
      byte[] first = new byte[100];
      assertThat(in.read(first)).isEqualTo(100);
      hook.failNext = true;
      assertThatThrownBy(() -> in.read(new byte[100])).isInstanceOf(java.io.InterruptedIOException.class);
      assertThat(hook.ended).isEqualTo(hook.begun);
      byte[] second = new byte[100];
      assertThat(in.read(second)).isEqualTo(100);
      assertThat(second).isEqualTo(Arrays.copyOfRange(b, 100, 200));
      assertThat(hook.positions).containsOnly(-1L);
    }
  }

  @Test
  void aReadThatFailsStillEnds() throws IOException {
    Hook hook = new Hook(100, false);
    FileInputStream raw = new FileInputStream(file(data(500)).toFile());
    HookedInputStream in = new HookedInputStream(new java.io.FilterInputStream(raw) {
      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        throw new IOException("disk error");
      }
    }, hook);
    assertThatThrownBy(() -> in.read(new byte[10], 0, 10)).hasMessage("disk error");
    assertThat(hook.begun).isEqualTo(1);
    assertThat(hook.ended).isEqualTo(1);
    in.close();
    assertThat(hook.closed).isEqualTo(1);
  }

  @Test
  void transferToIsCutShortAndALoopOfThemCopiesTheFile() throws IOException {
    byte[] b = data(50_000);
    Hook hook = new Hook(4096, false);
    ByteArrayOutputStream sink = new ByteArrayOutputStream();
    try (HookedFileInputStream in = new HookedFileInputStream(new FileInputStream(file(b).toFile()), hook);
        WritableByteChannel out = Channels.newChannel(sink)) {
      FileChannel ch = in.getChannel();
      assertThat(ch).isInstanceOf(HookedFileChannel.class).isSameAs(in.getChannel());
      long pos = 10;
      while (pos < b.length) {
        long n = ch.transferTo(pos, b.length - pos, out);
        assertThat(n).isBetween(1L, 4096L);
        pos += n;
      }
      assertThat(hook.positions.get(0)).isEqualTo(10L);
      assertThat(hook.positions.get(1)).isEqualTo(10L + 4096);
    }
    assertThat(sink.toByteArray()).isEqualTo(Arrays.copyOfRange(b, 10, b.length));
    assertThat(hook.begun).isEqualTo(hook.ended);
  }

  @Test
  void channelReadsFillOnlyWhatTheHookAllowsAndMoveTheBufferBySo() throws IOException {
    byte[] b = data(3_000);
    Hook hook = new Hook(500, true);
    try (HookedFileInputStream in = new HookedFileInputStream(new FileInputStream(file(b).toFile()), hook)) {
      FileChannel ch = in.getChannel();
      ByteBuffer dst = ByteBuffer.allocate(2_000);
      dst.position(100);
      assertThat(ch.read(dst, 1_000)).isEqualTo(500);
      assertThat(dst.position()).isEqualTo(600);
      assertThat(dst.limit()).as("the caller's limit untouched").isEqualTo(2_000);
      assertThat(Arrays.copyOfRange(dst.array(), 100, 600)).isEqualTo(Arrays.copyOfRange(b, 1_000, 1_500));
      assertThat(hook.positions).containsExactly(1_000L);
      ByteBuffer seq = ByteBuffer.allocate(800);
      assertThat(ch.read(seq)).isEqualTo(500);
      assertThat(Arrays.copyOfRange(seq.array(), 0, 500)).isEqualTo(Arrays.copyOfRange(b, 0, 500));
    }
  }

  @Test
  void aNonFileStreamGetsNoPosition() throws IOException {
    Hook hook = new Hook(3, true);
    try (HookedInputStream in = new HookedInputStream(new ByteArrayInputStream(new byte[] {1, 2, 3, 4, 5}), hook)) {
      byte[] b = new byte[5];
      assertThat(in.read(b, 0, 5)).isEqualTo(3);
      assertThat(in.read()).isEqualTo(4);
      assertThat(hook.positions).containsOnly(-1L);
      assertThat(in.read(b, 0, 0)).as("an empty read passes no hook").isZero();
      assertThat(hook.begun).isEqualTo(2);
    }
  }
}
