package io.cake.controller.policy;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;
import org.HdrHistogram.Histogram;

/**
 * The latencies a tenant's percentile is read from: its last few intervals, pooled, so that the
 * estimate rests on enough requests.
 *
 * <p>Why: the controller holds a percentile above the goal's to the SLO so that a window of one
 * interval's requests meets it ({@link WindowPercentile}: p99.76 of 150 gets). One interval cannot
 * show that percentile: its estimate is the slowest request or an exponential tail fitted to the
 * slowest 15 ({@link TailPercentile}), and at a fixed allocation it moves by about a quarter from
 * interval to interval in the hdd regime, while consecutive windows' p99s are all but uncorrelated
 * (docs/decisions/0009-pooled-tail.md). A decision on one interval follows that noise. So the pool
 * holds at least {@code intervals} intervals, and more (up to {@link #MOST}) while they hold fewer
 * than {@code enough} requests: a tenant of 10 requests a second is judged on its last 100, not
 * on its last interval's 50, which never shows its p99. The price is that part of the pool
 * predates the last decision.
 *
 * <p>Not thread-safe: one controller tick at a time. A new tenant or goal gets a new pool.
 */
public final class TailPool {
  /** The most intervals pooled: beyond a few, the pool outlives the allocation it measures. */
  public static final int MOST = 6;

  private final int intervals;
  private final long enough;
  private final Deque<Histogram> recent = new ArrayDeque<>();
  private long pooled;
  private Histogram lastPool;

  /**
   * @param intervals the fewest intervals pooled, in [1, {@link #MOST}]
   * @param enough requests that are enough to judge by: fewer pool more intervals
   */
  public TailPool(int intervals, long enough) {
    if (intervals < 1 || intervals > MOST) {
      throw new IllegalArgumentException("intervals must be in [1, " + MOST + "], got " + intervals);
    }
    this.intervals = intervals;
    this.enough = enough;
  }

  /** The last interval alone. */
  public static TailPool none() {
    return new TailPool(1, 0);
  }

  /**
   * Adds the last interval's latencies and returns them pooled with the intervals before it: the
   * fewest most recent intervals, at least {@code intervals}, that hold {@code enough} requests.
   */
  public Histogram add(Histogram last) {
    Histogram copy;
    synchronized (last) {
      copy = last.copy();
    }
    recent.addFirst(copy);
    while (recent.size() > MOST) {
      recent.removeLast();
    }
    Histogram out = new Histogram(copy.getHighestTrackableValue(), copy.getNumberOfSignificantValueDigits());
    out.setAutoResize(true);
    int n = 0;
    for (Iterator<Histogram> it = recent.iterator(); it.hasNext() && (n < intervals || out.getTotalCount() < enough); n++) {
      out.add(it.next());
    }
    pooled = out.getTotalCount();
    lastPool = out;
    return out;
  }

  /** The fewest intervals pooled. */
  public int intervals() {
    return intervals;
  }

  /** Requests in the pool {@link #add} last returned slower than {@code goal}: 0 before any. */
  public long slowerThan(io.cake.core.tenant.LatencyGoal goal) {
    return lastPool == null ? 0 : Observation.overGoal(lastPool, goal);
  }

  /** Requests in the pool {@link #add} last returned. */
  public long pooled() {
    return pooled;
  }
}
