package io.cake.controller.policy;


/**
 * One SLO tenant's interval as every later stage reads it ({@link Meter}).
 *
 * @param target the tenant, its goal and its weight
 * @param obs what the schedulers measured of it
 * @param performance its goal's normalised performance (1 is exactly the SLO, above is better);
 *     NaN when the interval cannot judge it (too few requests, nothing measured)
 * @param note why the performance is NaN or judged on few requests; empty otherwise
 */
public record TenantView(SloTarget target, Observation obs, double performance, String note) {
  public String tenant() {
    return target.tenant();
  }

  public double weight() {
    return target.weight();
  }

  public boolean judged() {
    return !Double.isNaN(performance);
  }

  /** What an operator reads as this interval's measurement of the goal. */
  public Measurement measurement() {
    return Measurement.of(target.goal(), obs, judged());
  }
}
