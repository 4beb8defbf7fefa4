package io.cake.director.model;

/**
 * A load smoothed with one factor for rises and another for falls, as SCADS Director smooths the
 * workload it plans on. A rise is taken quickly, so a server that heats up is seen hot within an
 * interval or two; a fall slowly, so load that dips for an interval is not promised elsewhere
 * and then moved back. Each factor is the fraction of the gap to the new observation closed per
 * interval, in (0, 1].
 */
public record Smoothing(double up, double down) {
  public Smoothing {
    check("up", up);
    check("down", down);
  }

  /** The smoothed value after observing {@code observed}; the first observation (NaN before) is taken whole. */
  public double next(double previous, double observed) {
    if (Double.isNaN(previous)) {
      return observed;
    }
    double factor = observed > previous ? up : down;
    return previous + factor * (observed - previous);
  }

  private static void check(String name, double f) {
    if (!(f > 0 && f <= 1)) {
      throw new IllegalArgumentException("smoothing factor " + name + " must be in (0, 1], got " + f);
    }
  }
}
