package io.cake.controller.policy.minimax;

/**
 * Frosting's per-tenant linear model: normalized SLO performance (desired over actual latency,
 * actual over desired throughput; 1 is exactly the SLO) as {@code intercept + slope x share}.
 * Re-fit every interval ({@link ModelFit}), so it only has to hold near the current share, which
 * is why the allocator's steps are bounded.
 */
public record PerformanceModel(double intercept, double slope) {
  public PerformanceModel {
    if (!Double.isFinite(intercept) || !(slope > 0) || !Double.isFinite(slope)) {
      throw new IllegalArgumentException(
          "a performance model needs a finite intercept and a positive finite slope, got " + intercept + " + " + slope + " x share");
    }
  }

  /** Performance at {@code share}. */
  public double performance(double share) {
    return intercept + slope * share;
  }

  /** The share at which the model reaches {@code performance} (may be outside [0, 1]). */
  public double shareFor(double performance) {
    return (performance - intercept) / slope;
  }
}
