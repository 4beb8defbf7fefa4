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
 *   <li>Each interval brackets it: a met interval at load L says the capacity is at least L, a
 *       miss at L that it is below L. The estimate is the middle of the bracket, so a server
 *       that missed at 15 having met at 5 sheds down to 10, not to 15 (where it missed) nor to 5
 *       (further than it knows it must); each interval on either side narrows it, as bisection
 *       does.
 *   <li>A bound that an interval contradicts (met above the lowest miss, missed below the highest
 *       met: a transient, or the mix changed) is forgotten rather than averaged, so one bad
 *       interval cannot pin a server as small forever.
 *   <li>Until a server misses, its capacity is unknown ({@link Double#NaN}); the planner then uses
 *       the smallest known in the cluster, whose servers are assumed alike.
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

  private double met = Double.NaN; // the highest load met: the capacity is at least this
  private double missed = Double.NaN; // the lowest load missed: the capacity is below this

  /** Learns from one interval in which the server carried {@code load} and its SLO tenants fared {@code verdict}. */
  public void observe(double load, Verdict verdict) {
    if (!(load >= 0) || Double.isInfinite(load)) {
      return; // nothing learnt from a load not measured
    }
    switch (verdict) {
      case MET -> {
        if (load >= missed) {
          missed = Double.NaN;
        }
        met = Double.isNaN(met) ? load : Math.max(met, load);
      }
      case MISSED -> {
        if (load <= met) {
          met = Double.NaN;
        }
        missed = Double.isNaN(missed) ? load : Math.min(missed, load);
      }
      case NONE -> { }
    }
  }

  /** The load above which this server misses: the middle of what it met and missed at; NaN before a miss. */
  public double capacity() {
    if (Double.isNaN(missed)) {
      return Double.NaN;
    }
    return Double.isNaN(met) ? missed : (met + missed) / 2;
  }
}
