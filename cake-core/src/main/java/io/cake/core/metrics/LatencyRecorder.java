package io.cake.core.metrics;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * Records nanosecond latencies from many threads without locks and hands out one histogram per
 * interval (HdrHistogram's {@link Recorder}). Values above one hour are clamped.
 */
public final class LatencyRecorder {
  static final long MAX_NANOS = TimeUnit.HOURS.toNanos(1);
  private final Recorder recorder = new Recorder(MAX_NANOS, 3);

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
