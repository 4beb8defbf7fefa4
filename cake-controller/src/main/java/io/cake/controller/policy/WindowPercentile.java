package io.cake.controller.policy;

/**
 * Which percentile of an interval's latencies the controller holds to the SLO, so that a window of
 * {@code n} requests meets "the p-th percentile is at most the SLO" with a given confidence.
 *
 * <p>Why: an SLO is judged window by window, and a window's p99 over a few hundred requests is
 * the second or third slowest of them, so it jumps from window to window even when nothing
 * changes. A controller that steers the measured p99 onto the SLO settles where half the windows
 * miss and the whole run ends a few percent above the line
 * (docs/decisions/0008-confidence-steered-percentile.md). The margin it needs
 * depends on the window's size, not on the SLO: with
 * 10,000 requests a window's p99 is steady, with 150 it is nearly the maximum.
 *
 * <p>The model: a window's empirical p-th percentile (nearest rank, as HdrHistogram and the
 * benchmark compute it) exceeds the SLO exactly when at least {@code k = n - ceil(p n) + 1} of its
 * {@code n} requests do. If a fraction {@code q} of requests is slower than the SLO, that count is
 * Binomial(n, q), close to Poisson(n q) for the small q of a tail. The largest q with
 * {@code P(Poisson(n q) >= k) <= 1 - confidence} gives the percentile {@code 1 - q} that must stay
 * under the SLO. At confidence 0.5 this is about the plain p-th percentile (no margin); at 0.95
 * and 150 requests it is p99.76; at 10,000 requests p99.15. The steered percentile never exceeds
 * what the interval's own samples can show (its slowest request).
 */
public final class WindowPercentile {
  private WindowPercentile() {}

  /**
   * @param percentile the goal's percentile, in (0, 100)
   * @param n requests in a window (the controller uses its interval's count)
   * @param confidence probability a window meets the goal when the steered percentile sits on the
   *     SLO, in [0.5, 1)
   * @return the percentile to measure and hold to the SLO, in [percentile, 100]
   */
  public static double steer(double percentile, long n, double confidence) {
    if (!(percentile > 0 && percentile < 100)) {
      throw new IllegalArgumentException("percentile must be in (0, 100), got " + percentile);
    }
    if (!(confidence >= 0.5 && confidence < 1.0)) {
      throw new IllegalArgumentException("confidence must be in [0.5, 1), got " + confidence);
    }
    if (n < 1) {
      return percentile;
    }
    long k = n - (long) Math.ceil(percentile / 100.0 * n) + 1;
    double lambda = largestMean(k, 1.0 - confidence);
    double steered = 100.0 * (1.0 - lambda / n);
    // Not below the goal's own percentile, not beyond the interval's slowest request.
    return Math.min(100.0, Math.max(percentile, steered));
  }

  /**
   * Whether an interval too small to measure a percentile from still shows, with {@code confidence},
   * that its goal is missed: were at most a fraction {@code q = 1 - percentile / 100} of requests
   * slower than the SLO, {@code over} or more of {@code n} would be with probability at most
   * about P(Poisson(n q) >= over) (as in {@link #steer}; for a tail's small q the two differ in the
   * fourth decimal, and from {@code over >= n q + 1} the Poisson tail is the larger, so the test
   * errs toward "not clear"), and that is at most {@code 1 - confidence}. For a p99 goal at 0.95: 2 of 30 requests over it,
   * 3 of 60; for p99.9, 1 of 30.
   *
   * <p>Why: the first interval of a load, or of a tenant that just arrived, often has too few
   * requests for its percentile, and waiting for a full one costs the first move an interval
   * (docs/decisions/0008-confidence-steered-percentile.md). A miss this plain needs no larger sample;
   * slack does, so only a miss is judged this way.
   */
  public static boolean clearlyOver(double percentile, long n, long over, double confidence) {
    if (!(percentile > 0 && percentile < 100)) {
      throw new IllegalArgumentException("percentile must be in (0, 100), got " + percentile);
    }
    if (!(confidence >= 0.5 && confidence < 1.0)) {
      throw new IllegalArgumentException("confidence must be in [0.5, 1), got " + confidence);
    }
    if (n < 1 || over < 1) {
      return false;
    }
    return atLeast(over, n * (1.0 - percentile / 100.0)) <= 1.0 - confidence;
  }

  /** The largest Poisson mean with P(X >= k) <= alpha, by bisection (P rises with the mean). */
  static double largestMean(long k, double alpha) {
    double lo = 0.0;
    double hi = Math.max(1.0, 2.0 * k + 10.0 * Math.sqrt(k) + 10.0);
    for (int i = 0; i < 100; i++) {
      double mid = (lo + hi) / 2;
      if (atLeast(k, mid) <= alpha) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return lo;
  }

  /** P(Poisson(lambda) >= k), summed in log space so large k and lambda do not overflow. */
  static double atLeast(long k, double lambda) {
    if (k <= 0) {
      return 1.0;
    }
    if (lambda <= 0) {
      return 0.0;
    }
    double below = 0.0;
    double logTerm = -lambda; // log of e^-lambda lambda^0 / 0!
    for (long i = 0; i < k; i++) {
      below += Math.exp(logTerm);
      logTerm += Math.log(lambda) - Math.log(i + 1);
    }
    return Math.max(0.0, 1.0 - below);
  }
}
