package io.cake.hbase.rpc;

import io.cake.core.sched.InServiceCaps;
import io.cake.core.sched.RateLimits;
import io.cake.core.tenant.TenantNames;
import java.util.Set;
import java.util.TreeSet;

/**
 * The second-level controller's one limit on the tenants not in {@code exempt} (its SLO tenants):
 * from one handler up, how many each may hold in service at once; below one, the fraction of one
 * handler's time each may use, one in service at most (0: none, and nobody exempt). One value, so
 * the two halves never disagree. {@link HandlerLimits} turns it into what the queues enforce.
 */
record OthersLimit(Set<String> exempt, double handlers) {
  static final OthersLimit NONE = new OthersLimit(Set.of(), 0.0);

  OthersLimit {
    exempt = handlers == 0.0 ? Set.of() : Set.copyOf(exempt);
  }

  /** The limit asked for, refused with a message naming what is wrong outside [0, {@code maxHandlers}]. */
  static OthersLimit of(Set<String> exempt, double handlers, int maxHandlers) {
    exempt.forEach(t -> TenantNames.check("an exempt tenant", t));
    if (!(handlers >= 0.0) || handlers > maxHandlers) {
      throw new IllegalArgumentException("the others' limit must be 0 (none) or a number of handlers up to the pool's max "
          + maxHandlers + ", got " + handlers);
    }
    return new OthersLimit(exempt, handlers);
  }

  boolean isNone() {
    return handlers == 0.0;
  }

  /** The rates of handler time, with best effort's cap of {@code bestEffortHandlers}. */
  RateLimits rates(double bestEffortHandlers) {
    return HandlerLimits.withBestEffortCap(HandlerLimits.othersTime(exempt, handlers), bestEffortHandlers);
  }

  /** The caps on calls in service, with best effort's of {@code bestEffortHandlers}. */
  InServiceCaps caps(double bestEffortHandlers) {
    return HandlerLimits.inServiceCaps(bestEffortHandlers, exempt, HandlerLimits.othersInService(handlers));
  }

  /** The exempt tenants, sorted and comma-separated. */
  String exemptList() {
    return String.join(",", new TreeSet<>(exempt));
  }
}
