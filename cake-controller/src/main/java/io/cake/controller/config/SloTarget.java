package io.cake.controller.config;

import io.cake.core.tenant.Goal;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.TenantNames;
import java.util.Objects;

/** The one latency tenant the controller steers for (the paper's client l), and its goal. */
public record SloTarget(String tenant, Goal goal) {
  public SloTarget {
    TenantNames.check("SLO tenant", tenant);
    Objects.requireNonNull(goal, "goal");
  }

  public static SloTarget latency(String tenant, double percentile, double millis) {
    return new SloTarget(tenant, LatencyGoal.of(percentile, millis));
  }

  @Override
  public String toString() {
    return tenant + ": " + goal;
  }
}
