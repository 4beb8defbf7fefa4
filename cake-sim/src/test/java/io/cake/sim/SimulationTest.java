package io.cake.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.controller.policy.ControllerParams;
import io.cake.controller.policy.TenantState;
import io.cake.sim.Simulation.Interval;
import io.cake.core.tenant.LatencyGoal;
import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.junit.jupiter.api.Test;

/**
 * The second level against a simulated RegionServer + DataNode (Cake Figures 8, 9, 12, 16 in
 * shape). Deterministic: seeded, no threads, no wall clock.
 */
class SimulationTest {
  private static final LatencyGoal SLO = LatencyGoal.of(99, 50);
  private static final long SEED = 42;
  /** Even shares, nothing reserved. */
  private static final TenantState START = TenantState.start(0.5, 0, 0);

  /** 16 handlers, 6 disk slots of 4 ms per 64 KB chunk, 24 batch threads scanning 64 chunks. */
  private static Simulation.Model model(DoubleUnaryOperator frontRate) {
    return new Simulation.Model(16, 6, 0.5, 1.0, 4.0, 24, 64, frontRate);
  }

  private static List<Interval> run(
      DoubleUnaryOperator rate, LatencyGoal goal, TenantState start, boolean control, int n) {
    return new Simulation(model(rate), goal, ControllerParams.DEFAULTS, start, control, SEED)
        .run(n);
  }

  private static int firstMet(List<Interval> r, double sloMs) {
    for (Interval i : r) {
      if (i.frontP99Ms() <= sloMs) {
        return i.index();
      }
    }
    return -1;
  }

  @Test
  void fromEvenSharesAModerateFrontEndMeetsItsSloWithinFiveIntervalsAndStaysThere() {
    List<Interval> withCake = run(t -> 100, SLO, START, true, 20);
    List<Interval> firstLevelOnly = run(t -> 100, SLO, START, false, 20);

    int met = firstMet(withCake, 50);
    assertThat(met).isBetween(0, 4);
    assertThat(withCake.subList(met, 20)).allSatisfy(i -> assertThat(i.frontP99Ms()).isLessThanOrEqualTo(50));
    // Without the second level the same 50/50 shares never get there: HBase handlers are the
    // bottleneck and only reservations help. (Hundreds of ms here, since the simulated
    // RegionServer charges handler time, as the real one does.)
    assertThat(firstLevelOnly).allSatisfy(i -> assertThat(i.frontP99Ms()).isGreaterThan(200));
  }

  @Test
  void atSteadyStateAllocationsMoveByAtMostOneStep() {
    for (double rate : new double[] {20, 100, 400}) {
      List<Interval> r = run(t -> rate, SLO, START, true, 40);
      int misses = 0;
      for (int i = 11; i < r.size(); i++) {
        TenantState a = r.get(i - 1).allocation();
        TenantState b = r.get(i).allocation();
        assertThat(Math.abs(a.hbaseReserved() - b.hbaseReserved())).as("rate %s interval %d", rate, i).isLessThanOrEqualTo(1);
        assertThat(Math.abs(a.hdfsReserved() - b.hdfsReserved())).isLessThanOrEqualTo(1);
        // A step is 10% of share times the size of the miss; at steady state misses are small.
        // The one larger move allowed is up to the headroom floor when the tenant's load peaks.
        if (b.share() - a.share() > a.share() * 0.10 * 1.5 + 1e-9) {
          // An interval's allocation is the one the previous interval's decision chose.
          assertThat(r.get(i - 1).decision().toString()).as("rate %s interval %d", rate, i).contains("headroom:");
        } else {
          assertThat(Math.abs(a.share() - b.share())).isLessThanOrEqualTo(a.share() * 0.10 * 1.5 + 1e-9);
        }
        if (r.get(i).frontP99Ms() > 50) {
          // A reactive controller hands share back until the p99 sits at the SLO, so some
          // intervals miss it, by a little (the 1.0..1.2 band of Algorithm 1).
          misses++;
          assertThat(r.get(i).frontP99Ms()).as("rate %s interval %d", rate, i).isLessThanOrEqualTo(125);
        }
      }
      assertThat(misses).as("rate %s: intervals over the SLO among the last 29", rate).isLessThanOrEqualTo(9);
    }
  }

