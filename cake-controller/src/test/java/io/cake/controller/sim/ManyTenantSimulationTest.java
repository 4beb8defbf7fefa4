package io.cake.controller.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.controller.config.SloTarget;
import io.cake.controller.loop.FirstLevelPort;
import io.cake.controller.loop.SecondLevelController;
import io.cake.controller.policy.ControllerParams;
import io.cake.controller.policy.SloDecider;
import io.cake.controller.policy.minimax.ManyTenantParams;
import io.cake.core.contract.Contract;
import io.cake.core.metrics.LatencySummary;
import io.cake.core.sched.Allocation;
import io.cake.core.tenant.LatencyGoal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The real {@link SecondLevelController} with several SLO tenants (Frosting's weighted minimax,
 * {@link io.cake.controller.policy.minimax.ManyTenantPolicy}) on the simulated cluster, through
 * its in-memory ports: three front ends (multi-gets of 8 chunks; alone, each has a p99 of about
 * 65 ms) with SLOs at 2x, 3x and 4x that, the last weighing twice the others, beside closed-loop
 * batch scans. Shares set at both levels each interval, with reservations per tenant where the
 * controller decides them ({@link TenantReservationsSimulationTest} is about those).
 */
class ManyTenantSimulationTest {
  // The hardware and the three front ends, shared with BoundedClientOverloadSimulationTest.
  static final SimulatedCluster.Hardware HARDWARE = new SimulatedCluster.Hardware(16, 6, 4.0);
  static final List<String> FRONT = List.of("a", "b", "c");
  static final double[] SLO_MS = {130, 195, 260};
  static final List<SloTarget> SLOS = List.of(
      new SloTarget("a", LatencyGoal.of(99, SLO_MS[0]), 1),
      new SloTarget("b", LatencyGoal.of(99, SLO_MS[1]), 1),
      new SloTarget("c", LatencyGoal.of(99, SLO_MS[2]), 2));
  private static final int INTERVALS = 40;
  private static final int CONVERGED = 10;

  /** Per front end: windows met and mean measured weighted badness after convergence; then batch chunks/s. */
  private record Outcome(int[] met, double[] badness, double batchChunksPerSecond) {
    double badnessSpread() {
      double lo = Double.MAX_VALUE;
      double hi = 0;
      for (double b : badness) {
        lo = Math.min(lo, b);
        hi = Math.max(hi, b);
      }
      return hi / lo;
    }
  }

  /**
   * The controller's rules for one tenant's decisions, where these scenarios use none: lanes off,
   * since each scenario below is about the reactive rules (lanes have their own, at the end).
   */
  private static final ControllerParams REACTIVE = ControllerParams.DEFAULTS.withLanes(0);

  /** Front-end rates 40, 60 and 60 requests/s times {@code load} (at 1, 85% of the disks' chunks). */
  private static Outcome run(double load, boolean control, long seed) {
    return run(load, 1.0, Map.of(), control, seed, ManyTenantParams.DEFAULTS);
  }

  /** As above, with tenant c sending {@code cTimes} its rate, and throughput contracts. */
  private static Outcome run(
      double load, double cTimes, Map<String, Contract> contracts, boolean control, long seed, ManyTenantParams params) {
    return run(load, t -> 1.0, cTimes, contracts, control, seed, params, REACTIVE);
  }

  /** As above, with tenant a's rate times {@code aShape} at t seconds. */
  private static Outcome run(double load, java.util.function.DoubleUnaryOperator aShape, double cTimes,
      Map<String, Contract> contracts, boolean control, long seed, ManyTenantParams params, ControllerParams cp) {
    List<SimulatedCluster.Workload> work = List.of(
        SimulatedCluster.Workload.open("a", t -> 40 * load * aShape.applyAsDouble(t), 0.5, 8),
        SimulatedCluster.Workload.open("b", t -> 60 * load, 0.5, 8),
        SimulatedCluster.Workload.open("c", t -> 60 * load * cTimes, 0.5, 8),
        SimulatedCluster.Workload.closed("batch", 8, 1.0, 64));
    SimulatedCluster sim = new SimulatedCluster(HARDWARE, work, contracts, seed);
    // Equal shares to start from (and, without the controller, to stay at).
    sim.setAllocation(new Allocation(Map.of("a", 1.0, "b", 1.0, "c", 1.0, "batch", 1.0), Map.of(), 0.005));
    SecondLevelController.HBasePort hb = sim.hbasePort();
    FirstLevelPort df = sim.hdfsPort();
    SecondLevelController controller =
        SecondLevelController.inProcess(() -> hb, () -> df, new SloDecider(cp), SLOS.get(0));
    controller.setSlos(SLOS);
    controller.setManyTenantParams(params);
    sim.start();
    int[] met = new int[3];
    double[] badness = new double[3];
    long batchAt = 0;
    for (int i = 0; i < INTERVALS; i++) {
      sim.runUntil((i + 1) * 10_000_000_000L);
      sim.roll();
      for (int k = 0; k < 3; k++) {
        double ms = LatencySummary.percentileMs(sim.takeLatency(FRONT.get(k)), 99);
        if (i >= CONVERGED) {
          met[k] += ms <= SLO_MS[k] ? 1 : 0;
          // Measured, not predicted: w (1 - performance), performance capped at 1 (meeting it
          // with room to spare is no badness at all).
          badness[k] += badness(k, ms) / (INTERVALS - CONVERGED);
        }
      }
      if (i + 1 == CONVERGED) {
        batchAt = sim.chunks("batch");
      }
      if (control) {
        SecondLevelController.Outcome o = controller.tick();
        assertThat(o.plan()).as("interval %d: %s", i, o.summary()).isNotNull();
      }
    }
    double seconds = (INTERVALS - CONVERGED) * 10.0;
    return new Outcome(met, badness, (sim.chunks("batch") - batchAt) / seconds);
  }

