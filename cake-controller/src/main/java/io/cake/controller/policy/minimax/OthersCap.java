package io.cake.controller.policy.minimax;

import java.util.Map;

/**
 * For several SLO tenants: how many handlers each tenant without an SLO (batch) may hold at once
 * at the RegionServer, by AIMD on the SLOs themselves (the one-tenant controller's pool cap, in
 * the form several tenants need). Shares order what waits; they cannot stop a scan that already
 * holds a handler from keeping a DataNode read in flight on the volume a get needs next. So when
 * an SLO tenant misses with the shares already given to the goals (the allocator says
 * overloaded), the cap falls to {@link #DECREASE} of what the others held (first: of the handlers
 * they kept busy); when every measured SLO tenant has been at its target performance for {@link
 * #GROW_AFTER} intervals in a row it grows by one, and is lifted once it reaches the pool.
 * Otherwise it stays. Pure.
 *
 * <p>Why wait two intervals to grow: on the real hdd mini-cluster, growing after every interval at
 * the target put the misses right after a growth (the cap climbed 6, 7, 8, 9 and a tenant missed
 * at 9): one interval's p99 at 1.5x the SLO is not yet room.
 */
public final class OthersCap {
  public static final double DECREASE = 0.75;
  public static final int GROW_AFTER = 2;

  /** The cap (0: none) and how many intervals in a row every goal has been at its target. */
  public record Step(int cap, int atTarget) {}

  private OthersCap() {}

  /**
   * @param now the cap now (0: none) and the intervals in a row at the target before this one
   * @param pool the handler pool now
   * @param othersBusy mean handlers the tenants without an SLO kept busy in the interval
   * @param performance each SLO tenant's measured performance (NaN: none)
   * @param target the performance at which the cap grows back
   * @param overloaded whether the allocator could not give every goal its target by shares
   * @return the next cap (0: none) and count
   */
  public static Step next(Step now, int pool, double othersBusy, Map<String, Double> performance, double target,
      boolean overloaded) {
    int cap = now.cap();
    boolean anyMiss = false;
    boolean allAtTarget = true;
    boolean anyMeasured = false;
    for (double p : performance.values()) {
      if (Double.isNaN(p)) {
        continue;
      }
      anyMeasured = true;
      anyMiss |= p < 1;
      allAtTarget &= p >= target;
    }
    if (anyMiss && overloaded) {
      double from = cap > 0 ? cap : Math.min(pool, Math.max(1, Math.ceil(othersBusy)));
      return new Step(Math.max(1, (int) Math.floor(DECREASE * from)), 0);
    }
    int atTarget = anyMeasured && allAtTarget ? now.atTarget() + 1 : 0;
    if (cap > 0 && atTarget >= GROW_AFTER) {
      return new Step(cap + 1 >= pool ? 0 : cap + 1, 0);
    }
    return new Step(cap, atTarget);
  }
}
