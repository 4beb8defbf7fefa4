package io.cake.hdfs.datanode;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.time.ManualClock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * Hostile: one read holds its disk slot for good (a hung volume). With one gate per DataNode every
 * other read, on every volume, used to wait behind it for ever, and the DataXceiver threads piled
 * up to dfs.datanode.max.transfer.threads.
 */
class StuckVolumeTest {
  @Test
  void readsBehindAStuckSlotGoUngatedOnceNothingTurnsOverAndAreCounted() throws Exception {
    ManualClock clock = new ManualClock();
    Configuration conf = new Configuration(false);
    conf.setLong(HdfsSchedulerConfig.METRICS_INTERVAL_KEY, 0);
    conf.setBoolean(HdfsSchedulerConfig.JMX_KEY, false);
    conf.setInt(HdfsSchedulerConfig.SOFT_LIMIT_KEY, 1);
    try (DataNodeReadScheduler s = new DataNodeReadScheduler("hdfs-stuck", HdfsSchedulerConfig.from(conf), clock)) {
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
