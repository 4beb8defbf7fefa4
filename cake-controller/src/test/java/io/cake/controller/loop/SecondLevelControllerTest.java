package io.cake.controller.loop;

import io.cake.controller.policy.OperationLatencies;
import io.cake.controller.policy.ResourceLoad;
import io.cake.controller.policy.HBaseInterval;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.cake.controller.policy.SloTarget;
import io.cake.controller.jmx.Controller;
import io.cake.controller.jmx.ControllerMXBean;
import io.cake.controller.jmx.SloMeasurement;
import io.cake.controller.policy.ControllerParams;
import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.sched.Allocation;
import io.cake.core.sched.FairQueueScheduler;
import io.cake.core.sched.Ticket;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.OperationType;
import io.cake.core.time.ManualClock;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

/** The loop body around real first-level schedulers on a manual clock. */
class SecondLevelControllerTest {
  private final ManualClock clock = new ManualClock();
  private final FairQueueScheduler<String> hbase = new FairQueueScheduler<>("hb", clock, 10, 1000, 1000);
  private final FairQueueScheduler<String> hdfs = new FairQueueScheduler<>("df", clock, 6, 1000, 1000);
  private final AtomicBoolean hdfsUp = new AtomicBoolean(true);
  private final AtomicBoolean hdfsRefusesWrites = new AtomicBoolean(false);
  private final AtomicBoolean hbaseRefusesWrites = new AtomicBoolean(false);
  private final java.util.concurrent.atomic.AtomicInteger intervalReads = new java.util.concurrent.atomic.AtomicInteger();
  private Runnable afterRead = () -> {};
  /** What the site file and the policy store give HBase, as the RegionServer's scheduler reports it. */
  private final java.util.concurrent.atomic.AtomicReference<Allocation> configured = new java.util.concurrent.atomic.AtomicReference<>();
  /** The policy store as the RegionServer read it. */
  private final java.util.concurrent.atomic.AtomicReference<io.cake.core.policy.StoredPolicy> stored =
      new java.util.concurrent.atomic.AtomicReference<>(io.cake.core.policy.StoredPolicy.EMPTY);

  private final SecondLevelController.HBasePort hbasePort =
      new SecondLevelController.HBasePort() {
        /** Every call here is a get; {@link #afterRead} runs once the interval is read. */
        @Override
        public HBaseInterval lastInterval() {
          intervalReads.incrementAndGet();
          SchedulerSnapshot s = hbase.lastSnapshot();
          java.util.Map<String, java.util.Map<OperationType, org.HdrHistogram.Histogram>> gets = new java.util.TreeMap<>();
          s.tenants().forEach((t, snap) -> gets.put(t, java.util.Map.of(OperationType.GET, snap.latencyNanos())));
          HBaseInterval read = new HBaseInterval(s, new OperationLatencies(s.endNanos(), gets));
          afterRead.run();
          return read;
        }

        @Override
        public String name() {
          return "hb";
        }

        @Override
        public ResourceLoad load() {
          return ResourceLoad.of(hbase.lastSnapshot());
        }

        @Override
        public Allocation allocation() {
          return hbase.allocation();
        }

        @Override
        public void setAllocation(Allocation a) {
          if (hbaseRefusesWrites.get()) {
            throw new IllegalArgumentException("reservations do not fit the pool");
          }
          hbase.setAllocation(a);
        }

        @Override
        public Allocation configured() {
          return configured.get();
        }

        @Override
        public io.cake.core.policy.StoredPolicy stored() {
          return stored.get();
        }

        @Override
        public void setOthersLimit(java.util.Set<String> exempt, double handlers) {
          // As the RegionServer's scheduler applies it.
          hbase.setInServiceCaps(io.cake.hbase.rpc.HandlerLimits.inServiceCaps(0, exempt,
              io.cake.hbase.rpc.HandlerLimits.othersInService(handlers)));
          hbase.setLimits(io.cake.hbase.rpc.HandlerLimits.othersTime(exempt, handlers));
        }
      };

