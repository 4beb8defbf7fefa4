package io.cake.core.tenant;

/**
 * A token-bucket contract: up to {@code ratePerSecond} operations per second with bursts of up to
 * {@code burst} operations are served under the tenant's allocation; load above it is served
 * best-effort.
 */
public record ThroughputContract(double ratePerSecond, long burst) {

  public ThroughputContract {
    if (!(ratePerSecond > 0.0) || Double.isInfinite(ratePerSecond)) {
      throw new IllegalArgumentException(
          "ratePerSecond must be a positive finite number, got " + ratePerSecond);
    }
    if (burst < 1) {
      throw new IllegalArgumentException("burst must be at least 1, got " + burst);
    }
  }
}
