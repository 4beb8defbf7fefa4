package io.cake.controller.policy;

import java.util.Collection;

/**
 * The one limit on the tenants without an SLO (batch, untagged, best effort): how many HBase
 * handlers each may hold in service at once, by AIMD on the SLOs themselves; below one handler,
 * the fraction of one handler's time each may use. Shares order what waits; they cannot stop a
 * scan that already holds a handler from keeping a DataNode read in flight, nor, on a CPU-bound
 * RegionServer, its handler from slowing every get beside it
 * (docs/decisions/0005-pool-cap-and-throttle.md, 0020-others-cap.md).
 *
 * <p>So when an SLO tenant misses where more share would not help it (its time was neither spent
 * waiting in a queue nor reading at the DataNode, {@link #cpuBound}; or its share is spent: the
 * arbitration cut it, or it holds nearly everything), and its requests show the miss ({@link
 * TenantView#missShown}: one of them over the SLO, not only the tail fitted to them), the limit falls to {@code poolCapFactor} of
 * what the others hold (or by the miss when that is larger, at most to {@link #MAX_CUT}), never
 * below {@link #LEAST}. While every tenant holds its SLO with slack and none is on hold, it grows
 * back (by a twentieth of a handler below one, by one above), as a probe, no further than the
 * handlers the SLO tenants' load floors leave, and is lifted once it reaches the pool. A miss
 * judged on too few requests changes nothing: whether the time went to CPU or to the disk is read
 * beside the DataNode's interval, which at a load's start may predate the load. Pure.
 */
public final class OthersLimit {
  /**
   * The deepest cut in one interval: a front end six times over its SLO takes a pool of 10 to one
   * handler in one step, and not deeper, so that one slow interval (a GC pause) costs the others
   * no more than the probes return in a few (docs/decisions/0006-deepest-cut-a-quarter.md).
   */
  static final double MAX_CUT = 0.25;
  /** The tightest limit, in handlers: the others are slowed, never stopped. */
  public static final double LEAST = 0.02;
  /** Growth below one handler, per interval. */
  static final double FRACTION_STEP = 0.05;

  private OthersLimit() {}

  /** The next limit (0: none) and why it changed (empty: it did not). */
  public record Result(double handlers, boolean probe, String reason) {}

  /**
   * @param limit the limit now (0: none)
   * @param views every SLO tenant's interval
   * @param spent the tenants whose share can no longer help them
   * @param othersBusy handlers the tenants without an SLO kept busy
   * @param sloReserved handlers reserved for the SLO tenants
   * @param floors the SLO tenants' load floors together, a fraction of the slots
   * @param holding whether any tenant's give-backs are on hold
   */
  public static Result next(double limit, Collection<TenantView> views, Collection<String> spent, int pool,
      double othersBusy, int sloReserved, double floors, boolean holding, ControllerParams p) {
    if (p.poolCapFactor() <= 0) {
      return new Result(0, false, "");
    }
    TenantView worst = null;
    boolean allSlack = !views.isEmpty();
    boolean anyJudged = false;
    for (TenantView v : views) {
      if (!v.judged() || !v.note().isEmpty()) {
        allSlack = false;
        continue;
      }
      anyJudged = true;
      allSlack &= v.performance() > p.highPerformance();
      boolean helpless = cpuBound(v.obs(), p) || spent.contains(v.tenant());
      if (v.missShown(p.lowPerformance()) && helpless
          && (worst == null || v.performance() < worst.performance())) {
        worst = v;
      }
    }
    int room = Math.max(1, pool - sloReserved);
    if (worst != null) {
      double from = limit > 0 ? limit : Math.min(room, Math.max(1, Math.ceil(othersBusy)));
      double next = Math.max(LEAST, from * Math.min(p.poolCapFactor(), Math.max(worst.performance(), MAX_CUT)));
      return new Result(next, false, String.format("%s missed (perf %.2f) where share cannot help: others held to %.2f"
          + " handlers each", worst.tenant(), worst.performance(), next));
    }
    if (allSlack && anyJudged && limit > 0 && !holding) {
      double next = limit < 1 ? Math.min(1.0, limit + FRACTION_STEP) : Math.floor(limit) + 1;
      if (next >= room) {
        return new Result(0, true, "every SLO exceeded: the others' limit lifted");
      }
      int most = pool - (int) Math.ceil(pool * Math.min(1.0, Math.max(0.0, floors)) - 1e-9);
      if (next > Math.max(1, most)) {
        return new Result(limit, false, "");
      }
      return new Result(next, true, String.format("every SLO exceeded: others held to %.2f handlers each", next));
    }
    return new Result(limit, false, "");
  }

  /** A miss not spent waiting in a queue nor reading at the DataNode: CPU, which the limit answers. */
  static boolean cpuBound(Observation o, ControllerParams p) {
    return !diskBound(o) && o.hdfsOccupancy() < p.minOccupancy();
  }

  /**
   * The tenant's handlers spend most of their time in DataNode reads: a slow call is then slow at
   * the disk, and fewer handlers beside it would not make it faster. Without this the limit reads
   * disk queueing as CPU contention and holds batch to one handler beside the front end's
   * reservations (docs/decisions/0005-pool-cap-and-throttle.md).
   */
  static boolean diskBound(Observation o) {
    return o.hbaseBusy() > 0 && o.hdfsBusy() >= ReservationPolicy.DISK_BOUND_FRACTION * o.hbaseBusy();
  }
}