  private final FirstLevelPort hdfsPort =
      new FirstLevelPort() {
        @Override
        public String name() {
          return "df";
        }

        @Override
        public ResourceLoad load() {
          return ResourceLoad.of(hdfs.lastSnapshot());
        }

        @Override
        public Allocation allocation() {
          return hdfs.allocation();
        }

        @Override
        public void setAllocation(Allocation a) throws IOException {
          if (hdfsRefusesWrites.get()) {
            throw new IOException("connection refused");
          }
          hdfs.setAllocation(a);
        }
      };

  private final SecondLevelController controller =
      new SecondLevelController(
          () -> hbasePort,
          () -> hdfsUp.get() ? hdfsPort : null,
          ControllerParams.DEFAULTS,
          java.util.List.of(SloTarget.latency("front", 99, 100)));

  /** One 10 s interval in which the front end completes 200 gets of {@code latencyMs} each. */
  private void interval(long latencyMs) {
    interval(java.util.Map.of("front", latencyMs));
  }

  @Test
  void aMissedSloMovesShareToTheLatencyTenantAtBothResources() {
    interval(300);
    Outcome o = controller.tick();

    assertThat(o.plan()).isNotNull();
    assertThat(o.summary()).contains("front").contains("SLO missed");
    // Start: front at weight 1 against the default weight 1 = 50%; perf 1/3 (a 3x miss) -> up by
    // 3 x 10% of 50% (the histogram's bucket for 300 ms reads a little above 300, hence the slack).
    double share = controller.allocation("front").share();
    assertThat(share).isCloseTo(0.65, org.assertj.core.api.Assertions.within(0.002));
    double fraction = hbase.allocation().share("front") / (hbase.allocation().share("front") + hbase.allocation().defaultShare());
    assertThat(fraction).isCloseTo(share, org.assertj.core.api.Assertions.within(1e-9));
    assertThat(hdfs.allocation().share("front")).isEqualTo(hbase.allocation().share("front"));
    // It never waited at the DataNode nor read there: a 3x miss share cannot help holds the others
    // back by the miss, from the one handler they could hold, to a third of one's time.
    assertThat(controller.othersLimit()).isCloseTo(1.0 / 3, within(0.01));
    assertThat(hbase.maxInService("batch")).isEqualTo(1);
    assertThat(hbase.limits().rate("batch")).isCloseTo(1e6 / 3, within(1e4));
    assertThat(hbase.limits().rate("front")).as("the SLO tenant is exempt").isZero();
  }

  @Test
  void aWeightAnOperatorConfiguresForATenantWithoutAnSloOutlivesTheNextDecision() {
    // Hostile: rebuilt from the base taken at its first decision, the controller put batch's
    // weight back to 1 at its next decision, undoing the operator's store or file change.
    configured.set(Allocation.equalShares());
    interval(300);
    controller.tick();
    Allocation operator = Allocation.equalShares().withShare("batch", 3.0);
    configured.set(operator);
    hbase.setAllocation(hbase.allocation().withShare("batch", 3.0)); // as the scheduler applies a changed file
    interval(300);
    assertThat(controller.tick().plan()).isNotNull();
    // The controller scales the others' weights by what it gives the SLO tenant; between
    // themselves they keep the operator's 3 to 1.
    assertThat(hbase.allocation().share("batch") / hbase.allocation().defaultShare()).isCloseTo(3.0, within(1e-9));
    interval(300);
    controller.tick();
    assertThat(hbase.allocation().share("batch") / hbase.allocation().defaultShare()).isCloseTo(3.0, within(1e-9));
  }

