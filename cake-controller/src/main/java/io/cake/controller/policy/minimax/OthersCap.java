package io.cake.controller.policy.minimax;

import java.util.Map;

/**
 * For several SLO tenants: how many handlers each tenant without an SLO (batch) may hold at once
 * at the RegionServer, by AIMD on the SLOs themselves (the one-tenant controller's pool cap, in
 * the form several tenants need). Shares order what waits; they cannot stop a scan that already
 * holds a handler from keeping a DataNode read in flight on the volume a get needs next. So when
 * an SLO tenant misses with the shares already given to the goals (the allocator says
 * overloaded; or on any miss, with {@link ManyTenantParams#cutOnEveryMiss}), the cap falls to {@link #DECREASE} of what the others held (first: of the handlers
 * they kept busy); when every measured SLO tenant is at its target performance, in an interval
 * that tested the cap (every SLO tenant near its peak load), it grows by one, up to the handlers
 * the SLO tenants' load floors leave, and is lifted once it reaches the pool. Otherwise it stays.
 * Pure.
 *
 * <p>Why grow no further than the floors leave: growth is a probe, and a probe that fails is a
 * missed window. A cap that grows while every goal is met with room can reach nearly the whole
 * pool, until a get arrives to find the scans holding almost every handler; that miss is not one
 * the minimax calls overloaded, so nothing cuts the cap. The floors are the fraction of the slots
 * each SLO tenant's recent peak load needs (with margin), the same the shares keep; a cap into
 * them hands the scans the handlers those peaks need (docs/decisions/0020-others-cap.md).
 */
public final class OthersCap {
  public static final double DECREASE = 0.75;

  private OthersCap() {}

  /**
   * @param cap the cap now (0: none)
   * @param pool the handler pool now
   * @param othersBusy mean handlers the tenants without an SLO kept busy in the interval
   * @param performance each SLO tenant's measured performance (NaN: none)
   * @param target the performance at which the cap grows back
   * @param missCuts whether a miss cuts the cap: the allocator could not give every goal its target
   *     by shares, or the controller cuts on every miss ({@link ManyTenantParams#cutOnEveryMiss})
   * @param tested whether the interval's load tested the cap (true when loads are not tracked)
   * @param floors the SLO tenants' load floors together, a fraction of the slots: the cap grows
   *     no further than the handlers they leave
   * @return the next cap (0: none)
   */
  public static int next(int cap, int pool, double othersBusy, Map<String, Double> performance, double target,
      boolean missCuts, boolean tested, double floors) {
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
    if (anyMiss && missCuts) {
      double from = cap > 0 ? cap : Math.min(pool, Math.max(1, Math.ceil(othersBusy)));
      return Math.max(1, (int) Math.floor(DECREASE * from));
    }
    if (anyMeasured && allAtTarget && tested && cap > 0) {
      int most = pool - (int) Math.ceil(pool * Math.min(1.0, Math.max(0.0, floors)) - 1e-9);
      if (cap + 1 > most) {
        return cap;
      }
      return cap + 1 >= pool ? 0 : cap + 1;
    }
    return cap;
  }
}
