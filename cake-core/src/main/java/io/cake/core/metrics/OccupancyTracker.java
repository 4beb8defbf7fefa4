package io.cake.core.metrics;

/**
 * Fraction of an interval during which a queue held at least one waiting item (Cake section 4.2:
 * "queue occupancy"). Not thread-safe: callers hold the lock that guards the queue itself, and pass
 * the current time in.
 */
public final class OccupancyTracker {
  private long nonEmptySince = -1L;
  private long busyNanos;

  /** The queue went from empty to non-empty. */
  public void becameNonEmpty(long nowNanos) {
    if (nonEmptySince < 0) {
      nonEmptySince = nowNanos;
    }
  }

  /** The queue went from non-empty to empty. */
  public void becameEmpty(long nowNanos) {
    if (nonEmptySince >= 0) {
      busyNanos += Math.max(0L, nowNanos - nonEmptySince);
      nonEmptySince = -1L;
    }
  }

  /**
   * Closes the interval that began at {@code intervalStartNanos} (the owner's, so a queue created
   * mid-interval is measured against the whole interval) and returns its occupancy in [0, 1].
   */
  public double roll(long intervalStartNanos, long nowNanos) {
    long busy = busyNanos;
    if (nonEmptySince >= 0) {
      busy += Math.max(0L, nowNanos - nonEmptySince);
      nonEmptySince = nowNanos;
    }
    long length = nowNanos - intervalStartNanos;
    busyNanos = 0L;
    if (length <= 0) {
      return nonEmptySince >= 0 ? 1.0 : 0.0;
    }
    return Math.min(1.0, (double) busy / length);
  }
}
