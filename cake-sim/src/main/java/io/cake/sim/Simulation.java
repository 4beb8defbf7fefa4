package io.cake.sim;

import io.cake.controller.policy.SloTarget;
import io.cake.controller.loop.SecondLevelController;
import io.cake.controller.policy.AllocationMapper;
import io.cake.controller.policy.ControllerParams;
import io.cake.controller.policy.Plan;
import io.cake.controller.policy.TenantState;
import io.cake.core.metrics.LatencySummary;
import io.cake.core.sched.Allocation;
import io.cake.core.tenant.LatencyGoal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleUnaryOperator;
import org.HdrHistogram.Histogram;

/**
 * The real {@link SecondLevelController} on a {@link SimulatedCluster}, through in-memory ports:
 * one front end of single-chunk gets against closed-loop batch scans. Everything the controller
 * sets takes effect (shares and reservations at both levels, the others' limit). No
 * threads, no wall clock: every run is repeatable.
 */
public final class Simulation {
  public static final String FRONT = "front";
  public static final String BATCH = "batch";

  /** The model's parameters. Rates are per second, times in milliseconds. */
  public record Model(
      int hbaseHandlers,
      int hdfsSlots,
      double getCpuMs,
      double scanCpuMs,
      double chunkMs,
      int batchThreads,
      int chunksPerScan,
      DoubleUnaryOperator frontRate) {}

  /**
   * What happened in one controller interval.
   *
   * @param allocation the front end's allocation in force in it
   * @param decision what the controller then decided for the front end (null: none)
   * @param othersLimit the limit on batch in force in it (handlers, 0: none)
   */
  public record Interval(
      int index,
      double frontP99Ms,
      long frontOps,
      long batchChunks,
      TenantState allocation,
      Plan.TenantLine decision,
      double othersLimit) {}

  private final LatencyGoal goal;
  private final ControllerParams params;
  private final TenantState start;
  private final SimulatedCluster cluster;
  private final SecondLevelController controller; // null: the first level alone

  /**
   * @param control false runs the first level alone with the starting allocation (a baseline)
   */
  public Simulation(
      Model model, LatencyGoal goal, ControllerParams params, TenantState start, boolean control, long seed) {
    this.goal = goal;
    this.params = params;
    this.start = start;
    this.cluster = new SimulatedCluster(
        new Hardware(model.hbaseHandlers(), model.hdfsSlots(), model.chunkMs()),
        List.of(Workload.open(FRONT, model.frontRate(), model.getCpuMs(), 1),
            Workload.closed(BATCH, model.batchThreads(), model.scanCpuMs(), model.chunksPerScan())),
        seed);
    Allocation base = new Allocation(Map.of(BATCH, 1.0), Map.of(), 1.0);
    Map<String, Double> share = Map.of(FRONT, start.share());
    cluster.hdfsScheduler().setAllocation(AllocationMapper.map(share, Map.of(FRONT, start.hdfsReserved()), base));
    cluster.hbaseScheduler().setAllocation(AllocationMapper.map(share, Map.of(FRONT, start.hbaseReserved()), base));
    SecondLevelController.HBasePort hb = cluster.hbasePort();
    var df = cluster.hdfsPort();
    this.controller = control
        ? SecondLevelController.inProcess(() -> hb, () -> df, params, List.of(new SloTarget(FRONT, goal)))
        : null;
  }

  /** Runs {@code intervals} controller intervals and returns what each one measured. */
  public List<Interval> run(int intervals) {
    long intervalNanos = params.interval().toNanos();
    cluster.start();
    List<Interval> out = new ArrayList<>();
    long batchBefore = 0;
    for (int i = 0; i < intervals; i++) {
      cluster.runUntil((i + 1) * intervalNanos);
      cluster.roll();
      TenantState inForce = controller == null || controller.allocation(FRONT) == null ? start
          : controller.allocation(FRONT);
      double limit = controller == null ? 0 : controller.othersLimit();
      Plan.TenantLine d = controller == null ? null : controller.tick().line(FRONT);
      Histogram front = cluster.takeLatency(FRONT);
      long batch = cluster.chunks(BATCH);
      out.add(new Interval(i, LatencySummary.percentileMs(front, goal.percentile()), front.getTotalCount(),
          batch - batchBefore, inForce, d, limit));
      batchBefore = batch;
    }
    return out;
  }
}