  @Test
  void theStoresShareAndReservationForATenantWithoutAnSloReachTheDataNodeAndLeaveWithIt() {
    // Hostile: the DataNode reads no store, and the controller set it only for the SLO tenants,
    // so a stored weight or reservation for batch held at HBase alone.
    interval(300);
    controller.tick();
    io.cake.core.policy.TenantEntry batch = io.cake.core.policy.TenantEntry.empty("batch")
        .with(io.cake.core.policy.TenantEntry.SHARE, "3").with(io.cake.core.policy.TenantEntry.RESERVATION, "9");
    stored.set(new io.cake.core.policy.StoredPolicy(1, java.util.List.of(batch), java.util.Map.of()));
    interval(300);
    controller.tick();
    assertThat(hdfs.allocation().share("batch") / hdfs.allocation().defaultShare()).isCloseTo(3.0, within(1e-9));
    // 9 reserved disk slots do not fit the DataNode's 6: cut to what it can reserve.
    assertThat(hdfs.allocation().reservation("batch")).isEqualTo(Allocation.maxReservable(6) - hdfs.allocation().reservation("front"));
    stored.set(io.cake.core.policy.StoredPolicy.EMPTY); // cake tenant drop batch
    interval(300);
    controller.tick();
    assertThat(hdfs.allocation().share("batch")).isEqualTo(hdfs.allocation().defaultShare());
    assertThat(hdfs.allocation().reservation("batch")).isZero();
  }

  @Test
  void eachSloTenantsBeanShowsItsGoalAndTheLastVerdictInBaseUnits() {
    io.cake.controller.jmx.ControllerSlo front = new io.cake.controller.jmx.ControllerSlo(() -> controller, "front");
    assertThat(front.getMet()).as("nothing judged yet").isNaN();
    interval(300);
    controller.tick();
    assertThat(front.getTargetSeconds()).isEqualTo(0.1);
    assertThat(front.getPercentile()).isEqualTo(99.0);
    assertThat(front.getMeasuredSeconds()).isGreaterThan(0.3).isLessThan(0.32);
    assertThat(front.getMet()).isZero();
    assertThat(front.getTargetOpsPerSecond()).isNaN();
    for (int i = 0; i < 3; i++) { // the tail is pooled over the last intervals: let the slow one pass
      interval(20);
      controller.tick();
    }
    assertThat(front.getMet()).isEqualTo(1.0);
    assertThat(new io.cake.controller.jmx.ControllerSlo(() -> controller, "batch").getTargetSeconds()).as("no SLO").isNaN();
  }

  @Test
  void anIntervalAlreadyDecidedOnIsNotDecidedAgain() {
    interval(300);
    Outcome decided = controller.tick();
    Allocation after = hbase.allocation();
    Outcome again = controller.tick();
    assertThat(again.plan()).isNull();
    assertThat(again.summary()).contains("no new HBase interval");
    assertThat(hbase.allocation()).isEqualTo(after);
    assertThat(controller.last()).as("operators still see the decision").isSameAs(decided);
  }

  @Test
  void aGoalOnOneOperationIsDecidedOnTheOneIntervalTheTickRead() {
    controller.setSlo(new SloTarget("front", LatencyGoal.of(99, 100, OperationType.GET)));
    interval(300);
    // Another interval closes during the tick: HBase is read once, so the decision is on the
    // interval read, its tenants and its gets alike.
    afterRead = () -> {
      afterRead = () -> {};
      interval(5);
    };
    Outcome o = controller.tick();
    assertThat(intervalReads).hasValue(1);
    assertThat(o.plan()).as(o.summary()).isNotNull();
    assertThat(o.summary()).contains("p99.0 <= 100.0 ms (GET)").contains("samples=200").contains("SLO missed");

    // The interval that closed during it is the next tick's: its 200 gets are the samples, and
    // its tail is read pooled with the 300 ms interval before it (tail-intervals 2).
    o = controller.tick();
    assertThat(intervalReads).hasValue(2);
    assertThat(o.plan()).as(o.summary()).isNotNull();
    assertThat(o.summary()).contains("samples=200");
    assertThat(o.measured("front").value()).as("the pool's tail: the 300 ms gets").isGreaterThan(299);
    // One more 5 ms interval and the 300 ms one has left the pool.
    interval(5);
    o = controller.tick();
    assertThat(o.measured("front").value()).as("the 5 ms gets").isCloseTo(5, within(0.05));
  }

