package io.cake.core.tenant;

import java.util.Optional;

/**
 * "The {@code percentile}th percentile latency of {@code operation} requests (any operation when
 * empty) is at most {@code millis}".
 */
public record LatencyGoal(double percentile, double millis, Optional<OperationType> operation)
    implements Goal {

  public LatencyGoal {
    if (!(percentile > 0.0 && percentile < 100.0)) {
      throw new IllegalArgumentException("percentile must be in (0, 100), got " + percentile);
    }
    if (!(millis > 0.0) || Double.isInfinite(millis)) {
      throw new IllegalArgumentException("millis must be a positive finite number, got " + millis);
    }
    if (operation == null) {
      throw new IllegalArgumentException("operation must be Optional.empty() or a type, not null");
    }
  }

  public static LatencyGoal of(double percentile, double millis) {
    return new LatencyGoal(percentile, millis, Optional.empty());
  }

  public static LatencyGoal of(double percentile, double millis, OperationType operation) {
    return new LatencyGoal(percentile, millis, Optional.of(operation));
  }

  @Override
  public double normalisedPerformance(double measuredMillis) {
    if (measuredMillis <= 0.0) {
      return Double.POSITIVE_INFINITY;
    }
    return millis / measuredMillis;
  }

  @Override
  public String toString() {
    return "p" + percentile + " <= " + millis + " ms" + operation.map(o -> " (" + o + ")").orElse("");
  }
}
