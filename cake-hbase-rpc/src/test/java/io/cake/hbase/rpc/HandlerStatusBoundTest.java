package io.cake.hbase.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.metrics.TenantMetrics;
import java.lang.management.ManagementFactory;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ipc.StubCalls;
import org.apache.hadoop.hbase.monitoring.TaskMonitor;
import org.junit.jupiter.api.Test;

/**
 * Hostile: AIMD (or the controller, or an operator) resizes the handler pool all day, and every new
 * handler thread that serves a call needs a MonitoredRPCHandler from HBase's TaskMonitor, which
 * never forgets an RPC status. Real scheduler, real TaskMonitor, real CallRunners (StubCalls).
 */
class HandlerStatusBoundTest {
  private static final int MIN = 4;
  private static final int MAX = 8;
  private static final int RESIZES = 10_000;

  @Test
  void tenThousandPoolResizesLeaveThreadsAndTaskMonitorBounded() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set("cake.hbase.jmx.enabled", "false");
    conf.set("cake.hbase.aimd.enabled", "false");
    conf.setInt("cake.hbase.aimd.min", MIN);
    conf.setInt("cake.hbase.aimd.max", MAX);
    conf.setInt("cake.hbase.handlers.initial", MIN);
    TaskMonitor monitor = TaskMonitor.get(); // starts its own thread once per JVM
    int tasks0 = monitor.getTasks().size();
    CakeRpcScheduler s = StartedSchedulers.start(conf, null);
    try {
      int threads0 = threadCount();
      long calls = 0;
      for (int resize = 0; resize < RESIZES; resize += 2) {
        // Through both controls, between two sizes.
        if (resize % 4 == 0) {
          s.cake().setPoolBounds(MIN, MAX);
          s.cake().setPoolSize(MAX);
        } else {
          s.cake().setPoolBounds(MAX, MAX);
        }
        assertThat(s.cake().slots()).isEqualTo(MAX);
        calls += busyEverySlot(s);
        if (resize % 4 == 0) {
          s.cake().setPoolSize(MIN);
        } else {
          s.cake().setPoolBounds(MIN, MIN);
        }
        assertThat(s.cake().slots()).isEqualTo(MIN);
      }
      long all = calls;
      HandlerErrorAbortTest.await("every call done", () -> {
        TenantMetrics m = s.cake().queues().metrics("t");
        return m.totalCompletions() == all;
      });
      // Retired handlers end once idle: the thread count comes back down.
      HandlerErrorAbortTest.await("retired handlers ended", () -> s.cake().handlerThreads() == MIN
          && threadCount() <= threads0 + 2);
      int tasks = monitor.getTasks().size();
      System.out.printf("CAKE handler statuses: %d resizes, %d calls; threads %d -> %d, TaskMonitor tasks %d -> %d%n",
          RESIZES, all, threads0, threadCount(), tasks0, tasks);
      assertThat(tasks).as("TaskMonitor tasks after %d resizes", RESIZES).isLessThanOrEqualTo(tasks0 + MAX + 2);
      assertThat(s.cake().handlerStatuses()).as("one per slot").isEqualTo(MAX);
    } finally {
      s.stop();
    }
  }

  /** One call on every handler at once, so each handler thread runs a call. Returns the calls. */
  private static int busyEverySlot(CakeRpcScheduler s) throws InterruptedException {
    CountDownLatch arrived = new CountDownLatch(MAX);
    CountDownLatch release = new CountDownLatch(1);
    for (int i = 0; i < MAX; i++) {
      assertThat(s.dispatch(StubCalls.get("t", () -> {
        arrived.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }))).isTrue();
    }
    assertThat(arrived.await(30, TimeUnit.SECONDS)).as("a call on each of %d handlers", MAX).isTrue();
    release.countDown();
    return MAX;
  }

  private static int threadCount() {
    return ManagementFactory.getThreadMXBean().getThreadCount();
  }
}
