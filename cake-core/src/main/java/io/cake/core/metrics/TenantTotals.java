package io.cake.core.metrics;

import java.util.concurrent.TimeUnit;

/**
 * One tenant's counts since its metrics began (the scheduler saw it first, or saw it again after
 * forgetting it as idle), as of the end of an interval. They only grow, so a monitoring system
 * can take rates over any window (Prometheus {@code rate()}); the interval figures beside them
 * cannot be summed back into totals once an interval was missed.
 *
 * @param serviceNanos the summed service time of the completed items
 */
public record TenantTotals(
    long arrivals, long completions, long rejections, long drops, long serviceUnits, long serviceNanos) {

  public static final TenantTotals ZERO = new TenantTotals(0, 0, 0, 0, 0, 0);

  public double serviceSeconds() {
    return serviceNanos / (double) TimeUnit.SECONDS.toNanos(1);
  }
}
