package io.cake.hbase.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.tenant.OperationType;
import io.cake.core.time.ManualClock;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.ipc.StubCalls;
import org.junit.jupiter.api.Test;

/**
 * What the controller reads of the RegionServer for a goal on one operation: the last interval's
 * tenants and its latencies per operation, rolled together. Real CakeRpcScheduler and
 * CallRunners on a manual clock: each call's body moves the clock by its service time, one call
 * at a time, so every latency is known (give or take the millisecond-resolution wait before the
 * call was queued).
 */
class LastIntervalTest {
  private final ManualClock clock = new ManualClock();

  @Test
  void theLastIntervalHoldsEachOperationsLatencyHistogramOfTheSameIntervalAsTheTenants() throws Exception {
    // No timed roll during the test: the test closes the interval.
    CakeRpcScheduler s = StartedSchedulers.start(StartedSchedulers.conf("cake.hbase.metrics.interval-ms", "3600000"),
        null, clock);
    try {
      RegionServerScheduler rs = s.cake();
      assertThat(rs.lastInterval().operations().endNanos()).as("before the first roll too")
          .isEqualTo(rs.lastInterval().tenants().endNanos());
      run(s, OperationType.SCAN, 1, 800);
      run(s, OperationType.GET, 3, 5);
      clock.advance(Duration.ofSeconds(10));
      SchedulerSnapshot rolled = rs.rollMetrics();

      RegionServerScheduler.Interval last = rs.lastInterval();
      assertThat(last.tenants()).isSameAs(rolled);
      assertThat(last.operations().startNanos()).isEqualTo(rolled.startNanos());
      assertThat(last.operations().endNanos()).isEqualTo(rolled.endNanos());
      assertThat(rolled.tenant("front").orElseThrow().completions()).isEqualTo(4);
      OperationStats.Row gets = last.operations().row("front", OperationType.GET).orElseThrow();
      OperationStats.Row scans = last.operations().row("front", OperationType.SCAN).orElseThrow();
      assertThat(gets.latencyNanos().getTotalCount()).isEqualTo(3);
      assertThat(gets.latencyNanos().getMaxValue()).isBetween(ms(5), ms(100));
      assertThat(scans.latencyNanos().getTotalCount()).isEqualTo(1);
      assertThat(scans.latencyNanos().getMinValue()).isGreaterThanOrEqualTo(ms(800) * 99 / 100); // 2 digits
      assertThat(gets.latency().p99Ms()).as("the summary is of the same histogram")
          .isEqualTo(io.cake.core.metrics.LatencySummary.ofNanos(gets.latencyNanos()).p99Ms());
    } finally {
      s.stop();
    }
  }

  /** {@code n} calls of tenant front's {@code op}, one after another, each moving the clock {@code ms}. */
  private void run(CakeRpcScheduler s, OperationType op, int n, long ms) throws InterruptedException {
    OperationStats stats = s.cake().operationStats();
    for (int i = 0; i < n; i++) {
      Runnable body = () -> clock.advance(Duration.ofMillis(ms));
      long before = stats.totalCompletions("front", op);
      assertThat(s.dispatch(op == OperationType.SCAN ? StubCalls.scan("front", body) : StubCalls.get("front", body)))
          .isTrue();
      HandlerErrorAbortTest.await(op + " " + i + " booked", () -> stats.totalCompletions("front", op) == before + 1);
    }
  }

  private static long ms(long ms) {
    return TimeUnit.MILLISECONDS.toNanos(ms);
  }
}
