package io.cake.core.sched;

import io.cake.core.tenant.TenantNames;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * The most of each tenant's tickets a {@link FairQueueScheduler} has in service at once: {@code
 * perTenant} by name (0: no cap), {@code defaultMax} for every tenant not named (0: no cap). For
 * work that holds its slot while it waits on another resource (a RegionServer handler while its
 * reads wait at the DataNode): a rate limit charges such work only when it completes, so more of
 * it starts meanwhile; a cap on how much is in service bounds what it holds, and so what it keeps
 * busy downstream.
 */
public record InServiceCaps(Map<String, Integer> perTenant, int defaultMax) {
  public InServiceCaps {
    perTenant.forEach((t, m) -> {
      TenantNames.check("in-service cap tenant", t);
      if (m == null || m < 0) {
        throw new IllegalArgumentException("the in-service cap of '" + t + "' must be >= 0 (0: none), got " + m);
      }
    });
    if (defaultMax < 0) {
      throw new IllegalArgumentException("the default in-service cap must be >= 0 (0: none), got " + defaultMax);
    }
    perTenant = Collections.unmodifiableMap(new TreeMap<>(perTenant));
  }

  public static InServiceCaps none() {
    return new InServiceCaps(Map.of(), 0);
  }

  /** {@code tenant}'s cap, 0 if none. */
  public int max(String tenant) {
    return perTenant.getOrDefault(tenant, defaultMax);
  }

  /** These caps with {@code tenant}'s set to {@code max} (0: no cap for it, whatever the default). */
  public InServiceCaps with(String tenant, int max) {
    Map<String, Integer> next = new TreeMap<>(perTenant);
    next.put(tenant, max);
    return new InServiceCaps(next, defaultMax);
  }
}
