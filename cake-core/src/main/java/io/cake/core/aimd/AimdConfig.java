package io.cake.core.aimd;

import java.time.Duration;

/**
 * Bounds for AIMD pool sizing (Cake section 5.2). Paper defaults: +1 below 6 ms, x0.75 above 8 ms,
 * pool between 4 and 72, every 10 s.
 */
public record AimdConfig(
    double lowMillis,
    double highMillis,
    double decreaseFactor,
    int minSize,
    int maxSize,
    Duration interval) {

  public static final double DEFAULT_LOW_MILLIS = 6.0;
  public static final double DEFAULT_HIGH_MILLIS = 8.0;
  public static final double DEFAULT_DECREASE_FACTOR = 0.75;
  public static final int DEFAULT_MIN_SIZE = 4;
  public static final int DEFAULT_MAX_SIZE = 72;
  public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(10);
  /**
   * The most handler threads a pool may have: far above any useful size (stock HBase runs 30),
   * low enough that a mistyped bound cannot start a hundred thousand threads in a RegionServer.
   */
  public static final int MAX_SIZE = 1024;

  public static final AimdConfig DEFAULTS =
      new AimdConfig(
          DEFAULT_LOW_MILLIS,
          DEFAULT_HIGH_MILLIS,
          DEFAULT_DECREASE_FACTOR,
          DEFAULT_MIN_SIZE,
          DEFAULT_MAX_SIZE,
          DEFAULT_INTERVAL);

  public AimdConfig {
    if (!(lowMillis >= 0.0) || Double.isInfinite(lowMillis)) {
      throw new IllegalArgumentException("lowMillis must be >= 0 and finite, got " + lowMillis);
    }
    if (!(highMillis >= lowMillis) || Double.isInfinite(highMillis)) {
      throw new IllegalArgumentException(
          "highMillis must be finite and >= lowMillis (" + lowMillis + "), got " + highMillis);
    }
    if (!(decreaseFactor > 0.0 && decreaseFactor < 1.0)) {
      throw new IllegalArgumentException("decreaseFactor must be in (0, 1), got " + decreaseFactor);
    }
    if (minSize < 1) {
      throw new IllegalArgumentException("minSize must be >= 1, got " + minSize);
    }
    if (maxSize < minSize) {
      throw new IllegalArgumentException(
          "maxSize must be >= minSize (" + minSize + "), got " + maxSize);
    }
    if (maxSize > MAX_SIZE) {
      throw new IllegalArgumentException("maxSize must be <= " + MAX_SIZE + ", got " + maxSize);
    }
    if (interval == null || interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException("interval must be positive, got " + interval);
    }
  }
}
