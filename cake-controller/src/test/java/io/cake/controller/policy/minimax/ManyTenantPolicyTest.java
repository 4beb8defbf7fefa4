package io.cake.controller.policy.minimax;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.cake.controller.loop.HBaseInterval;
import io.cake.controller.loop.OperationLatencies;
import io.cake.controller.loop.ResourceLoad;
import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.sched.Allocation;
import io.cake.core.sched.FairQueueScheduler;
import io.cake.core.sched.Ticket;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.OperationType;
import io.cake.core.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** One interval of the many-tenant policy over a real first-level scheduler's snapshot, on a manual clock. */
class ManyTenantPolicyTest {
  private final ManualClock clock = new ManualClock();
  private final FairQueueScheduler<String> hbase = new FairQueueScheduler<>("hb", clock, 10, 1000, 1000);
  private final List<ManyTenantDecider.TenantGoal> tenants = ManyTenantPolicy.withOthers(List.of(
      new ManyTenantDecider.TenantGoal("a", 1, LatencyGoal.of(99, 100)),
      new ManyTenantDecider.TenantGoal("b", 2, LatencyGoal.of(99, 200))));
  private final Allocation base = new Allocation(Map.of("a", 1.0, "b", 1.0, "batch", 3.0), Map.of("batch", 2), 1.0);

  /** {@code n} calls of {@code tenant}, each taking {@code ms}, one after another; {@code left} more arrive unserved. */
  private void calls(String tenant, int n, long ms, int left) {
    for (int i = 0; i < n; i++) {
      hbase.offer(tenant, "get", 1);
      Ticket<String> t = hbase.poll(0);
      clock.advance(Duration.ofMillis(ms));
      hbase.complete(t);
    }
    for (int i = 0; i < left; i++) {
      hbase.offer(tenant, "get", 1);
    }
  }

  /** {@code rounds} rounds of {@code width} calls of {@code tenant} at once, each taking {@code ms}. */
  private void parallel(String tenant, int rounds, int width, long ms) {
    for (int r = 0; r < rounds; r++) {
      List<Ticket<String>> running = new ArrayList<>();
      for (int i = 0; i < width; i++) {
        hbase.offer(tenant, "get", 1);
        running.add(hbase.poll(0));
      }
      clock.advance(Duration.ofMillis(ms));
      running.forEach(hbase::complete);
    }
  }

  /** One interval of {@code policy} on {@code snap}, no goal on one operation. */
  private ManyTenantPolicy.Plan decide(ManyTenantPolicy policy, ManyTenantPolicy.State state, SchedulerSnapshot snap) {
    return policy.decide(state, tenants, HBaseInterval.tenantsOnly(snap), ResourceLoad.of(snap), base, base);
  }

  private SchedulerSnapshot roll() {
    clock.advance(Duration.ofSeconds(10));
    return hbase.rollMetrics();
  }

