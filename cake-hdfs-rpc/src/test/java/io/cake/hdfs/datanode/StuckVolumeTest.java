package io.cake.hdfs.datanode;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.time.ManualClock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * Hostile: reads hold their disk slots for good (a hung volume). With one gate per DataNode every
 * other read, on every volume, would wait behind them for ever, and the DataXceiver threads pile
 * up to dfs.datanode.max.transfer.threads. So the stuck reads are written off after {@link
 * HdfsSchedulerConfig#STUCK_READ_MS_KEY} and, as a last resort, waits time out into ungated reads.
 * On a real DataNode: {@link StuckVolumeIT}.
 */
class StuckVolumeTest {
  @Test
  void readsBehindAStuckSlotGoUngatedOnceNothingTurnsOverAndAreCounted() throws Exception {
    ManualClock clock = new ManualClock();
    try (DataNodeReadScheduler s = new DataNodeReadScheduler("hdfs-stuck", config(1, HdfsSchedulerConfig.DEFAULT_STALL_TIMEOUT_MS), clock)) {
      DataNodeReadScheduler.ReadSession hung = s.openSession("batch", "DFSClient_attempt_x");
      hung.begin(65536); // never ends: the volume does not answer

      DataNodeReadScheduler.ReadSession other = s.openSession("front", "DFSClient_cake_front_1_1");
      CompletableFuture<Integer> read = CompletableFuture.supplyAsync(() -> {
        try {
          return other.begin(65536);
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      waitUntil(() -> s.waiting() == 1);
      clock.advance(Duration.ofMillis(HdfsSchedulerConfig.DEFAULT_STALL_TIMEOUT_MS));
      assertThat(read.get(30, TimeUnit.SECONDS)).as("read ungated, not lost").isEqualTo(65536);
      other.end();
      other.close();
      assertThat(s.ungatedReads()).isEqualTo(1);
      assertThat(s.inFlight()).as("only the hung read holds a slot").isEqualTo(1);

      hung.end(); // the volume answers again: reads are gated again
      hung.close();
      DataNodeReadScheduler.ReadSession next = s.openSession("front", "DFSClient_cake_front_1_1");
      next.begin(65536);
      assertThat(s.holding()).isEqualTo(1);
      next.end();
      next.close();
      assertThat(s.ungatedReads()).isEqualTo(1);
      assertThat(s.holding()).isZero();
    }
  }

  @Test
  void readsStuckOnOneVolumeAreWrittenOffSoOtherVolumesGetTheirSlots() throws Exception {
    ManualClock clock = new ManualClock();
    // The stall timeout (the last resort) is far away: only the write-off can free the slots.
    try (DataNodeReadScheduler s = new DataNodeReadScheduler("hdfs-hung", config(2, 600_000), clock)) {
      DataNodeReadScheduler.ReadSession hung1 = s.openSession("batch", "DFSClient_attempt_x", "vol-a");
      DataNodeReadScheduler.ReadSession hung2 = s.openSession("batch", "DFSClient_attempt_y", "vol-a");
      hung1.begin(65536); // every slot now waits on vol-a, which does not answer
      hung2.begin(65536);

      DataNodeReadScheduler.ReadSession other = s.openSession("front", "DFSClient_cake_front_1_1", "vol-b");
      CompletableFuture<Integer> read = beginAsync(other);
      waitUntil(() -> s.waiting() == 1);
      clock.advance(Duration.ofMillis(HdfsSchedulerConfig.DEFAULT_STUCK_READ_MS - 1));
      assertThat(s.writeOffStuckReads()).as("not stuck yet").isZero();
      assertThat(read).isNotDone();
      clock.advance(Duration.ofMillis(1));
      assertThat(s.writeOffStuckReads()).isEqualTo(2);
      assertThat(read.get(30, TimeUnit.SECONDS)).isEqualTo(65536);
      assertThat(s.holding()).as("vol-b's read got a real slot").isEqualTo(1);
      assertThat(s.stuckVolumes()).containsExactly("vol-a");
      other.end();
      other.close();

      DataNodeReadScheduler.ReadSession more = s.openSession("batch", "DFSClient_attempt_z", "vol-a");
      assertThat(more.begin(65536)).as("vol-a's new reads skip the gate").isEqualTo(65536);
      assertThat(s.ungatedReads()).isEqualTo(1);
      assertThat(s.holding()).isZero();
      more.end();
      more.close();

      hung1.end(); // vol-a answers again
      hung1.close();
      hung2.end();
      hung2.close();
      assertThat(s.stuckVolumes()).isEmpty();
      DataNodeReadScheduler.ReadSession again = s.openSession("batch", "DFSClient_attempt_z", "vol-a");
      again.begin(65536);
      assertThat(s.holding()).as("gated again").isEqualTo(1);
      again.end();
      again.close();
      assertThat(s.holding()).isZero();
      assertThat(s.lent()).isZero();
      assertThat(s.stuckReads()).isEqualTo(2);
      assertThat(s.ungatedReads()).isEqualTo(1);
    }
  }

  /**
   * Hostile (issue 56, defect 10): a disk slow because it is busy, every read coming back after 700
   * ms. A read then taking 1.5 s is that disk's tail, not a hang: a fixed 1 s would un-gate the
   * volume. Written off only past four times the longest read that came back.
   */
  @Test
  void aSlowButHealthyDiskIsNotTakenForAHungOne() throws Exception {
    ManualClock clock = new ManualClock();
    try (DataNodeReadScheduler s = new DataNodeReadScheduler("hdfs-slow", config(2, 600_000), clock)) {
      for (int i = 0; i < 5; i++) {
        DataNodeReadScheduler.ReadSession r = s.openSession("batch", "DFSClient_attempt_x", "vol-a");
        r.begin(65536);
        clock.advance(Duration.ofMillis(700));
        assertThat(s.writeOffStuckReads()).isZero();
        r.end();
        r.close();
      }
      DataNodeReadScheduler.ReadSession slow = s.openSession("batch", "DFSClient_attempt_x", "vol-a");
      slow.begin(65536);
      clock.advance(Duration.ofMillis(1500));
      assertThat(s.writeOffStuckReads()).as("a busy disk's tail read is not stuck").isZero();
      DataNodeReadScheduler.ReadSession next = s.openSession("front", "DFSClient_cake_front_1_1", "vol-a");
      next.begin(65536);
      assertThat(s.holding()).as("the volume's reads are still gated").isEqualTo(2);
      next.end();
      next.close();
      clock.advance(Duration.ofMillis(4 * 700 - 1500 - 1));
      assertThat(s.writeOffStuckReads()).isZero();
      clock.advance(Duration.ofMillis(1));
      assertThat(s.writeOffStuckReads()).as("four times the longest read: hung").isEqualTo(1);
      slow.end();
      slow.close();
      assertThat(s.ungatedReads()).isZero();
      assertThat(s.holding()).isZero();
    }
  }

  /** No timer, no JMX, {@code slots} disk slots, the default stuck-read time. */
  private static HdfsSchedulerConfig config(int slots, long stallMs) {
    Configuration conf = new Configuration(false);
    conf.setLong(HdfsSchedulerConfig.METRICS_INTERVAL_MS_KEY, 0);
    conf.setBoolean(HdfsSchedulerConfig.JMX_KEY, false);
    conf.setInt(HdfsSchedulerConfig.SOFT_LIMIT_KEY, slots);
    conf.setLong(HdfsSchedulerConfig.STALL_TIMEOUT_MS_KEY, stallMs);
    return HdfsSchedulerConfig.from(conf);
  }

  private static CompletableFuture<Integer> beginAsync(DataNodeReadScheduler.ReadSession session) {
    return CompletableFuture.supplyAsync(() -> {
      try {
        return session.begin(65536);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
  }

  private static void waitUntil(java.util.function.BooleanSupplier condition) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not reached in 10 s");
      }
      Thread.yield();
    }
  }
}