  /** Front end k's weighted badness w (1 - SLO / p99) at a p99 of {@code ms}, 0 when met. */
  static double badness(int k, double ms) {
    return SLOS.get(k).weight() * (1 - Math.min(1.0, SLO_MS[k] / ms));
  }

  @Test
  void underOverloadEachFrontEndDegradesInProportionToItsWeight() {
    // Front ends at 1.25 x: their chunks alone are 107% of what the disks serve.
    List<String> seen = new ArrayList<>();
    for (long seed = 1; seed <= 2; seed++) {
      Outcome cake = run(1.25, true, seed);
      Outcome equal = run(1.25, false, seed);
      seen.add(String.format("seed %d: weighted badness %.2f/%.2f/%.2f (spread %.2f) against equal shares' %.2f/%.2f/%.2f (%.2f)",
          seed, cake.badness[0], cake.badness[1], cake.badness[2], cake.badnessSpread(),
          equal.badness[0], equal.badness[1], equal.badness[2], equal.badnessSpread()));
      // With each tenant's step halved where its share turns under an overload that lasts
      // (cake.controller.minimax.damping 0.5, the default): 1.04 and 1.11; over seeds 1-12 a mean
      // of 1.09 (at 2x the disks 1.06). With Frosting's fixed step (damping 1): 1.11 and 1.34, over
      // 12 seeds 1.16 (2x: 1.23); 1.27 and 1.12 before reservations per tenant and sized for
      // peaks, against 2.03 and 2.04 with equal shares.
      // (The decider alone, before the load floor, gave 1.19 and 1.37; the real controller without
      // the floor starved tenant a to its least share, no request completed in some intervals, and
      // its badness was undefined.) Under overload every front end's queue grows whatever its
      // share, so each one's badness is near its weight and the spread says little more.
      for (double b : cake.badness) {
        assertThat(b).as("every tenant served in every window: %s", seen).isFinite();
      }
      assertThat(cake.badnessSpread()).as("Frosting's 20%%: %s", seen).isLessThan(1.2);
      assertThat(equal.badnessSpread()).as("equal shares ignore the weight: %s", seen).isGreaterThan(1.9);
    }
    System.out.println("many tenants, overload: " + seen);
  }

  @Test
  void withRoomEveryFrontEndMeetsItsSloInMostWindowsAndBatchGetsTheRest() {
    // At 0.65 x the front ends' chunks are 55% of the disks. Equal static shares met 28/25/29 of
    // 30 windows here with the same batch throughput: with room, the simulated fair queues are
    // work-conserving and the front ends rarely backlogged, so shares matter little. This checks
    // that the controller keeps it so while it hands batch what the front ends leave: 30/29/29
    // with the real controller and its load floor (30/29/30 before sizing for peaks), 669
    // chunks/s of batch.
    Outcome cake = run(0.65, true, 1);
    System.out.printf("many tenants, room: windows met %d/%d/%d of %d, batch %.0f chunks/s%n",
        cake.met[0], cake.met[1], cake.met[2], INTERVALS - CONVERGED, cake.batchChunksPerSecond);
    for (int k = 0; k < 3; k++) {
      assertThat(cake.met[k]).as("windows tenant %s met", FRONT.get(k)).isGreaterThanOrEqualTo(27); // 90%
    }
    // 6 disks x 250 chunks/s; the front ends take about 830: batch keeps most of the rest.
    assertThat(cake.batchChunksPerSecond).isGreaterThan(500);
  }

