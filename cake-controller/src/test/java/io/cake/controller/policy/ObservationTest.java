package io.cake.controller.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.sched.FairQueueScheduler;
import io.cake.core.sched.Ticket;
import io.cake.core.tenant.ByteThroughputGoal;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.OperationType;
import io.cake.core.time.ManualClock;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * What the controller measures of a tenant whose goal is on one operation: a real first-level
 * scheduler's interval on a manual clock, and the same calls' latencies per operation as the
 * RegionServer keeps them beside it.
 */
class ObservationTest {
  private final ManualClock clock = new ManualClock();
  private final FairQueueScheduler<String> hbase = new FairQueueScheduler<>("hb", clock, 10, 1000, 1000);
  private final Map<OperationType, Histogram> front = new EnumMap<>(OperationType.class);

  /** {@code n} calls of front's {@code op}, each taking {@code ms}, one after another. */
  private void calls(OperationType op, int n, long ms) {
    for (int i = 0; i < n; i++) {
      hbase.offer("front", op.name(), 1);
      Ticket<String> t = hbase.poll(0);
      clock.advance(Duration.ofMillis(ms));
      hbase.complete(t);
      front.computeIfAbsent(op, o -> new Histogram(TimeUnit.MINUTES.toNanos(10), 3))
          .recordValue(TimeUnit.MILLISECONDS.toNanos(ms));
    }
  }

  private SchedulerSnapshot roll() {
    clock.advance(Duration.ofSeconds(10));
    return hbase.rollMetrics();
  }

  @Test
  void aGoalOnGetsReadsTheGetsLatenciesAndCountAndIgnoresTheTenantsSlowScans() {
    calls(OperationType.GET, 200, 5);
    calls(OperationType.SCAN, 20, 800);
    SchedulerSnapshot snap = roll();
    HBaseInterval interval = new HBaseInterval(snap, new OperationLatencies(snap.endNanos(), Map.of("front", front)));
    ResourceLoad hdfs = ResourceLoad.of(snap);

    Observation onGets = Observation.of("front", LatencyGoal.of(99, 100, OperationType.GET), 0.5, interval, hdfs);
    Observation onAll = Observation.of("front", LatencyGoal.of(99, 100), 0.5, interval, hdfs);
    Observation onScans = Observation.of("front", LatencyGoal.of(99, 100, OperationType.SCAN), 0.5, interval, hdfs);
    Observation onMutations =
        Observation.of("front", LatencyGoal.of(99, 100, OperationType.MUTATION), 0.5, interval, hdfs);

    assertThat(onGets.samples()).isEqualTo(200);
    assertThat(onGets.measured()).isCloseTo(5, within(0.05));
    assertThat(onAll.samples()).isEqualTo(220);
    assertThat(onAll.measured()).as("every call: the scans are the tail").isCloseTo(800, within(8.0));
    assertThat(onScans.samples()).isEqualTo(20);
    assertThat(onScans.measured()).isCloseTo(800, within(8.0));
    assertThat(onMutations.samples()).as("none: too few to steer by").isZero();
    assertThat(onMutations.measured()).isNaN();
    // Queues are per tenant: occupancy and busy slots are the tenant's whatever the goal.
    for (Observation o : new Observation[] {onGets, onScans, onMutations}) {
      assertThat(o.hbaseOccupancy()).isEqualTo(onAll.hbaseOccupancy());
      assertThat(o.hbaseBusy()).isEqualTo(onAll.hbaseBusy()).isPositive();
      assertThat(o.hbaseSlots()).isEqualTo(10);
    }
  }