  @Test
  void lowLoadIsSolvedWithAReservationAndHigherLoadNeedsMoreAllocation() {
    List<Interval> low = run(t -> 20, SLO, START, true, 30);
    List<Interval> high = run(t -> 400, SLO, START, true, 30);
    TenantState lowEnd = low.get(29).allocation();
    TenantState highEnd = high.get(29).allocation();

    // A few requests arriving to find every handler held by a scan: no share helps, a reserved
    // handler does (Cake Figure 8). Share is handed back to batch meanwhile.
    assertThat(lowEnd.hbaseReserved()).isGreaterThanOrEqualTo(1);
    assertThat(lowEnd.share()).isLessThan(0.2);
    // Under high load the front end keeps more share and more reserved handlers (Figure 9).
    assertThat(highEnd.share()).isGreaterThan(lowEnd.share());
    assertThat(highEnd.hbaseReserved()).isGreaterThan(lowEnd.hbaseReserved());
  }

  @Test
  void aTenfoldSpikeIsMetAfterItsFirstIntervalAndAllocationIsHandedBackAfter() {
    // 40 req/s, 400 req/s from t=100 s to t=150 s (intervals 10-14), then 40 again. The headroom
    // and the lane kept for the recent peak may carry the spike's first interval; the controller
    // must carry the rest.
    List<Interval> r = run(t -> t >= 100 && t < 150 ? 400 : 40, SLO, START, true, 30);
    assertThat(r.subList(11, 15)).as("met during the spike").allSatisfy(i -> assertThat(i.frontP99Ms()).isLessThanOrEqualTo(50));
    TenantState after = r.get(29).allocation();
    assertThat(after.share()).as("handed back after the spike").isLessThan(r.get(15).allocation().share());
    assertThat(r.subList(16, 30)).allSatisfy(i -> assertThat(i.frontP99Ms()).isLessThanOrEqualTo(50));
  }

  @Test
  void whenTheSloIsMetWithSlackBatchGetsMoreIntervalByInterval() {
    // Start over-provisioned for a loose SLO: 90% share, 3 of 6 disk slots, 8 of 16 handlers.
    List<Interval> r =
        run(t -> 100, LatencyGoal.of(99, 200), TenantState.start(0.9, 3, 8), true, 20);

    for (int i = 1; i < r.size(); i++) {
      TenantState before = r.get(i - 1).allocation();
      TenantState now = r.get(i).allocation();
      assertThat(now.share()).as("interval %d", i).isLessThanOrEqualTo(before.share());
      assertThat(now.hdfsReserved()).isLessThanOrEqualTo(before.hdfsReserved());
    }
    double firstBatch = r.subList(0, 3).stream().mapToLong(Interval::batchChunks).average().orElseThrow();
    double lastBatch = r.subList(17, 20).stream().mapToLong(Interval::batchChunks).average().orElseThrow();
    assertThat(lastBatch).isGreaterThan(firstBatch * 1.4);
    assertThat(r).allSatisfy(i -> assertThat(i.frontP99Ms()).isLessThanOrEqualTo(200));
  }

  @Test
  void aMissOutsideTheDataNodeHoldsBatchBackAndTheLimitGrowsBackWithSlack() {
    // HBase-bound: scans hold a handler for 200 ms of CPU and read one fast chunk; the DataNode
    // never queues. The front end waits for handlers that scans hold, which no share changes, so
    // the controller holds batch back (it cannot tell CPU contention, which this model lacks, from
    // waiting), and gives back as the SLO holds with slack.
    Simulation.Model cpuBound = new Simulation.Model(16, 64, 1.0, 200.0, 0.1, 24, 1, t -> 100);
    List<Interval> r = new Simulation(cpuBound, SLO, ControllerParams.DEFAULTS, START, true, SEED).run(20);
    long limited = r.stream().filter(i -> i.othersLimit() > 0).count();
    assertThat(limited).as("intervals run under the others' limit").isPositive();
    assertThat(r.subList(10, 20)).allSatisfy(i -> assertThat(i.frontP99Ms()).isLessThanOrEqualTo(50));
  }
}
