package io.cake.core.sched;

import io.cake.core.tenant.TenantNames;
import java.util.Map;
import java.util.TreeMap;

/**
 * Most service each tenant may take, in the scheduler's cost units per second (at HBase the cost
 * is handler time in microseconds, so 500,000 is half of one handler). 0 means no limit. Tenants
 * not named get {@code defaultPerSecond}. A tenant may save up {@code burstSeconds} of its rate
 * while idle. See {@link TokenBucket} for how a limit is kept and {@link
 * FairQueueScheduler#setLimits} for what a limited tenant's work does meanwhile.
 */
public record RateLimits(Map<String, Double> perSecond, double defaultPerSecond, double burstSeconds) {
  public static final double DEFAULT_BURST_SECONDS = 0.1;

  public RateLimits {
    checkRate("default limit", defaultPerSecond);
    perSecond.forEach((tenant, rate) -> {
      TenantNames.check("limit tenant", tenant);
      checkRate("limit of '" + tenant + "'", rate == null ? Double.NaN : rate);
    });
    if (!(burstSeconds > 0.0) || Double.isInfinite(burstSeconds)) {
      throw new IllegalArgumentException("burstSeconds must be a positive finite number, got " + burstSeconds);
    }
    perSecond = java.util.Collections.unmodifiableMap(new TreeMap<>(perSecond));
  }

  /** No tenant limited. */
  public static RateLimits none() {
    return new RateLimits(Map.of(), 0.0, DEFAULT_BURST_SECONDS);
  }

  /** Every tenant but {@code exempt} limited to {@code perSecond} each (0: none). */
  public static RateLimits allBut(String exempt, double perSecond) {
    return allBut(java.util.List.of(exempt), perSecond);
  }

  /** Every tenant not in {@code exempt} limited to {@code perSecond} each (0: none). */
  public static RateLimits allBut(java.util.Collection<String> exempt, double perSecond) {
    Map<String, Double> free = new TreeMap<>();
    exempt.forEach(t -> free.put(t, 0.0));
    return new RateLimits(free, perSecond, DEFAULT_BURST_SECONDS);
  }

  /**
   * These limits with {@code tenant} held to at most {@code perSecond} (0: unchanged): its own
   * limit, or the default, whichever is lower.
   */
  public RateLimits capped(String tenant, double perSecond) {
    checkRate("cap of '" + tenant + "'", perSecond);
    if (perSecond == 0.0) {
      return this;
    }
    double current = rate(tenant);
    Map<String, Double> next = new TreeMap<>(this.perSecond);
    next.put(tenant, current == 0.0 ? perSecond : Math.min(current, perSecond));
    return new RateLimits(next, defaultPerSecond, burstSeconds);
  }

  /** {@code tenant}'s limit, 0 if none. */
  public double rate(String tenant) {
    return perSecond.getOrDefault(tenant, defaultPerSecond);
  }

  /** Whether this limits nobody. */
  public boolean isNone() {
    return defaultPerSecond == 0.0 && perSecond.values().stream().allMatch(r -> r == 0.0);
  }

  private static void checkRate(String field, double v) {
    if (!(v >= 0.0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException(field + " must be 0 (none) or a positive finite number, got " + v);
    }
  }
}
