package io.cake.core.level;

/**
 * When a first-level scheduler closes its next metrics interval: on the wall clock's next
 * multiple of the interval, the same instants in every JVM on every host whose clock is kept.
 *
 * <p>Why: the controller reads the RegionServer's last closed interval and, beside it, the
 * DataNode's. Each closing on its own timer, started whenever its server started, the two
 * intervals would sit at a phase fixed by chance, the DataNode's numbers up to an interval older
 * than the latencies they are judged with. After a change of load (a run's start, a spike) the
 * controller would read busy DataNode slots from before it, and a disk-bound tenant's slow calls
 * as contention beside the disk, which caps the HBase pool
 * (docs/decisions/0024-wall-clock-intervals.md). Closing both on the same boundaries makes them
 * the same interval. A timer rescheduled after each tick also drifts by the tick's own run time;
 * boundaries do not.
 *
 * <p>Pure: the time is passed in.
 */
public final class IntervalBoundary {
  private IntervalBoundary() {}

  /**
   * Milliseconds from {@code nowMillis} to the next close: the next multiple of {@code
   * intervalMillis}, or the one after it when the next is less than half an interval away, so that
   * a timer firing a little early (or the first interval) never closes an interval of a few
   * milliseconds. Intervals are thus between half and one and a half intervals long, and all but
   * the first (and one after a late timer) exactly one.
   */
  public static long delayMillis(long nowMillis, long intervalMillis) {
    if (intervalMillis <= 0) {
      throw new IllegalArgumentException("interval must be positive, got " + intervalMillis + " ms");
    }
    long toNext = intervalMillis - Math.floorMod(nowMillis, intervalMillis);
    return toNext * 2 < intervalMillis ? toNext + intervalMillis : toNext;
  }
}