  @Test
  void theLoadFloorKeepsATenantDoingWellFromBeingCutBelowItsLoad() {
    // Without the floor, b (doing 1.96x its SLO) was stepped down to a share of 0.097 while its
    // chunks needed about 0.21 of the disks; its p99 went from 100 ms to 3.9 s in one interval, and
    // b and c met 23 and 23 windows of 30. With it (1.25x the load, measured at the busier level):
    // 29 and 29, the same batch.
    // Reservations off in both: they are another rule (reservationsServeALowRateTenant...).
    ManyTenantParams noFloor = new ManyTenantParams(ManyTenantParams.DEFAULTS.shares(), 6, 0, true, true, false, false);
    Outcome without = run(0.65, 1.0, Map.of(), true, 1, noFloor);
    Outcome with = run(0.65, 1.0, Map.of(), true, 1, ManyTenantParams.DEFAULTS.withReservations(false));
    System.out.printf("many tenants, room: windows met %d/%d/%d with the load floor, %d/%d/%d without%n",
        with.met[0], with.met[1], with.met[2], without.met[0], without.met[1], without.met[2]);
    assertThat(with.met[1] + with.met[2]).as("b and c, with the floor against without")
        .isGreaterThanOrEqualTo(without.met[1] + without.met[2] + 8);
    assertThat(with.batchChunksPerSecond).isGreaterThan(0.95 * without.batchChunksPerSecond);
  }

  /** On-off: three times the rate for the first 10 s (one controller interval) of every 40, a third of it after. */
  private static double onOff(double t) {
    return t % 40 < 10 ? 3.0 : 1.0 / 3;
  }

  @Test
  void burstsDoNotBreakReactiveControlHereAndSizingForPeaksKeepsTheWindowsAtACostToBatch() {
    // a at 3x its rate for one interval in four, a third of it otherwise (the mean its rate);
    // during a burst the front ends' chunks are 83% of the disks. Unlike the real hdd cluster
    // (docs/benchmarks.md, bursty), the simulated fair queues are work-conserving and the others'
    // cap is rarely engaged with room, so reactive control alone met the bursts here: a/b/c met
    // 28/30/30 and 30/30/30 windows of 30 (seeds 1, 2), batch 679 and 679 chunks/s. Sized for
    // peaks: 28/28/30 and 27/29/29, batch 400 and 328: a's share is held at its burst's load
    // between bursts, and the others' cap grows only in a burst, which is what it costs.
    //
    // Reservations off in both (another rule). With them on, seed 2 sized for peaks met 29/30/30
    // with batch at 214 chunks/s instead of 328: b reserved a handler in the first interval, and
    // the others' cap, cut in the first overloaded intervals, then stayed at 1 handler.
    List<String> seen = new ArrayList<>();
    ManyTenantParams noReservations = ManyTenantParams.DEFAULTS.withReservations(false);
    for (long seed = 1; seed <= 2; seed++) {
      Outcome reactive = run(0.65, ManyTenantSimulationTest::onOff, 1.0, Map.of(), true, seed,
          noReservations.withPeaks(false), REACTIVE);
      Outcome peaks = run(0.65, ManyTenantSimulationTest::onOff, 1.0, Map.of(), true, seed, noReservations,
          REACTIVE);
      seen.add(String.format("seed %d: windows met a/b/c %d/%d/%d, batch %.0f chunks/s with peaks; %d/%d/%d, %.0f without",
          seed, peaks.met[0], peaks.met[1], peaks.met[2], peaks.batchChunksPerSecond,
          reactive.met[0], reactive.met[1], reactive.met[2], reactive.batchChunksPerSecond));
      for (int k = 0; k < 3; k++) {
        assertThat(reactive.met[k]).as("%s", seen).isGreaterThanOrEqualTo(26);
        assertThat(peaks.met[k]).as("%s", seen).isGreaterThanOrEqualTo(26);
      }
      assertThat(peaks.batchChunksPerSecond).as("%s", seen)
          .isLessThan(reactive.batchChunksPerSecond)
          .isGreaterThan(0.4 * reactive.batchChunksPerSecond);
    }
    System.out.println("many tenants, a on-off: " + seen);
  }

