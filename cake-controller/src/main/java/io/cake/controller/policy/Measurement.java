package io.cake.controller.policy;

import io.cake.core.tenant.Goal;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.ThroughputGoal;
import java.util.Locale;
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

  /** 1 when the goal was met, 0 when missed, NaN when nothing was judged. */
  public double met() {
    return goal == null ? Double.NaN : goal.normalisedPerformance(value) >= 1.0 ? 1 : 0;
  }

  /** The value in words with its unit ("42.0 ms at p99.00"); empty when nothing was judged. */
  public String describe() {
    if (goal == null) {
      return "";
    }
    if (goal instanceof LatencyGoal) {
      return Double.isNaN(percentile) ? String.format(Locale.ROOT, "%.1f ms", value)
          : String.format(Locale.ROOT, "%.1f ms at p%.2f", value, percentile);
    }
    return String.format(Locale.ROOT, goal instanceof ThroughputGoal ? "%.1f ops/s"
        : "%.1f MB/s", value);
  }
}
