package io.cake.controller.policy.rules;

import io.cake.controller.policy.ControllerParams;
import io.cake.controller.policy.Observation;

/**
 * Beyond the paper: AIMD on the SLO for the HBase pool. Shares and reservations fix waiting in a
 * queue; when the SLO misses while the tenant hardly waited at the DataNode and its calls were
 * not {@link #diskBound disk-bound}, they are slow
 * because of everything running beside them (on a CPU-bound RegionServer, every batch handler
 * slows every get). Then the pool is capped at {@link #shrinkFactor} of what runs now, never
 * below one shared handler besides the reservations ({@link #floor}); while the SLO holds with
 * slack the cap grows by one per interval while the pool is at it. A {@code poolCapFactor} of 0
 * turns the cap off; with too few samples it is kept, a clear miss from too few included.
 */
public final class PoolCap implements DecisionRule {
  /**
   * The pool cap answers contention beside the disk: it stays off while the tenant's DataNode reads
   * take at least this fraction of its handlers' time, read by Little's law as mean DataNode slots
   * busy over mean HBase handlers busy with its calls.
   */
  static final double DISK_BOUND_FRACTION = 0.5;

  @Override
  public void apply(DecisionDraft d) {
    d.cap = next(d);
  }

  private static int next(DecisionDraft d) {
    ControllerParams params = d.params;
    Observation obs = d.obs;
    double perf = d.perf;
    int cap = d.current.hbasePoolCap();
    boolean throttled = d.current.othersThrottle() > 0;
    if (params.poolCapFactor() <= 0.0) {
      return 0;
    }
    if (Double.isNaN(perf) || d.fewSamples()) {
      // Too few samples, even for a clear miss: whether the time went to CPU or to the disk is
      // read beside the DataNode's interval, which at a load's start may predate the load and
      // make a disk-bound tenant look CPU-bound.
      return cap;
    }
    int running = running(obs, cap);
    if (perf < params.lowPerformance() && diskBound(obs)) {
      d.reasons.add(String.format(
          "SLO missed with the tenant's calls mostly reading at the DataNode (%.1f of %.1f busy handlers): pool cap kept",
          obs.hdfsBusy(), obs.hbaseBusy()));
      return cap;
    }
    if (perf < params.lowPerformance() && cpuBound(params, obs)) {
      int next = Math.max(floor(d), (int) Math.floor(running * shrinkFactor(params, perf)));
      if (next < running) {
        d.reasons.add(String.format(
            "SLO missed while hardly waiting at the DataNode (occupancy %.2f): cap the HBase pool at %d handlers (%d now)",
            obs.hdfsOccupancy(), next, running));
        return next;
      }
      return cap;
    }
    if (perf > params.highPerformance() && cap > 0 && obs.hbaseSlots() >= cap && !throttled) {
      // Only while the cap binds: below it AIMD holds the pool, and a cap running ahead of the
      // pool would no longer mean anything. A throttle is lifted before the cap grows.
      d.reasons.add(String.format("SLO exceeded: HBase pool cap +1 to %d", cap + 1));
      return cap + 1;
    }
    return cap;
  }

  /** The least the pool is capped at: one shared handler beside every reservation. */
  static int floor(DecisionDraft d) {
    return d.hbaseRes + d.otherHbaseReserved + 1;
  }

  /** Handlers running now: the pool, or the cap where one binds. */
  static int running(Observation obs, int cap) {
    return cap > 0 ? Math.min(cap, obs.hbaseSlots()) : obs.hbaseSlots();
  }

  /**
   * The deepest multiplicative cut in one interval: a front end six times over its SLO takes a
   * pool of 10 to its floor in one step, where halving would take two and the throttle four more
   * (docs/decisions/0006-deepest-cut-a-quarter.md). Not deeper: one slow interval (a GC pause)
   * must not cost the other tenants more than the give-back probe returns in a few.
   */
  static final double MAX_CUT = 0.25;

  /**
   * The pool cap's and the throttle's multiplicative decrease: the pool-cap factor, or the miss
   * when it is larger (perf 0.6: times 0.6), at most {@link #MAX_CUT}. A front end far over its
   * SLO gets there in a few intervals; near it the steps stay as small as the factor.
   */
  static double shrinkFactor(ControllerParams params, double perf) {
    return Math.min(params.poolCapFactor(), Math.max(perf, MAX_CUT));
  }

  /** What the pool cap and the throttle answer: a miss not spent waiting in a queue nor on disk. */
  static boolean cpuBound(ControllerParams params, Observation obs) {
    return !diskBound(obs) && obs.hdfsOccupancy() < params.minOccupancy();
  }

  /**
   * The tenant's handlers spend most of their time in DataNode reads (waiting in a device queue
   * below Cake's gate counts, and shows no occupancy at the gate once slots are reserved): a slow
   * call is then slow at the disk, and fewer handlers beside it would not make it faster. Without
   * this the cap reads disk queueing as CPU contention and shrinks the pool until batch has one
   * handler beside the front end's reservations (docs/decisions/0005-pool-cap-and-throttle.md).
   */
  static boolean diskBound(Observation obs) {
    return obs.hbaseBusy() > 0 && obs.hdfsBusy() >= DISK_BOUND_FRACTION * obs.hbaseBusy();
  }
}
