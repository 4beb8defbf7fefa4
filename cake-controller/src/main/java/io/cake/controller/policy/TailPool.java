package io.cake.controller.policy;

import java.util.ArrayDeque;
import java.util.Deque;
import org.HdrHistogram.Histogram;

/**
 * The latencies the steered percentile is read from: the last {@code intervals} intervals of one
 * tenant, pooled.
 *
 * <p>Why: the controller holds a percentile above the goal's to the SLO so that a window of one
 * interval's requests meets it ({@link WindowPercentile}: p99.76 of 150 gets). One interval cannot
 * show that percentile: its estimate is the slowest request or an exponential tail fitted to the
 * slowest 15 ({@link TailPercentile}), and at a fixed allocation it moves by about a quarter from
 * interval to interval in the hdd regime, while consecutive windows' p99s are all but uncorrelated
 * (docs/decisions/0009-pooled-tail.md). A decision on
 * one interval follows that noise. Pooling two intervals fits the tail to twice the requests; the
 * price is that half the pool predates the last decision.
 *
 * <p>Pure: histograms in, a histogram out. Not thread-safe: one controller tick at a time. A new
 * tenant or goal gets a new pool (the controller's), so nothing is ever taken out but the oldest.
 */
public final class TailPool {
  private final int intervals;
  private final Deque<Histogram> recent = new ArrayDeque<>();

  /** @param intervals how many intervals to pool, at least 1 (1: the last interval alone) */
  public TailPool(int intervals) {
    if (intervals < 1) {
      throw new IllegalArgumentException("intervals must be at least 1, got " + intervals);
    }
    this.intervals = intervals;
  }

  public int intervals() {
    return intervals;
  }

  /**
   * Adds the last interval's latencies and returns them pooled with the intervals before it, at
   * most {@link #intervals()} in all. With one interval, {@code last} itself.
   */
  public Histogram add(Histogram last) {
    if (intervals == 1) {
      return last;
    }
    Histogram copy;
    synchronized (last) {
      copy = last.copy();
    }
    recent.addLast(copy);
    while (recent.size() > intervals) {
      recent.removeFirst();
    }
    Histogram pooled = new Histogram(copy.getHighestTrackableValue(), copy.getNumberOfSignificantValueDigits());
    pooled.setAutoResize(true);
    for (Histogram h : recent) {
      pooled.add(h);
    }
    return pooled;
  }
}
