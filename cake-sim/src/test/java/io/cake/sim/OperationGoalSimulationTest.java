package io.cake.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.controller.loop.Outcome;
import io.cake.controller.policy.SloTarget;
import io.cake.controller.loop.FirstLevelPort;
import io.cake.controller.policy.HBaseInterval;
import io.cake.controller.loop.SecondLevelController;
import io.cake.controller.policy.ControllerParams;
import io.cake.controller.policy.Plan;
import io.cake.core.metrics.LatencySummary;
import io.cake.core.sched.Allocation;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.OperationType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A goal on one operation, steered by the real controller on the simulated cluster: a front end
 * whose gets (one chunk each) have a p99 SLO of 100 ms, and whose occasional scans (64 chunks,
 * about 0.3 s and more) do not count. Judged on the gets it is met; judged on every call (no
 * {@code cake.slo.<tenant>.operation}), the scans make it a miss in every interval.
 */
class OperationGoalSimulationTest {
  private static final int INTERVALS = 12;
  private static final double SLO_MS = 100;
  private static final LatencyGoal ON_GETS = LatencyGoal.of(99, SLO_MS, OperationType.GET);
  private static final LatencyGoal ON_ALL = LatencyGoal.of(99, SLO_MS);

  private static SimulatedCluster cluster() {
    List<Workload> work = List.of(
        Workload.open("front", t -> 40, 0.5, 1),
        Workload.closed("front", 1, 1.0, 64).as(OperationType.SCAN),
        Workload.closed("batch", 8, 1.0, 64));
    SimulatedCluster sim = new SimulatedCluster(new Hardware(16, 6, 4.0), work, 1);
    sim.setAllocation(new Allocation(Map.of("front", 1.0, "batch", 1.0), Map.of(), 0.005));
    return sim;
  }

  /** The controller's decisions for its one SLO tenant, one an interval. */
  private static List<Plan.TenantLine> oneTenant(LatencyGoal goal) {
    SimulatedCluster sim = cluster();
    SecondLevelController.HBasePort hb = sim.hbasePort();
    FirstLevelPort df = sim.hdfsPort();
    SecondLevelController controller = SecondLevelController.inProcess(
        () -> hb, () -> df, ControllerParams.DEFAULTS, List.of(new SloTarget("front", goal)));
    sim.start();
    List<Plan.TenantLine> out = new ArrayList<>();
    for (int i = 0; i < INTERVALS; i++) {
      sim.runUntil((i + 1) * 10_000_000_000L);
      sim.roll();
      // What the goal is about, as the simulated RegionServer recorded it.
      assertThat(hb.lastInterval().operations().of("front", OperationType.SCAN)).isPresent();
      out.add(controller.tick().line("front"));
    }
    return out;
  }

  @Test
  void theOneTenantControllerJudgesAGoalOnGetsByTheGetsAloneAndAGoalOnAllCallsByTheScansToo() {
    List<Plan.TenantLine> onGets = oneTenant(ON_GETS);
    List<Plan.TenantLine> onAll = oneTenant(ON_ALL);
    assertThat(onGets).allSatisfy(d -> assertThat(d.view().performance()).as("gets within the SLO").isGreaterThan(1.0));
    assertThat(onAll).allSatisfy(d -> assertThat(d.view().performance()).as("scans far over it").isLessThan(0.5));
    // And it steers by that: share given back on the gets, taken on every call.
    double start = onGets.get(0).after().share();
    assertThat(onGets.get(INTERVALS - 1).after().share()).isLessThan(start);
    assertThat(onAll.get(INTERVALS - 1).after().share()).isGreaterThan(onAll.get(0).after().share());
  }

  @Test
  void withSeveralSloTenantsAGoalOnGetsIsMeasuredOnTheGetsAlone() {
    for (LatencyGoal goal : List.of(ON_GETS, ON_ALL)) {
      SimulatedCluster sim = cluster();
      SecondLevelController.HBasePort hb = sim.hbasePort();
      FirstLevelPort df = sim.hdfsPort();
      SecondLevelController controller = SecondLevelController.inProcess(
          () -> hb, () -> df, ControllerParams.DEFAULTS,
          // batch with a loose goal of its own makes two SLO tenants.
          List.of(new SloTarget("batch", LatencyGoal.of(99, 60_000), 1), new SloTarget("front", goal, 1)));
      sim.start();
      for (int i = 0; i < 3; i++) {
        sim.runUntil((i + 1) * 10_000_000_000L);
        sim.roll();
        Outcome o = controller.tick();
        HBaseInterval last = hb.lastInterval();
        double gets = LatencySummary.percentileMs(last.operations().of("front", OperationType.GET).orElseThrow(), 99);
        double all = LatencySummary.percentileMs(last.tenants().tenant("front").orElseThrow().latencyNanos(), 99);
        assertThat(all).as("the scans dominate the tenant's p99").isGreaterThan(2 * SLO_MS);
        // Read at the window-corrected percentile from the pooled intervals: near the gets' p99
        // for a goal on gets, the scans' for a goal on every call.
        double measured = o.measured("front").value();
        if (goal.operation().isPresent()) {
          assertThat(measured).as("interval %d, goal %s: gets %.1f, all %.1f", i, goal, gets, all).isLessThan(all / 2);
        } else {
          assertThat(measured).as("interval %d, goal %s: gets %.1f, all %.1f", i, goal, gets, all).isGreaterThan(2 * SLO_MS);
        }
      }
    }
  }
}