  @Test
  void anUnreachableOrFailingDataNodeKeepsTheLastAllocation() {
    interval(300);
    controller.tick();
    double share = controller.allocation("front").share();
    Allocation hbaseBefore = hbase.allocation();
    Allocation hdfsBefore = hdfs.allocation();

    hdfsUp.set(false);
    interval(300);
    assertThat(controller.tick().summary()).contains("not reachable");
    hdfsUp.set(true);
    hdfsRefusesWrites.set(true);
    assertThat(controller.tick().summary()).contains("connection refused");

    assertThat(hbase.allocation()).isEqualTo(hbaseBefore);
    assertThat(hdfs.allocation()).isEqualTo(hdfsBefore);
    assertThat(controller.failures()).isEqualTo(2);
    assertThat(controller.allocation("front").share()).as("state not advanced").isEqualTo(share);

    hdfsRefusesWrites.set(false);
    Outcome recovered = controller.tick();
    assertThat(recovered.plan()).isNotNull();
    assertThat(controller.allocation("front").share()).isGreaterThan(share);
  }

  @Test
  void pausedMeansHandsOff() {
    controller.pause();
    interval(300);
    assertThat(controller.tick().summary()).contains("paused");
    assertThat(hbase.allocation()).isEqualTo(Allocation.equalShares());
    controller.resume();
    assertThat(controller.tick().plan()).isNotNull();
  }

  @Test
  void aLooserSloGivesShareBack() {
    interval(300);
    controller.tick();
    double missed = controller.allocation("front").share();
    controller.setSlo(SloTarget.latency("front", 99, 1000));
    interval(300);
    controller.tick();
    assertThat(controller.allocation("front").share()).isLessThan(missed);
  }

  @Test
  void aRefusedHBaseApplyLeavesTheDataNodeAsItWas() {
    // Hostile: a DataNode that took the decision first would keep it when HBase refused.
    interval(300);
    hbaseRefusesWrites.set(true);
    assertThat(controller.tick().summary()).contains("do not fit");
    assertThat(hdfs.allocation()).isEqualTo(Allocation.equalShares());
    assertThat(hbase.allocation()).isEqualTo(Allocation.equalShares());

    hbaseRefusesWrites.set(false);
    assertThat(controller.tick().plan()).isNotNull();
    assertThat(hdfs.allocation().share("front")).isEqualTo(hbase.allocation().share("front")).isGreaterThan(1.0);
  }

  /** One interval in which each tenant completes 200 gets of its latency in ms. */
  private void interval(java.util.Map<String, Long> latencyMs) {
    interval(200, latencyMs);
  }

  /** One 10 s interval in which each tenant completes {@code calls} gets of its latency in ms. */
  private void interval(int calls, java.util.Map<String, Long> latencyMs) {
    latencyMs.forEach((tenant, ms) -> {
      for (int i = 0; i < calls; i++) {
        hbase.offer(tenant, "get", 1);
        Ticket<String> t = hbase.poll(0);
        clock.advance(Duration.ofMillis(ms));
        hbase.complete(t);
      }
    });
    clock.advance(Duration.ofSeconds(10));
    hbase.rollMetrics();
    hdfs.rollMetrics();
  }

