package io.cake.sim;

import io.cake.controller.config.SloTarget;
import io.cake.controller.loop.SecondLevelController;
import io.cake.controller.policy.AllocationMapper;
import io.cake.controller.policy.Decision;
import io.cake.controller.policy.LatencyAllocation;
import io.cake.controller.policy.SloDecider;
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
 * sets takes effect (shares and reservations at both levels, the pool cap, the throttle). No
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

  /** What happened in one controller interval; {@code hbaseHandlers}: the pool in force in it. */
  public record Interval(
      int index,
      double frontP99Ms,
      long frontOps,
      long batchChunks,
      LatencyAllocation allocation,
      Decision decision,
      int hbaseHandlers) {}

  private final LatencyGoal goal;
  private final SloDecider decider;
  private final LatencyAllocation start;
  private final SimulatedCluster cluster;
  private final SecondLevelController controller; // null: the first level alone

  /**
   * @param control false runs the first level alone with the starting allocation (a baseline)
   */
  public Simulation(
      Model model, LatencyGoal goal, SloDecider decider, LatencyAllocation start, boolean control, long seed) {
    this.goal = goal;
    this.decider = decider;
    this.start = start;
    this.cluster = new SimulatedCluster(
        new Hardware(model.hbaseHandlers(), model.hdfsSlots(), model.chunkMs()),
        List.of(Workload.open(FRONT, model.frontRate(), model.getCpuMs(), 1),
            Workload.closed(BATCH, model.batchThreads(), model.scanCpuMs(), model.chunksPerScan())),
        seed);
    Allocation base = new Allocation(Map.of(BATCH, 1.0), Map.of(), 1.0);
    cluster.hdfsScheduler().setAllocation(AllocationMapper.hdfs(FRONT, start, base));
    cluster.hbaseScheduler().setAllocation(AllocationMapper.hbase(FRONT, start, base));
    SecondLevelController.HBasePort hb = cluster.hbasePort();
    var df = cluster.hdfsPort();
    this.controller = control
        ? SecondLevelController.inProcess(() -> hb, () -> df, decider, new SloTarget(FRONT, goal))
        : null;
  }

  /** Runs {@code intervals} controller intervals and returns what each one measured. */
  public List<Interval> run(int intervals) {
    long intervalNanos = decider.params().interval().toNanos();
    cluster.start();
    List<Interval> out = new ArrayList<>();
    long batchBefore = 0;
    for (int i = 0; i < intervals; i++) {
      cluster.runUntil((i + 1) * intervalNanos);
      cluster.roll();
      LatencyAllocation inForce = controller == null || controller.allocation() == null ? start : controller.allocation();
      int pool = cluster.handlers();
      Decision d = controller == null ? null : controller.tick().decision();
      Histogram front = cluster.takeLatency(FRONT);
      long batch = cluster.chunks(BATCH);
      out.add(new Interval(i, LatencySummary.percentileMs(front, goal.percentile()), front.getTotalCount(),
          batch - batchBefore, inForce, d, pool));
      batchBefore = batch;
    }
    return out;
  }
}
