package io.cake.hbase.rpc;

import io.cake.core.sched.InServiceCaps;
import io.cake.core.sched.RateLimits;
import io.cake.core.tenant.TenantNames;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The rules that turn the limits on HBase's handlers into what the fair queues enforce: caps on
 * calls in service and rates of handler time, for best effort ({@code cake.hbase.best-effort.handlers})
 * and for the second-level controller's one limit on the tenants without an SLO. Pure, so that the
 * simulator applies them as the RegionServer does. Handler time is charged in microseconds.
 */
public final class HandlerLimits {
  static final double MICROS_PER_SECOND = 1e6;

  private HandlerLimits() {}

  /**
   * The caps on handlers in service: best effort's from {@code cake.hbase.best-effort.handlers}
   * (the lower of it and the others' cap), none for {@code exempt}, {@code othersMax} for every
   * other tenant (0: none).
   */
  public static InServiceCaps inServiceCaps(double bestEffortHandlers, Set<String> exempt,
      int othersMax) {
    Map<String, Integer> per = new TreeMap<>();
    exempt.forEach(t -> per.put(t, 0));
    int be = bestEffortInService(bestEffortHandlers);
    if (be > 0) { // else best effort is one of the others
      per.put(TenantNames.BEST_EFFORT, othersMax == 0 ? be : Math.min(be, othersMax));
    }
    return new InServiceCaps(per, othersMax);
  }

  /** The others' limit's handlers in service each: {@code handlers} rounded down, at least one (0: none). */
  public static int othersInService(double handlers) {
    return handlers == 0.0 ? 0 : Math.max(1, (int) Math.floor(handlers));
  }

  /** The others' limit's handler time: below one handler, that fraction of one's time each (else none). */
  public static RateLimits othersTime(Collection<String> exempt, double handlers) {
    return handlers >= 1.0 || handlers == 0.0 ? RateLimits.none() : RateLimits.allBut(exempt, handlers * MICROS_PER_SECOND);
  }

  /**
   * How long a rate of handler time may hold a call back: half of what its client still gives it
   * (Long.MAX_VALUE without a deadline). The other half is for running the call and answering. A
   * limit slows a tenant and must not time its calls out: at a twentieth of a handler, one scan
   * call that held a handler for 3 s leaves its tenant a minute in debt. The rate still holds on
   * average, since a call that goes on patience is charged and its tenant's next calls wait longer.
   */
  public static long limitPatienceNanos(long dispatchMillis, long deadlineMillis) {
    if (deadlineMillis == Long.MAX_VALUE) {
      return Long.MAX_VALUE;
    }
    return java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(Math.max(0L, deadlineMillis - dispatchMillis) / 2);
  }

  /**
   * {@code limits} with tenant best-effort held to {@code handlers} of service (0: not held), as
   * {@code cake.hbase.best-effort.handlers} says. Its calls wait at the DataNode behind everyone's
   * while they hold their handler: unheld, they come to hold every handler and every other front
   * end misses (docs/decisions/0016-throughput-contracts.md).
   */
  public static RateLimits withBestEffortCap(RateLimits limits, double handlers) {
    return limits.capped(TenantNames.BEST_EFFORT, handlers * MICROS_PER_SECOND);
  }

  /**
   * The most best-effort calls in service at once for {@code cake.hbase.best-effort.handlers}
   * (0: no cap): the rate above alone is charged when a call completes, so while best-effort calls
   * wait at the DataNode it lets new ones take handlers until they hold every one, and every front
   * end misses.
   */
  public static int bestEffortInService(double handlers) {
    return (int) Math.ceil(handlers);
  }
}
