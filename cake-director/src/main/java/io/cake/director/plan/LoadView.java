package io.cake.director.plan;

import java.util.Collection;
import java.util.Map;

/**
 * What the director holds of the cluster after a step, for HBase's balancer to respect: each
 * region's smoothed load, and each server's limit, the load the planner lets it carry
 * ({@link MovePlanner#limits}). {@link #overload} prices a placement by how far it puts servers
 * over their limits, so a placement the director would undo costs something.
 */
public record LoadView(Map<String, Double> regionLoads, Map<String, Double> limits) {
  public LoadView {
    regionLoads = Map.copyOf(regionLoads);
    limits = Map.copyOf(limits);
  }

  /** A region's load; 0 for one the director has not seen (new, or of a server it cannot read). */
  public double load(String region) {
    return regionLoads.getOrDefault(region, 0.0);
  }

  /** A server's limit; for one the director does not know (new), the smallest known above 0, as the planner assumes. */
  public double limit(String server) {
    Double l = limits.get(server);
    return l != null ? l : smallestLimit();
  }

  /** Whether any server's limit is known: without one, no placement is over anything. */
  public boolean known() {
    return Double.isFinite(smallestLimit());
  }

  /**
   * The load placed above the servers' limits, in units of the smallest limit above 0 (a whole
   * small server's worth over is 1), at most 1; 0 when no server is over or nothing is known. In
   * units of a server rather than of the cluster's load, so that one hot region put back where it
   * overloads weighs the same in a cluster of 3 servers as in one of 300. A limit of 0 (a server
   * being drained) makes all its load overload.
   *
   * @param loads per server, the load a placement gives it
   * @param limits per server, its limit, in the same order
   */
  public static double overload(double[] loads, double[] limits) {
    double over = 0;
    double smallest = Double.POSITIVE_INFINITY;
    for (int i = 0; i < loads.length; i++) {
      if (Double.isFinite(limits[i])) {
        over += Math.max(0, loads[i] - limits[i]);
        if (limits[i] > 0) {
          smallest = Math.min(smallest, limits[i]);
        }
      }
    }
    if (over == 0) {
      return 0;
    }
    return Double.isFinite(smallest) ? Math.min(1, over / smallest) : 1;
  }

  private double smallestLimit() {
    return min(limits.values());
  }

  private static double min(Collection<Double> values) {
    // Above 0: a server being drained (limit 0) is not what a new server is taken to carry.
    return values.stream().mapToDouble(Double::doubleValue).filter(l -> Double.isFinite(l) && l > 0).min()
        .orElse(Double.POSITIVE_INFINITY);
  }
}
