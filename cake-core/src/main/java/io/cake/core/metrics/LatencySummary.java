package io.cake.core.metrics;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/** Percentiles of one interval's latencies, in milliseconds. NaN when the interval had none. */
public record LatencySummary(
    long count, double meanMs, double p50Ms, double p99Ms, double p999Ms, double maxMs) {

  public static final LatencySummary EMPTY =
      new LatencySummary(0, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);

  /** Summarises a histogram of nanosecond values. */
  public static LatencySummary ofNanos(Histogram h) {
    if (h.getTotalCount() == 0) {
      return EMPTY;
    }
    return new LatencySummary(
        h.getTotalCount(),
        ms(meanNanos(h)),
        ms(h.getValueAtPercentile(50.0)),
        ms(h.getValueAtPercentile(99.0)),
        ms(h.getValueAtPercentile(99.9)),
        ms(h.getMaxValue()));
  }

  /**
   * The histogram's mean. HdrHistogram's {@code getMean} walks one iterator kept per histogram, so
   * two threads summarising the same snapshot (the controller's tick and a /jmx page) collide:
   * a wrong mean or a NoSuchElementException. Every mean goes through here, under the histogram.
   */
  public static double meanNanos(Histogram h) {
    synchronized (h) {
      return h.getMean();
    }
  }

  /** The given percentile (0..100) of a histogram of nanosecond values, in ms; NaN if empty. */
  public static double percentileMs(Histogram h, double percentile) {
    return h.getTotalCount() == 0 ? Double.NaN : ms(h.getValueAtPercentile(percentile));
  }

  private static double ms(double nanos) {
    return nanos / TimeUnit.MILLISECONDS.toNanos(1);
  }
}
