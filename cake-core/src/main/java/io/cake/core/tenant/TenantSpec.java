package io.cake.core.tenant;

import java.util.Optional;

/** Everything an operator declares about one tenant. */
public record TenantSpec(
    String name,
    TenantClass tenantClass,
    Optional<Goal> goal,
    Optional<ThroughputContract> contract) {

  public TenantSpec {
    TenantNames.check("name", name);
    if (tenantClass == null) {
      throw new IllegalArgumentException("tenant '" + name + "': tenantClass must not be null");
    }
    if (goal == null || contract == null) {
      throw new IllegalArgumentException(
          "tenant '" + name + "': goal and contract must be Optional, not null");
    }
    if (tenantClass == TenantClass.LATENCY_SENSITIVE
        && !(goal.isPresent() && goal.get() instanceof LatencyGoal)) {
      throw new IllegalArgumentException(
          "tenant '" + name + "': goal must be a latency goal for a LATENCY_SENSITIVE tenant");
    }
    if (tenantClass == TenantClass.BEST_EFFORT && goal.isPresent()) {
      throw new IllegalArgumentException(
          "tenant '" + name + "': goal must be empty for a BEST_EFFORT tenant");
    }
  }

  public static TenantSpec latency(String name, LatencyGoal goal) {
    return new TenantSpec(name, TenantClass.LATENCY_SENSITIVE, Optional.of(goal), Optional.empty());
  }

  public static TenantSpec batch(String name) {
    return new TenantSpec(name, TenantClass.BATCH, Optional.empty(), Optional.empty());
  }

  public static TenantSpec bestEffort(String name) {
    return new TenantSpec(name, TenantClass.BEST_EFFORT, Optional.empty(), Optional.empty());
  }
}
