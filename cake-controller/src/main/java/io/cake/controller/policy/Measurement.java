package io.cake.controller.policy;

import io.cake.core.tenant.Goal;
import java.util.Objects;

/**
 * What one decision judged an SLO tenant's goal by, for operators: the goal it judged, the goal's
 * metric in its unit (ms, ops/s, or MB/s read at the DataNode) and, for a latency goal, the
 * percentile the ms were read at (the goal's own, or above it where the controller corrects for
 * the window's size); NaN where the decision judged nothing (too few requests, a DataNode without
 * the gauge) or the goal has no percentile.
 */
public record Measurement(Goal goal, double value, double percentile) {
  /** Nothing judged. */
  public static final Measurement NONE = new Measurement(null, Double.NaN, Double.NaN);

  /** {@code o}'s metric for {@code goal} if the decision judged it, else {@link #NONE}. */
  public static Measurement of(Goal goal, Observation o, boolean judged) {
    return judged && !Double.isNaN(o.measured()) ? new Measurement(goal, o.measured(), o.percentile()) : NONE;
  }

  /** This if it judged {@code now}, else {@link #NONE}: a goal changed since is not judged by the old one's numbers. */
  public Measurement forGoal(Goal now) {
    return Objects.equals(goal, now) ? this : NONE;
  }
}