  @Test
  void anMbPerSecondGoalIsMeasuredFromTheBytesTheDataNodeServedOverItsInterval() {
    // The DataNode's cost unit is bytes: 150 chunks of 64 KB for batch in a 10 s interval.
    FairQueueScheduler<String> dataNode = new FairQueueScheduler<>("df", clock, 6, 1000, 1000);
    for (int i = 0; i < 150; i++) {
      dataNode.offer("batch", "chunk", 65_536);
      Ticket<String> t = dataNode.poll(0);
      clock.advance(Duration.ofMillis(2));
      dataNode.complete(t);
    }
    calls(OperationType.SCAN, 3, 5); // a few HBase calls: an MB/s goal does not count them
    SchedulerSnapshot hb = roll();
    ResourceLoad hdfs = ResourceLoad.of(dataNode.rollMetrics());
    double mbps = 150 * 65_536 / 1e6 / (10 + 150 * 0.002 + 3 * 0.005); // the interval is the clock's since start

    Observation o = Observation.of("batch", new ByteThroughputGoal(0.5), 0.5, HBaseInterval.tenantsOnly(hb), hdfs);

    assertThat(o.measured()).isCloseTo(mbps, within(1e-9));
    assertThat(new ByteThroughputGoal(0.5).normalisedPerformance(o.measured())).isGreaterThan(1.0);
    assertThat(new ByteThroughputGoal(2).normalisedPerformance(o.measured())).isLessThan(1.0);
    assertThat(o.hdfsBusy()).isPositive();
    // A tenant that read nothing measures 0 MB/s; a load without the rate (an older DataNode) NaN.
    assertThat(Observation.of("idle", new ByteThroughputGoal(1), 0.5, HBaseInterval.tenantsOnly(hb), hdfs).measured())
        .isZero();
    ResourceLoad unmeasured = new ResourceLoad(6, Map.of("batch", new ResourceLoad.TenantLoad(0.2, 1.0)));
    assertThat(Observation.of("batch", new ByteThroughputGoal(1), 0.5, HBaseInterval.tenantsOnly(hb), unmeasured)
        .measured()).isNaN();
  }

  @Test
  void theWindowsPercentileIsSteeredForTheOperationsCallsOnly() {
    calls(OperationType.GET, 149, 5);
    calls(OperationType.GET, 1, 50);
    calls(OperationType.SCAN, 10_000, 1);
    SchedulerSnapshot snap = roll();
    HBaseInterval interval = new HBaseInterval(snap, new OperationLatencies(snap.endNanos(), Map.of("front", front)));
    Observation o = Observation.of("front", LatencyGoal.of(99, 100, OperationType.GET), 0.95, interval,
        ResourceLoad.of(snap));
    assertThat(o.samples()).isEqualTo(150);
    // A window of 150 gets is held at its p99.76, its slowest get; steered for the tenant's 10,150
    // calls it would be a p99.15, one of the 5 ms gets.
    assertThat(o.measured()).isCloseTo(50, within(0.5));
    double forAll = WindowPercentile.steer(99, 10_150, 0.95);
    assertThat(io.cake.core.metrics.LatencySummary.percentileMs(front.get(OperationType.GET), forAll))
        .isCloseTo(5, within(0.05));
  }

  @Test
  void aPooledTailReadsTheSteeredPercentileFromTheLastIntervalsButForOneIntervalsWindow() {
    LatencyGoal goal = LatencyGoal.of(99, 100);
    TailPool pool = new TailPool(2, 0);
    // Interval 1: 150 gets, the slowest 10 at 40 ms. Interval 2: 150 gets at 5 ms.
    calls(OperationType.GET, 140, 5);
    calls(OperationType.GET, 10, 40);
    SchedulerSnapshot first = roll();
    Observation o1 = Observation.of("front", goal, 0.95, HBaseInterval.tenantsOnly(first), ResourceLoad.of(first), pool);
    calls(OperationType.GET, 150, 5);
    SchedulerSnapshot second = roll();
    Observation alone = Observation.of("front", goal, 0.95, HBaseInterval.tenantsOnly(second), ResourceLoad.of(second));
    Observation pooled = Observation.of("front", goal, 0.95, HBaseInterval.tenantsOnly(second), ResourceLoad.of(second), pool);

    assertThat(o1.measured()).isGreaterThanOrEqualTo(40);
    assertThat(alone.measured()).as("the last interval alone").isCloseTo(5, within(0.05));
    // Pooled: 300 gets, the steered percentile still a window of 150's (p99.76), read from both.
    assertThat(pooled.samples()).isEqualTo(150);
    assertThat(pooled.percentile()).isEqualTo(alone.percentile());
    Histogram both = first.tenant("front").orElseThrow().latencyNanos().copy();
    both.add(second.tenant("front").orElseThrow().latencyNanos());
    assertThat(pooled.measured()).isEqualTo(TailPercentile.ms(both, alone.percentile())).isGreaterThanOrEqualTo(40);
  }
}
