package io.cake.bench.soak;

import java.util.List;

/**
 * Whether a series sampled once a minute grows without bound: its largest value over the last
 * third of the run against its largest before. A bounded series levels off; one that leaks keeps
 * climbing past anything it reached before. Allowed: {@link #RELATIVE} of that earlier largest plus
 * an absolute slack per kind (a few threads of a pool growing to its size, a GC cycle's worth of
 * heap). Against everything before, not only the middle third: a daemon restarted a third of the
 * way in spends the middle third finding its tenants again, and getting back to where it was is
 * not growth.
 */
public final class Growth {
  /** How much higher the last third may reach than the middle third, relative. */
  public static final double RELATIVE = 0.25;

  private Growth() {}

  /** The verdict for {@code samples} (oldest first); fewer than 3 samples cannot grow. */
  public static boolean grows(List<Double> samples, double slack) {
    int n = samples.size();
    if (n < 3) {
      return false;
    }
    double before = max(samples.subList(0, 2 * n / 3));
    double last = max(samples.subList(2 * n / 3, n));
    return last > before * (1 + RELATIVE) + slack;
  }

  private static double max(List<Double> xs) {
    double m = Double.NEGATIVE_INFINITY;
    for (double x : xs) {
      if (!Double.isNaN(x)) {
        m = Math.max(m, x);
      }
    }
    return m == Double.NEGATIVE_INFINITY ? 0 : m;
  }
}
