package io.cake.director.model;

/**
 * One RegionServer's capacity, learned online: the load (in busy handlers, Cake's charged service
 * time per second) above which its SLO tenants miss. SCADS Director steers by a model of whether a
 * server can take a workload without violating its SLO rather than by p99, which is too noisy to
 * move data by; this is that model in one dimension, and the simplest that serves:
 *
 * <ul>
 *   <li>Cake's controller already gives each server's SLO tenants what that server can. What the
 *       director changes is how much load a server carries, so the question it asks is whether a
 *       load fits, a threshold.
 *   <li>A miss at load L says L does not fit: the capacity is at most L. A met interval at a load
 *       above that contradicts it (the miss was transient, or the mix changed), and the estimate is
 *       forgotten rather than averaged, so one bad interval cannot pin a server as small forever.
 *   <li>Until a server misses, its capacity is unknown ({@link Double#NaN}); the planner then uses
 *       the smallest known capacity of the cluster, whose servers are assumed alike.
 * </ul>
 */
public final class CapacityModel {
  /** One interval's SLO verdict for a server's SLO tenants together. */
  public enum Verdict {
    /** Every SLO tenant met its goal. */
    MET,
    /** At least one SLO tenant missed, or the controller found the SLOs infeasible. */
    MISSED,
    /** Nothing to judge: no SLO tenant, or none measured. */
    NONE
  }

  private double capacity = Double.NaN;

  /** Learns from one interval in which the server carried {@code load} and its SLO tenants fared {@code verdict}. */
  public void observe(double load, Verdict verdict) {
    if (!(load >= 0) || Double.isInfinite(load)) {
      return; // nothing learnt from a load not measured
    }
    switch (verdict) {
      case MISSED -> capacity = Double.isNaN(capacity) ? load : Math.min(capacity, load);
      case MET -> {
        if (load > capacity) {
          capacity = Double.NaN; // it carried more than the estimate said it could
        }
      }
      case NONE -> { }
    }
  }

  /** The load above which this server misses; NaN while unknown. */
  public double capacity() {
    return capacity;
  }
}
