package io.cake.core.metrics;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Records nanosecond latencies from many threads without locks and hands out one histogram per
 * interval (HdrHistogram's {@link Recorder}). Values above one hour are clamped.
 *
 * <p>Two significant digits from 1 microsecond (1% resolution: plenty to compare a p99 with an
 * SLO) keep one histogram at about 26 KB; one of nanoseconds to an hour with three digits is
 * 270 KB, and a scheduler keeps six per tenant. (HdrHistogram's packed recorder would be smaller
 * still, but livelocked in its resize under our concurrency stress test.)
 */
public final class LatencyRecorder {
  static final long MIN_NANOS = TimeUnit.MICROSECONDS.toNanos(1);
  static final long MAX_NANOS = TimeUnit.HOURS.toNanos(1);
  private final Recorder recorder = new Recorder(MIN_NANOS, MAX_NANOS, 2);

  public void recordNanos(long nanos) {
    recorder.recordValue(Math.min(Math.max(nanos, 0L), MAX_NANOS));
  }

  /**
   * The histogram of everything recorded since the previous call. The returned histogram belongs
   * to the caller. Only one thread (the interval roller) may call this.
   */
  public synchronized Histogram interval() {
    return recorder.getIntervalHistogram();
  }
}
