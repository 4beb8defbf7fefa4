package io.cake.hdfs.datanode;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How long a disk read may hold its slot before it is presumed hung: the configured floor ({@link
 * HdfsSchedulerConfig#STUCK_READ_MS_KEY}), or {@value #FACTOR} times the longest read that
 * completed in the last one to two minutes, whichever is longer.
 *
 * <p>Why relative. A fixed time is crossed by healthy reads exactly when the disk is busiest: under
 * overload a 64 KB read queues below the gate and can take longer than any fixed guess, and writing
 * it off un-gates its whole volume. A hung volume is told apart not by its reads being slow but by
 * their being far slower than what the same disk has just done. Reads longer than the threshold are
 * not learned from (they were written off, or soon will be), so a hang that ends does not raise it.
 *
 * <p>Time is passed in; the watch thread calls {@link #nanos} and rotates the window, the read
 * path calls {@link #completed}, which is one volatile read when the read is not a new longest.
 */
final class StuckReadThreshold {
  /** A healthy read this many times the longest recent one is rare enough to call a hang. */
  static final int FACTOR = 4;
  /** How long a longest read is remembered: one window, then one more as the previous. */
  static final long WINDOW_NANOS = TimeUnit.MINUTES.toNanos(1);

  private final long floorNanos;
  private final AtomicLong longest = new AtomicLong();
  private volatile long previousLongest;
  private volatile long threshold;
  private long windowStart;

  StuckReadThreshold(long floorNanos, long nowNanos) {
    this.floorNanos = floorNanos;
    this.threshold = floorNanos;
    this.windowStart = nowNanos;
  }

  /** A read held its slot {@code heldNanos} and came back. */
  void completed(long heldNanos) {
    if (heldNanos > longest.get() && heldNanos < threshold) {
      longest.accumulateAndGet(heldNanos, Math::max);
    }
  }

  /** The threshold now; called by one thread (the watch), which also moves the window on. */
  long nanos(long nowNanos) {
    if (nowNanos - windowStart >= WINDOW_NANOS) {
      previousLongest = longest.getAndSet(0);
      windowStart = nowNanos;
    }
    long recent = Math.max(previousLongest, longest.get());
    long t = Math.max(floorNanos, recent > Long.MAX_VALUE / FACTOR ? Long.MAX_VALUE : FACTOR * recent);
    threshold = t;
    return t;
  }
}
