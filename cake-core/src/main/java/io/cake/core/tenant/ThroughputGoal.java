package io.cake.core.tenant;

/** "At least {@code opsPerSecond} operations per second". */
public record ThroughputGoal(double opsPerSecond) implements Goal {

  public ThroughputGoal {
    if (!(opsPerSecond > 0.0) || Double.isInfinite(opsPerSecond)) {
      throw new IllegalArgumentException(
          "opsPerSecond must be a positive finite number, got " + opsPerSecond);
    }
  }

  @Override
  public double normalisedPerformance(double measuredOpsPerSecond) {
    return Math.max(0.0, measuredOpsPerSecond) / opsPerSecond;
  }

  @Override
  public String toString() {
    return ">= " + opsPerSecond + " ops/s";
  }
}