  @Test
  void aTenantAtThreeTimesItsContractIsContainedByItsContract() {
    // c promised its 39 requests/s (bursts of 20) and sends 117. Without the contract its flood
    // takes the disks (front ends at 99% of them): a, b and c meet 5, 7 and 10 windows of 30 (3, 4
    // and 5 before reservations per tenant; 11, 9 and 10 before sizing for peaks: the flood's peak
    // now holds its share up).
    // With it, two thirds of c's calls are served best effort, held to one handler: 30, 30 and 30
    // (c's calls within its contract), batch 672 chunks/s.
    //
    // Held to one handler *in service at once* (FairQueueScheduler.setInServiceCaps). With the hold
    // as a rate of handler time only, charged when a call completes, this was 0, 0 and 0: every
    // goal missed from the first interval, so the tenants without a goal kept the least share,
    // best effort (a thousandth of that at the DataNode) waited there behind everyone while it
    // held its handler, and new best-effort calls took handlers meanwhile until they held all 16.
    Map<String, Contract> contract = Map.of("c", Contract.of(39, 20));
    Outcome without = run(0.65, 3.0, Map.of(), true, 1, ManyTenantParams.DEFAULTS);
    Outcome with = run(0.65, 3.0, contract, true, 1, ManyTenantParams.DEFAULTS);
    System.out.printf("many tenants, c at 3x its contract: windows met a/b/c(in contract) %d/%d/%d with the contract,"
        + " %d/%d/%d without; batch %.0f and %.0f chunks/s%n", with.met[0], with.met[1], with.met[2],
        without.met[0], without.met[1], without.met[2], with.batchChunksPerSecond, without.batchChunksPerSecond);
    for (int k = 0; k < 3; k++) {
      assertThat(with.met[k]).as("windows %s met (c: its calls within its contract)", FRONT.get(k))
          .isGreaterThanOrEqualTo(27) // 90%
          .isGreaterThan(without.met[k]);
    }
  }

  @Test
  void lanesServeTheBurstyTenantsBurstsAndStepAsideUnderOverload() {
    // Measured (seeds 1, 2), a on-off as above, reactive only, with lanes against without: a/b/c
    // met 30/30/28 and 30/30/29 windows against 28/30/30 and 24/30/29, batch 677 and 686 chunks/s
    // against 679 and 671 (with reservations per tenant, and the others' cap within the SLO
    // tenants' floors, which these runs have). c, the loosest SLO, is last in the order: with
    // lanes sized from the busiest second but not leaving room for the lanes below them, it met 28
    // and 24 (before the busiest second, 26 and 27). Under overload (1.25x), the
    // lanes step aside and the spread is the minimax's, 1.04 and 1.11; when they did not, a and b
    // met every window and c (weight 2) none: spread infinite. With token buckets on the lanes
    // fitted to each tenant's arrivals (cake.controller.lanes.buckets): the same windows and the
    // same batch, 30/30/28 and 30/30/29, 677 and 686 chunks/s; fitted to a's bursts, they never hold them back.
    List<String> seen = new ArrayList<>();
    for (long seed = 1; seed <= 2; seed++) {
      Outcome without = run(0.65, ManyTenantSimulationTest::onOff, 1.0, Map.of(), true, seed,
          ManyTenantParams.DEFAULTS.withPeaks(false), REACTIVE);
      Outcome with = run(0.65, ManyTenantSimulationTest::onOff, 1.0, Map.of(), true, seed,
          ManyTenantParams.DEFAULTS.withPeaks(false), ControllerParams.DEFAULTS);
      Outcome buckets = run(0.65, ManyTenantSimulationTest::onOff, 1.0, Map.of(), true, seed,
          ManyTenantParams.DEFAULTS.withPeaks(false), ControllerParams.DEFAULTS.withLaneBuckets(true));
      Outcome overload = run(1.25, t -> 1.0, 1.0, Map.of(), true, seed, ManyTenantParams.DEFAULTS, ControllerParams.DEFAULTS);
      seen.add(String.format("seed %d: a/b/c met %d/%d/%d with lanes, batch %.0f; %d/%d/%d with lanes and buckets,"
          + " batch %.0f; %d/%d/%d without, batch %.0f; overload spread %.2f",
          seed, with.met[0], with.met[1], with.met[2], with.batchChunksPerSecond, buckets.met[0], buckets.met[1],
          buckets.met[2], buckets.batchChunksPerSecond, without.met[0], without.met[1],
          without.met[2], without.batchChunksPerSecond, overload.badnessSpread()));
      // Buckets fitted to a's own bursts must not hold back the bursts they were fitted to.
      assertThat(buckets.met[0]).as("the bursty tenant, lanes with buckets: %s", seen).isGreaterThanOrEqualTo(29);
      assertThat(with.met[0]).as("the bursty tenant: %s", seen).isGreaterThanOrEqualTo(29).isGreaterThan(without.met[0]);
      assertThat(with.met[1]).as("%s", seen).isGreaterThanOrEqualTo(29);
      assertThat(with.met[2]).as("%s", seen).isGreaterThanOrEqualTo(26);
      assertThat(with.batchChunksPerSecond).as("%s", seen).isGreaterThan(0.95 * without.batchChunksPerSecond);
      assertThat(overload.badnessSpread()).as("%s", seen).isLessThan(1.5);
    }
    System.out.println("many tenants, lanes: " + seen);
  }
}