  @Test
  void measuresEachGoalMapsSharesToBothLevelsAndKeepsTheOthersWeightsAndReservations() {
    calls("a", 100, 50, 0); // a at half its SLO
    calls("b", 100, 400, 0); // b at twice its SLO
    SchedulerSnapshot snap = roll();
    ManyTenantPolicy policy = new ManyTenantPolicy(ManyTenantParams.DEFAULTS, 50);
    ManyTenantPolicy.State start = policy.initial(tenants, base);
    assertThat(start.shares().get("a")).isCloseTo(1.0 / 6, within(1e-9)); // 1 of a 1 + b 1 + batch 3 + default 1
    assertThat(start.shares().values().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(1.0, within(1e-9));

    ManyTenantPolicy.Plan plan = decide(policy, start, snap);
    assertThat(plan.measured().get("a")).isCloseTo(50, within(1.0));
    assertThat(plan.measured().get("b")).isCloseTo(400, within(4.0));
    assertThat(plan.state().shares().get("b")).as("b missed: more").isGreaterThan(start.shares().get("b"));
    for (Allocation a : List.of(plan.hbase(), plan.hdfs())) {
      assertThat(a.fractionOfAll("b")).isCloseTo(plan.state().shares().get("b"), within(1e-9));
      // batch and the unnamed split what is left 3 : 1, as configured; batch keeps its reservation.
      assertThat(a.share("batch") / a.defaultShare()).isCloseTo(3.0, within(1e-9));
      assertThat(a.reservation("batch")).isEqualTo(2);
    }
    assertThat(plan.describe()).contains("a measured=").contains("(others) share=");
  }

  @Test
  void theDecisionLineShowsTheStepsDampedUnderALastingOverload() {
    Map<String, Double> shares = Map.of("a", 0.6, "b", 0.4);
    StepDamping.Steps steps = new StepDamping.Steps(Map.of("a", 0.05), Map.of("a", -0.1, "b", 0.1));
    ManyTenantDecider.State fitted = new ManyTenantDecider.State(shares, Map.of(), 3, steps);
    ManyTenantDecider.Decision d = new ManyTenantDecider.Decision(
        fitted, new MinimaxShares.Result(shares, Map.of("a", 0.5, "b", 0.5), true, false, Set.of("b")),
        Map.of("a", 0.5, "b", 0.5));
    ManyTenantPolicy.Plan plan = new ManyTenantPolicy.Plan(new ManyTenantPolicy.State(fitted, 1), d,
        Map.of("a", 200.0, "b", 200.0), base, base, List.of(), Map.of());
    assertThat(plan.describe()).contains("| overloaded (damped steps a=0.050) | infeasible")
        .contains("a measured=200.0 perf=0.50 share=0.600; ").contains("b measured=200.0 perf=0.50 share=0.400 (floor)");
  }

  @Test
  void tooFewRequestsGiveNoMeasurementAndTheModelIsKept() {
    calls("a", 29, 50, 0);
    calls("a", 1, 500, 0); // one of 30 over a's p99 of 100 ms: no clear miss
    SchedulerSnapshot snap = roll();
    ManyTenantPolicy policy = new ManyTenantPolicy(ManyTenantParams.DEFAULTS, 50);
    ManyTenantPolicy.Plan plan = decide(policy, policy.initial(tenants, base), snap);
    assertThat(plan.measured().get("a")).isNaN();
    assertThat(plan.state().fitted().fits()).doesNotContainKey("a");
  }

  @Test
  void tooFewRequestsStillMeasureAClearMiss() {
    calls("a", 27, 50, 0);
    calls("a", 3, 500, 0); // three of 30 over a's p99 of 100 ms: at 0.985, not chance
    SchedulerSnapshot snap = roll();
    ManyTenantPolicy policy = new ManyTenantPolicy(ManyTenantParams.DEFAULTS, 50);
    ManyTenantPolicy.State start = policy.initial(tenants, base);
    ManyTenantPolicy.Plan plan = decide(policy, start, snap);
    assertThat(plan.measured().get("a")).isCloseTo(500, within(5.0));
    assertThat(plan.state().shares().get("a")).as("a missed: more").isGreaterThan(start.shares().get("a"));
  }

  @Test
  void aGoalOnGetsIsMeasuredOnTheGetsAndItsLeastSampleCountCountsThemAlone() {
    calls("a", 60, 5, 0); // a's gets, within its SLO
    calls("a", 60, 500, 0); // a's scans, five times over it
    calls("b", 100, 50, 0);
    SchedulerSnapshot snap = roll();
    Histogram gets = new Histogram(java.util.concurrent.TimeUnit.MINUTES.toNanos(10), 3);
    for (int i = 0; i < 60; i++) {
      gets.recordValue(java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(5));
    }
    OperationLatencies ops = new OperationLatencies(snap.endNanos(), Map.of("a", Map.of(OperationType.GET, gets)));
    List<ManyTenantDecider.TenantGoal> onGets = ManyTenantPolicy.withOthers(List.of(
        new ManyTenantDecider.TenantGoal("a", 1, LatencyGoal.of(99, 100, OperationType.GET)),
        new ManyTenantDecider.TenantGoal("b", 2, LatencyGoal.of(99, 200))));
    for (long minSamples : new long[] {50, 100}) {
      ManyTenantPolicy policy = new ManyTenantPolicy(ManyTenantParams.DEFAULTS, minSamples);
      ManyTenantPolicy.Plan getsOnly = policy.decide(policy.initial(onGets, base), onGets,
          new HBaseInterval(snap, ops), ResourceLoad.of(snap), base, base);
      ManyTenantPolicy.Plan everyCall = decide(policy, policy.initial(tenants, base), snap);
      assertThat(everyCall.measured().get("a")).as("120 calls, the scans the tail").isCloseTo(500, within(5.0));
      if (minSamples == 50) {
        assertThat(getsOnly.measured().get("a")).as("the gets alone").isCloseTo(5, within(0.05));
      } else {
        assertThat(getsOnly.measured().get("a")).as("60 gets are fewer than 100, whatever a's 120 calls").isNaN();
      }
    }
  }

  @Test
  void aBackloggedTenantsLoadCountsWhatArrivedNotOnlyWhatWasServed() {
    calls("a", 100, 50, 0);
    calls("b", 100, 50, 0);
    calls("c", 10, 50, 0);
    calls("b", 0, 0, 100); // half of b's calls still wait
    calls("c", 0, 0, 90); // served a tenth: capped at 4x
    SchedulerSnapshot snap = roll();
    assertThat(ManyTenantPolicy.backlog(snap, "a")).isEqualTo(1.0);
    assertThat(ManyTenantPolicy.backlog(snap, "b")).isEqualTo(2.0);
    assertThat(ManyTenantPolicy.backlog(snap, "c")).isEqualTo(ManyTenantPolicy.MAX_BACKLOG);
    assertThat(ManyTenantPolicy.backlog(snap, "never-seen")).isEqualTo(1.0);
  }

  @Test
  void aBurstsLoadIsKeptBetweenBurstsAndAQuietIntervalDoesNotGrowTheOthersCap() {
    ManyTenantPolicy policy = new ManyTenantPolicy(ManyTenantParams.DEFAULTS, 10);
    ManyTenantPolicy reactive = new ManyTenantPolicy(ManyTenantParams.DEFAULTS.withPeaks(false), 10);
    ManyTenantPolicy.State start = new ManyTenantPolicy.State(policy.initial(tenants, base).fitted(), 4);

    // A burst: a holds 8 of the 10 handlers for 6 s (100 rounds of 60 ms calls) in an interval of
    // 21 s: 0.229 of the slots; every goal at its target.
    parallel("a", 100, 8, 60);
    calls("b", 100, 50, 0);
    SchedulerSnapshot burst = roll();
    ManyTenantPolicy.Plan afterBurst = decide(policy, start, burst);
    double peak = afterBurst.state().peaks().get("a");
    assertThat(peak).isCloseTo(48.0 / 210, within(0.001));
    assertThat(afterBurst.state().othersCap()).as("tested at the peak and met: grows").isEqualTo(5);

    // Between bursts: a's 0.9 s in 15.9 s (a fortieth of that), every goal met with room to spare.
    calls("a", 15, 60, 0);
    calls("b", 100, 50, 0);
    SchedulerSnapshot quiet = roll();
    ManyTenantPolicy.Plan sized = decide(policy, afterBurst.state(), quiet);
    ManyTenantPolicy.Plan lastOnly = decide(reactive, afterBurst.state(), quiet);
    assertThat(sized.state().othersCap()).as("a quiet interval says nothing of the next burst").isEqualTo(5);
    assertThat(lastOnly.state().othersCap()).isEqualTo(6);
    assertThat(sized.state().peaks().get("a")).isCloseTo(peak * io.cake.controller.policy.ControlState.PEAK_DECAY, within(1e-9));
    assertThat(lastOnly.state().peaks()).isEmpty();
    // a's share is held for the burst's load, not cut to the quiet one.
    assertThat(sized.state().shares().get("a")).isGreaterThan(lastOnly.state().shares().get("a"));
  }

  @Test
  void cuttingOnEveryMissCutsTheOthersCapWhereTheDefaultWaitsForTheSharesToBeExhausted() {
    calls("a", 100, 300, 0); // a at three times its SLO
    calls("b", 100, 50, 0);
    SchedulerSnapshot snap = roll();
    ManyTenantPolicy.State start = new ManyTenantPolicy.State(
        new ManyTenantPolicy(ManyTenantParams.DEFAULTS, 10).initial(tenants, base).fitted(), 4);
    ManyTenantPolicy.Plan byDefault = decide(new ManyTenantPolicy(ManyTenantParams.DEFAULTS, 10), start, snap);
    ManyTenantPolicy.Plan everyMiss =
        decide(new ManyTenantPolicy(ManyTenantParams.DEFAULTS.withCutOnEveryMiss(true), 10), start, snap);
    assertThat(byDefault.decision().result().overloaded()).as("the shares can still give a more").isFalse();
    assertThat(byDefault.state().othersCap()).isEqualTo(4);
    assertThat(everyMiss.state().othersCap()).isEqualTo(3);
  }

  @Test
  void aTenantThatWentIdleHoldsTheCapBackOnlyUntilItsPeakHasFaded() {
    ManyTenantPolicy policy = new ManyTenantPolicy(ManyTenantParams.DEFAULTS, 10);
    parallel("a", 100, 8, 60); // a burst of a: 0.229 of the slots
    calls("b", 100, 50, 0);
    SchedulerSnapshot burst = roll();
    ManyTenantPolicy.State s =
        decide(policy, new ManyTenantPolicy.State(policy.initial(tenants, base).fitted(), 4), burst).state();
    int capWhileFading = s.othersCap();
    int grewAfter = 0;
    for (int interval = 1; interval <= 100 && grewAfter == 0; interval++) {
      calls("b", 100, 50, 0); // a idle, b at its target
      SchedulerSnapshot idle = roll();
      s = decide(policy, s, idle).state();
      if (s.othersCap() != capWhileFading) {
        grewAfter = interval;
      }
    }
    // 0.229 of the slots fading by half every 10 intervals falls below 0.02 after 36.
    assertThat(grewAfter).as("held while a's peak was not negligible, then grown").isBetween(34, 37);
    assertThat(s.othersCap()).isEqualTo(capWhileFading + 1);
  }
}
