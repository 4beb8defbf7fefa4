package io.cake.core.sched;

/**
 * A token bucket for a cost known only after the fact: tokens accrue at {@code ratePerSecond} up
 * to {@code burst}; work may start whenever the balance is not negative, and is charged its
 * estimated cost when it starts and the difference when its real cost is known. The balance may go
 * into debt (one call can cost more than the burst), and the debt is paid off at the rate before
 * the next start: on average the tenant gets the rate, whatever its call sizes.
 *
 * <p>Time is passed in (nanoseconds of the scheduler's clock), as in dmclock: the class has no
 * clock, no lock and no threads, and its owner guards it. Guava's RateLimiter reserves before the
 * work and cannot take a clock from outside; Bucket4j could do this (a debt via
 * consumeIgnoringRateLimits) but brings its own synchronisation and a jar to shade into the
 * RegionServer for what fits in this class.
 */
final class TokenBucket {
  private final double perNano;
  private final double burst;
  private double tokens;
  private long lastNanos;

  /**
   * @param ratePerSecond cost units earned per second, &gt; 0
   * @param burst most units saved up while idle, &gt; 0; the bucket starts full
   */
  TokenBucket(double ratePerSecond, double burst, long nowNanos) {
    if (!(ratePerSecond > 0.0) || Double.isInfinite(ratePerSecond)) {
      throw new IllegalArgumentException("rate must be a positive finite number, got " + ratePerSecond);
    }
    if (!(burst > 0.0) || Double.isInfinite(burst)) {
      throw new IllegalArgumentException("burst must be a positive finite number, got " + burst);
    }
    this.perNano = ratePerSecond / 1e9;
    this.burst = burst;
    this.tokens = burst;
    this.lastNanos = nowNanos;
  }

  /**
   * A bucket at another rate and burst that keeps this one's balance (its debt, or its savings up
   * to the new burst): a limit changed every control interval must not hand out a fresh burst each
   * time.
   */
  TokenBucket withRate(double ratePerSecond, double burst, long nowNanos) {
    TokenBucket next = new TokenBucket(ratePerSecond, burst, nowNanos);
    next.tokens = Math.min(burst, tokens(nowNanos));
    return next;
  }

  /** Whether work may start now (the balance is not negative). */
  boolean ready(long nowNanos) {
    refill(nowNanos);
    return tokens >= 0.0;
  }

  /** Nanoseconds until {@link #ready}, 0 if it is now. */
  long nanosUntilReady(long nowNanos) {
    refill(nowNanos);
    return tokens >= 0.0 ? 0L : (long) Math.ceil(-tokens / perNano);
  }

  /** Takes {@code units} (negative: gives back an over-estimate, never above the burst). */
  void charge(long nowNanos, double units) {
    refill(nowNanos);
    tokens = Math.min(burst, tokens - units);
  }

  /** The balance now: negative while in debt. */
  double tokens(long nowNanos) {
    refill(nowNanos);
    return tokens;
  }

  private void refill(long nowNanos) {
    if (nowNanos > lastNanos) {
      tokens = Math.min(burst, tokens + (nowNanos - lastNanos) * perNano);
      lastNanos = nowNanos;
    }
  }
}