  @Test
  void severalSloTenantsAreSteeredTogetherAtBothResources() throws Exception {
    hbasePort.setAllocation(new Allocation(java.util.Map.of("a", 1.0, "b", 1.0, "batch", 2.0), java.util.Map.of(), 1.0));
    hdfsPort.setAllocation(hbase.allocation());
    controller.setSlos(java.util.List.of(
        new SloTarget("a", io.cake.core.tenant.LatencyGoal.of(99, 100), 1),
        new SloTarget("b", io.cake.core.tenant.LatencyGoal.of(99, 100), 3)));
    interval(java.util.Map.of("a", 50L, "b", 300L));
    Outcome o = controller.tick();

    assertThat(o.plan()).as(o.summary()).isNotNull();
    assertThat(o.summary()).contains("a: p99.0").contains("b: p99.0").contains("weight 3.0 measured p99.75=");
    double a = o.plan().state().tenants().get("a").share();
    double b = o.plan().state().tenants().get("b").share();
    assertThat(b).as("b missed 3x: more than its 1/6").isGreaterThan(1.0 / 6 + 0.05);
    for (FairQueueScheduler<String> level : java.util.List.of(hbase, hdfs)) {
      assertThat(level.allocation().fractionOfAll("b")).isCloseTo(b, org.assertj.core.api.Assertions.within(1e-9));
      assertThat(level.allocation().fractionOfAll("a")).isCloseTo(a, org.assertj.core.api.Assertions.within(1e-9));
      // batch and the untagged split the rest 2 : 1, as configured.
      assertThat(level.allocation().share("batch") / level.allocation().defaultShare())
          .isCloseTo(2.0, org.assertj.core.api.Assertions.within(1e-9));
    }
    assertThat(controller.allocation("front")).as("no longer an SLO tenant").isNull();

    // An operator changes b's goal over JMX: weight and model kept; an unknown tenant is refused.
    controller.setSlo(SloTarget.latency("b", 99.9, 400));
    assertThat(controller.slos()).contains(new SloTarget("b", io.cake.core.tenant.LatencyGoal.of(99.9, 400), 3));
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> controller.setSlo(SloTarget.latency("z", 99, 10)))
        .hasMessageContaining("tenant 'z' has no SLO");
    assertThat(controller.slos()).hasSize(2);
  }

  @Test
  void aTenantWhoseSloGoesReturnsToItsConfiguredWeight() throws Exception {
    hbasePort.setAllocation(new Allocation(java.util.Map.of("front", 1.0, "batch", 2.0), java.util.Map.of(), 1.0));
    hdfsPort.setAllocation(hbase.allocation());
    controller.setSlos(java.util.List.of(SloTarget.latency("front", 99, 100),
        new SloTarget("batch", LatencyGoal.of(99, 100), 1)));
    interval(java.util.Map.of("front", 5L, "batch", 300L)); // batch 3x over its SLO: it takes share
    controller.tick();
    assertThat(hbase.allocation().fractionOfAll("batch")).isGreaterThan(0.55);
    controller.setSlos(java.util.List.of(SloTarget.latency("front", 99, 100)));
    interval(java.util.Map.of("front", 5L, "batch", 5L));
    assertThat(controller.tick().plan()).isNotNull();
    // batch is one of the others again: it splits what front leaves with the untagged 2 : 1, as
    // configured, not by the share the controller last gave it.
    for (FairQueueScheduler<String> level : java.util.List.of(hbase, hdfs)) {
      assertThat(level.allocation().share("batch") / level.allocation().defaultShare()).isCloseTo(2.0, within(1e-9));
    }
  }

  /** SLO tenants a and b, from equal shares at both levels. */
  private void steerTwo(SloTarget a, SloTarget b) throws IOException {
    hbasePort.setAllocation(new Allocation(java.util.Map.of("a", 1.0, "b", 1.0), java.util.Map.of(), 1.0));
    hdfsPort.setAllocation(hbase.allocation());
    controller.setSlos(java.util.List.of(a, b));
  }

  @Test
  void sloTenantsThatCannotAllBeMetAreReportedAndRankedByWeight() throws Exception {
    steerTwo(new SloTarget("a", io.cake.core.tenant.LatencyGoal.of(99, 10), 1),
        new SloTarget("b", io.cake.core.tenant.LatencyGoal.of(99, 10), 3));
    io.cake.controller.jmx.Controller mbean = new io.cake.controller.jmx.Controller(controller, 10_000);
    interval(java.util.Map.of("a", 500L, "b", 500L)); // 50x over both SLOs
    controller.tick();
    assertThat(mbean.isSlosFeasible()).isFalse();
    assertThat(mbean.getServedFirst()).containsExactly("b", "a");
    assertThat(mbean.getSloTenant()).isEqualTo("a,b");
    assertThat(mbean.getSloPercentile()).isNaN();
    assertThat(mbean.getSlos()).containsExactly("a: p99.0 <= 10.0 ms", "b: p99.0 <= 10.0 ms weight 3.0");
    assertThat(mbean.getTenantShares()).hasSize(2).anySatisfy(l -> assertThat(l).startsWith("b: p99.0"));
    assertThat(mbean.getLastDecision()).contains("infeasible");
    assertThat(hbase.allocation().lanes()).as("no lanes while the SLOs cannot all be met: weights decide").isEmpty();
    assertThat(hdfs.allocation().lanes()).isEmpty();
  }

  @Test
  void severalSloTenantsThatCanBeMetGetLanesBySlo() throws Exception {
    steerTwo(new SloTarget("a", io.cake.core.tenant.LatencyGoal.of(99, 300), 5),
        new SloTarget("b", io.cake.core.tenant.LatencyGoal.of(99, 200), 1));
    interval(java.util.Map.of("a", 5L, "b", 5L)); // both well within
    Outcome o = controller.tick();
    assertThat(o.plan().feasible()).isTrue();
    assertThat(hbase.allocation().lanes().get("b").rank()).as("tightest SLO first, whatever the weight").isEqualTo(1);
    assertThat(hbase.allocation().lanes().get("a").rank()).isEqualTo(2);
    assertThat(hdfs.allocation().lanes()).containsOnlyKeys("a", "b");
    assertThat(o.summary()).contains("lanes hbase");
  }

  @Test
  void withLanesOffNoLaneIsSet() throws Exception {
    controller.setParams(ControllerParams.DEFAULTS.withLanes(0));
    interval(300);
    controller.tick();
    assertThat(hbase.allocation().lanes()).isEmpty();
    assertThat(hdfs.allocation().lanes()).isEmpty();
  }

  @Test
  void stoppingLiftsTheLimitsOnlyARunningControllerMayHoldHBaseTo() throws Exception {
    // A 3x miss share cannot help: the others held to a third of a handler's time, one in service.
    interval(300);
    controller.tick();
    assertThat(hbase.maxInService("batch")).isEqualTo(1);
    assertThat(hbase.limits().isNone()).isFalse();

    Allocation shares = hbase.allocation();
    assertThat(shares.lanes()).as("the tick gave the SLO tenant a lane").containsKey("front");
    assertThat(hdfs.allocation().lanes()).containsKey("front");
    assertThat(controller.liftLimits()).isTrue();
    assertThat(hbase.maxInService("batch")).isZero();
    assertThat(hbase.limits().isNone()).isTrue();
    assertThat(hbase.allocation()).as("shares stay, lanes go").isEqualTo(shares.withLanes(java.util.Map.of()));
    assertThat(hdfs.allocation().lanes()).isEmpty();
  }

  /** {@code chunks} reads of 64 KB for {@code tenant} at the DataNode, whose cost unit is bytes. */
  private void readAtTheDataNode(String tenant, int chunks) {
    for (int i = 0; i < chunks; i++) {
      hdfs.offer(tenant, "chunk", 65_536);
      hdfs.complete(hdfs.poll(0));
    }
  }

  /** 160 chunks of 64 KB in an interval of {@code seconds}: the MB/s read. */
  private static double batchMbps(double seconds) {
    return 160 * 65_536 / 1e6 / seconds;
  }

  @Test
  void anMbPerSecondFloorBelowWhatTheTenantReadsIsMetAndOneAboveIsMissedAndGivenMoreShare() {
    controller.setSlo(new SloTarget("batch", new io.cake.core.tenant.ByteThroughputGoal(0.5)));
    readAtTheDataNode("batch", 160);
    interval(java.util.Map.of("batch", 5L));
    Outcome met = controller.tick();
    double mbps = batchMbps(11); // 200 scans of 5 ms, then 10 s: 0.95 MB/s
    assertThat(met.line("batch").view().performance()).as(met.summary()).isCloseTo(mbps / 0.5, within(1e-9));
    assertThat(met.summary()).contains("batch: >= 0.5 MB/s measured=").contains("SLO exceeded");
    double given = controller.allocation("batch").share();
    assertThat(given).as("met with room: share given back").isLessThan(0.5);

    controller.setSlo(new SloTarget("batch", new io.cake.core.tenant.ByteThroughputGoal(4)));
    readAtTheDataNode("batch", 160);
    interval(java.util.Map.of("batch", 5L));
    Outcome missed = controller.tick();
    assertThat(missed.line("batch").view().performance()).as(missed.summary()).isCloseTo(mbps / 4, within(1e-9));
    assertThat(missed.summary()).contains("SLO missed");
    assertThat(controller.allocation("batch").share()).isGreaterThan(given);
    assertThat(hdfs.allocation().fractionOfAll("batch")).isCloseTo(controller.allocation("batch").share(), within(1e-9));
  }

  @Test
  void withSeveralSloTenantsAnMbPerSecondFloorIsJudgedAtTheDataNodeAndAMissGetsMoreShare() throws Exception {
    for (double floor : new double[] {0.5, 4}) {
      hbasePort.setAllocation(new Allocation(java.util.Map.of("front", 1.0, "batch", 1.0), java.util.Map.of(), 1.0));
      hdfsPort.setAllocation(hbase.allocation());
      SecondLevelController many = SecondLevelController.inProcess(() -> hbasePort, () -> hdfsPort,
          ControllerParams.DEFAULTS, java.util.List.of(SloTarget.latency("front", 99, 100),
              new SloTarget("batch", new io.cake.core.tenant.ByteThroughputGoal(floor), 1)));
      readAtTheDataNode("batch", 160);
      interval(java.util.Map.of("front", 5L, "batch", 5L));
      Outcome o = many.tick();
      many.close();

      assertThat(o.plan()).as(o.summary()).isNotNull();
      double mbps = batchMbps(12); // 200 calls of 5 ms each for two tenants, then 10 s: 0.87 MB/s
      assertThat(o.measured("batch").value()).isCloseTo(mbps, within(1e-9));
      double perf = o.line("batch").view().performance();
      double share = o.plan().state().tenants().get("batch").share();
      if (floor < mbps) {
        assertThat(perf).as("met: %s", o.summary()).isGreaterThan(1.0);
      } else {
        assertThat(perf).as("missed: %s", o.summary()).isLessThan(1.0);
        assertThat(share).as("more than its third: %s", o.summary()).isGreaterThan(1.0 / 3);
        assertThat(hdfs.allocation().fractionOfAll("batch")).isCloseTo(share, within(1e-9));
      }
      assertThat(hbase.allocation().lanes()).as("lanes are for latency goals").doesNotContainKey("batch");
    }
  }

  /** One 10 s interval in which the front end completes {@code calls} gets of {@code latencyMs} each. */
  private void interval(int calls, long latencyMs) {
    interval(calls, java.util.Map.of("front", latencyMs));
  }

  @Test
  void theMBeanPublishesWhatTheLastDecisionJudgedAGoalOnOneOperationBy() {
    Controller mbean = new Controller(controller, 10_000);
    controller.setSlo(new SloTarget("front", LatencyGoal.of(99, 100, OperationType.GET)));
    interval(300);
    controller.tick();
    SloMeasurement gets = mbean.getSloMeasurements()[0];
    assertThat(gets.getTenant()).isEqualTo("front");
    assertThat(gets.getMeasured()).as("the gets' latency").isCloseTo(300, within(3.0));
    assertThat(gets.getPercentile()).as("window-corrected for 200 calls: above p99").isGreaterThan(99.0).isLessThan(100.0);

    controller.setSlo(new SloTarget("front", LatencyGoal.of(99.9, 100, OperationType.GET)));
    assertThat(mbean.getSloMeasurements()[0].getMeasured()).as("a goal set since is not judged yet").isNaN();

    interval(50, 90);
    assertThat(controller.tick().summary()).contains("only 50 samples");
    assertThat(mbean.getSloMeasurements()[0].getMeasured()).as("too few calls: not judged").isNaN();
    assertThat(mbean.getSloMeasurements()[0].getPercentile()).isNaN();

    // Pooled with the interval before, 100 calls are enough to judge by; a goal set anew starts an
    // empty pool, and 50 calls, every one over, are a clear miss.
    controller.setSlo(new SloTarget("front", LatencyGoal.of(99.9, 101, OperationType.GET)));
    interval(50, 300);
    assertThat(controller.tick().summary()).contains("only 50 samples (< 100), but 50 over the SLO: a clear miss");
    assertThat(mbean.getSloMeasurements()[0].getMeasured()).as("too few calls, every one over: judged").isCloseTo(300, within(3.0));
  }

  @Test
  void theMBeanPublishesTheMbPerSecondAnMbPerSecondGoalWasJudgedByOverJmx() throws Exception {
    controller.setSlo(new SloTarget("batch", new io.cake.core.tenant.ByteThroughputGoal(0.5)));
    readAtTheDataNode("batch", 160);
    interval(java.util.Map.of("batch", 5L));
    controller.tick();
    javax.management.MBeanServer server = javax.management.MBeanServerFactory.newMBeanServer();
    javax.management.ObjectName name = Controller.objectName(3);
    server.registerMBean(new javax.management.StandardMBean(new Controller(controller, 10_000),
        ControllerMXBean.class, true), name);
    javax.management.openmbean.CompositeData[] measured =
        (javax.management.openmbean.CompositeData[]) server.getAttribute(name, "SloMeasurements");
    assertThat(measured[0].get("tenant")).isEqualTo("batch");
    assertThat((Double) measured[0].get("measured")).isCloseTo(batchMbps(11), within(1e-9));
    assertThat((Double) measured[0].get("percentile")).as("not a latency goal").isNaN();
  }

  @Test
  void withSeveralSloTenantsTheMBeanPublishesEachGoalAsThePlanJudgedIt() throws Exception {
    hbasePort.setAllocation(new Allocation(java.util.Map.of("front", 1.0, "batch", 1.0), java.util.Map.of(), 1.0));
    hdfsPort.setAllocation(hbase.allocation());
    controller.setSlos(java.util.List.of(new SloTarget("front", LatencyGoal.of(99, 100, OperationType.GET), 1),
        new SloTarget("batch", new io.cake.core.tenant.ByteThroughputGoal(4), 1)));
    readAtTheDataNode("batch", 160);
    interval(java.util.Map.of("front", 5L, "batch", 5L));
    Outcome o = controller.tick();
    assertThat(o.plan()).as(o.summary()).isNotNull();

    SloMeasurement[] m = new Controller(controller, 10_000).getSloMeasurements();
    assertThat(m).extracting(SloMeasurement::getTenant).containsExactly("batch", "front");
    assertThat(m[0].getMeasured()).isCloseTo(batchMbps(12), within(1e-9));
    assertThat(m[0].getMeasured()).isEqualTo(o.measured("batch").value());
    assertThat(m[1].getMeasured()).as("the gets' latency").isCloseTo(5, within(0.05));
    assertThat(m[1].getPercentile()).as("window-corrected, as for one tenant").isGreaterThan(99.0).isLessThan(100.0);
  }
}
