package io.cake.core.metrics;

import java.util.Map;
import java.util.Optional;

/** Every tenant's numbers for one interval at one first-level scheduler. Immutable. */
public record SchedulerSnapshot(
    String scheduler, long startNanos, long endNanos, int slots, Map<String, TenantSnapshot> tenants) {

  public SchedulerSnapshot {
    tenants = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(tenants)); // same order in every JVM
  }

  public Optional<TenantSnapshot> tenant(String name) {
    return Optional.ofNullable(tenants.get(name));
  }

  public long intervalNanos() {
    return endNanos - startNanos;
  }
}
