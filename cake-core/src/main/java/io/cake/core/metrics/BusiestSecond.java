package io.cake.core.metrics;

import java.util.concurrent.TimeUnit;

/**
 * A tenant's load in the busiest second of an interval, in busy slots: the service time of the
 * work that completed in each whole second of the clock, over that second.
 *
 * <p>Why: the controller reads a tenant's mean load over its interval (5 or 10 s), and a mean hides
 * a burst. An on-off front end whose 5 s burst straddles two 5 s intervals shows half its burst's
 * load in each; a priority lane sized from that is half as wide as the next burst wants
 * (docs/decisions/0014-priority-lanes.md). A second inside the burst shows its load wherever the
 * burst falls.
 * Work is counted in the second it completed in, whole: exact for calls much shorter than a
 * second (gets), lumpy for longer ones, which is why the mean stays beside it.
 *
 * <p>Time is passed in (the caller's clock). Thread-safe: completions come from many threads.
 */
public final class BusiestSecond {
  static final long SECOND_NANOS = TimeUnit.SECONDS.toNanos(1);

  private long second = Long.MIN_VALUE;
  private long serviceNanos;
  private long peakNanos;

  /** Work of {@code serviceNanos} completed at {@code nowNanos}. */
  public synchronized void completed(long nowNanos, long serviceNanos) {
    advance(nowNanos);
    this.serviceNanos += Math.max(0L, serviceNanos);
  }

  /**
   * Closes the interval at {@code nowNanos}: the busiest second's load in slots, the second under
   * way included (it goes on counting into the next interval, which it belongs to as well).
   */
  public synchronized double roll(long nowNanos) {
    advance(nowNanos);
    double busiest = Math.max(peakNanos, serviceNanos) / (double) SECOND_NANOS;
    peakNanos = 0;
    return busiest;
  }

  private void advance(long nowNanos) {
    long s = Math.floorDiv(nowNanos, SECOND_NANOS);
    if (s != second) {
      peakNanos = Math.max(peakNanos, serviceNanos);
      second = s;
      serviceNanos = 0;
    }
  }
}
