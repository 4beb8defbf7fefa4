package io.cake.core.aimd;

import java.util.Objects;

/**
 * Additive-increase, multiplicative-decrease sizing of a worker pool from the mean latency of a
 * reference operation (Cake section 5.2, after TCP Vegas). Pure: no clock, no state.
 */
public final class AimdPolicy {
  private final AimdConfig config;

  public AimdPolicy(AimdConfig config) {
    this.config = Objects.requireNonNull(config);
  }

  public AimdConfig config() {
    return config;
  }

  /**
   * The pool size for the next interval. {@code meanMillis} is NaN when the interval had no
   * reference operations; then only the clamp to [min, max] applies.
   */
  public int next(int current, double meanMillis) {
    int size = current;
    if (!Double.isNaN(meanMillis)) {
      if (meanMillis < config.lowMillis()) {
        size = current + 1;
      } else if (meanMillis > config.highMillis()) {
        size = (int) Math.floor(current * config.decreaseFactor());
      }
    }
    return Math.max(config.minSize(), Math.min(config.maxSize(), size));
  }
}
