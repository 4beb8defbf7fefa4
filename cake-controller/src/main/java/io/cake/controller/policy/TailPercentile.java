package io.cake.controller.policy;

import io.cake.core.metrics.LatencySummary;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * An interval's latency at a percentile its requests are too few to show, read from an
 * exponential tail fitted to its slowest requests.
 *
 * <p>Why: the controller holds a percentile above the goal's to the SLO ({@link WindowPercentile}:
 * p99.76 for a p99 goal over 150 requests, so that 95% of windows meet it). Fewer than one of 150
 * requests is expected above p99.76, so the interval's nearest-rank p99.76 is its slowest request,
 * and the slowest of 150 sits, as often above as below, at about p99.54: held to the SLO, it lets
 * about 15% of windows miss, not 5%. In the hdd regime (30 gets/s, 5 s intervals) every decision
 * is of that kind (docs/decisions/0008-confidence-steered-percentile.md).
 *
 * <p>The estimate, where fewer than one request is expected above the percentile: the slowest
 * tenth of the requests (at least {@link #MIN_TAIL}) are taken as exponential excesses over the
 * next slowest, {@code u}; their mean excess {@code theta} is the tail's scale (the exponential's
 * maximum-likelihood fit), and the latency at percentile {@code p} is {@code u + theta ln((k / n)
 * / (1 - p / 100))}. An exponential tail is what a queue's waiting time has (M/G/1, and the disk
 * model's FIFO actuators). The estimate is never below the slowest request: a tail that is not
 * exponential (one slow request above a flat body) can fit below it, and then
 * the slowest request stands. Where the requests do show the percentile, where the steered
 * percentile is 100, and in an interval of fewer than {@code 10 x MIN_TAIL} requests (which
 * decides only on a clear miss), it is read from the requests.
 *
 * <p>Pure: numbers in, a number out.
 */
public final class TailPercentile {
  /**
   * The tail fitted is the slowest tenth of an interval's requests, and no fewer than this many:
   * an interval of fewer than ten times as many is read from its requests.
   */
  static final int MIN_TAIL = 5;

  private static final double TAIL_FRACTION = 0.1;

  private TailPercentile() {}

  /** Whether {@code n} requests show {@code percentile}: at least one of them expected above it. */
  public static boolean shown(long n, double percentile) {
    return n * (1.0 - percentile / 100.0) >= 1.0;
  }

  /** How many of the slowest of {@code n} requests the tail is fitted to. */
  static int tailSize(long n) {
    return (int) Math.ceil(TAIL_FRACTION * n);
  }

  /**
   * The latency at {@code percentile} by the exponential tail over {@code threshold}.
   *
   * @param tailMean the mean of the {@code k} slowest latencies, each at least {@code threshold}
   * @param k how many the tail holds
   * @param threshold the next slowest latency, below the tail
   * @param n all requests of the interval, more than {@code k}
   */
  static double extrapolate(double tailMean, int k, double threshold, long n, double percentile) {
    double theta = tailMean - threshold; // the mean excess
    double tailProbability = (double) k / n;
    return threshold + theta * Math.log(tailProbability / (1.0 - percentile / 100.0));
  }

  /**
   * An interval's latency in ms at {@code percentile} (above the goal's, from {@link
   * WindowPercentile#steer}): read from its requests where they show it, else extrapolated from its
   * slowest tenth, and never below its slowest request; NaN if it is empty.
   *
   * @param latencyNanos the interval's latencies, in nanoseconds
   */
  public static double ms(Histogram latencyNanos, double percentile) {
    synchronized (latencyNanos) {
      long n = latencyNanos.getTotalCount();
      if (shown(n, percentile) || percentile >= 100.0 || n < MIN_TAIL / TAIL_FRACTION) {
        return LatencySummary.percentileMs(latencyNanos, percentile);
      }
      int k = tailSize(n);
      long body = n - k; // the requests below the tail; the slowest of them is the threshold
      long seen = 0;
      long threshold = 0;
      double tailSum = 0.0;
      for (HistogramIterationValue v : latencyNanos.recordedValues()) {
        long value = v.getValueIteratedTo();
        long count = v.getCountAtValueIteratedTo();
        if (seen < body && seen + count >= body) {
          threshold = value;
        }
        tailSum += (double) Math.max(0, seen + count - Math.max(seen, body)) * value;
        seen += count;
      }
      double fit = extrapolate(tailSum / k, k, threshold, n, percentile);
      return Math.max(fit, latencyNanos.getMaxValue()) / TimeUnit.MILLISECONDS.toNanos(1);
    }
  }
}
