package io.cake.controller.policy;


/**
 * One SLO tenant's interval as every later stage reads it ({@link Meter}).
 *
 * @param target the tenant, its goal and its weight
 * @param obs what the schedulers measured of it
 * @param performance its goal's normalised performance (1 is exactly the SLO, above is better);
 *     NaN when the interval cannot judge it (too few requests, nothing measured)
 * @param note why the performance is NaN or judged on few requests; empty otherwise
 * @param slowSeen for a latency goal, whether a request it was judged on (the pooled intervals)
 *     was slower than the SLO; always true for a throughput goal, whose miss is its measure
 */
public record TenantView(SloTarget target, Observation obs, double performance, String note, boolean slowSeen) {
  public String tenant() {
    return target.tenant();
  }

  public double weight() {
    return target.weight();
  }

  public boolean judged() {
    return !Double.isNaN(performance);
  }

  /**
   * Whether a miss shows in the requests themselves, not only in the percentile extrapolated from
   * them: below the SLO's percentile, a tail fitted to a few requests can read over the SLO while
   * every request was within it (docs/decisions/0031-act-on-misses-the-requests-show.md). The
   * stages that cost batch most, the others' limit and an HDFS reservation, act only on such a miss.
   */
  public boolean missShown(double belowPerformance) {
    return judged() && performance < belowPerformance && slowSeen;
  }

  /** What an operator reads as this interval's measurement of the goal. */
  public Measurement measurement() {
    return Measurement.of(target.goal(), obs, judged());
  }
}
