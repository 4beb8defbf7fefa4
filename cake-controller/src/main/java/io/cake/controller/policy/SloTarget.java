package io.cake.controller.policy;

import io.cake.core.tenant.Goal;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.TenantNames;
import java.util.Objects;

/**
 * A tenant the controller steers for (the paper's client l), its goal, and its weight: how much a
 * miss of its goal counts against the others' when not every goal can be met (Frosting's w; 1
 * unless set). With one target the weight plays no part.
 */
public record SloTarget(String tenant, Goal goal, double weight) {
  public static final double DEFAULT_WEIGHT = 1.0;

  public SloTarget {
    TenantNames.check("SLO tenant", tenant);
    Objects.requireNonNull(goal, "goal");
    if (!(weight > 0) || !Double.isFinite(weight)) {
      throw new IllegalArgumentException("the weight of tenant '" + tenant + "' must be a positive finite number, got " + weight);
    }
  }

  public SloTarget(String tenant, Goal goal) {
    this(tenant, goal, DEFAULT_WEIGHT);
  }

  public static SloTarget latency(String tenant, double percentile, double millis) {
    return new SloTarget(tenant, LatencyGoal.of(percentile, millis));
  }

  /** This target with {@code next} as its goal, same tenant and weight. */
  public SloTarget withGoal(Goal next) {
    return new SloTarget(tenant, next, weight);
  }

  @Override
  public String toString() {
    return tenant + ": " + goal + (weight == DEFAULT_WEIGHT ? "" : " weight " + weight);
  }
}
