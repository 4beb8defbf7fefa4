package io.cake.controller.jmx;

import java.beans.ConstructorProperties;

/**
 * What the controller's last decision judged one SLO tenant's goal by, for tools ({@link
 * ControllerMXBean#getSloMeasurements()}; in a JMX client or HBase's /jmx page an object with
 * these fields): {@code measured} in the goal's unit (ms at {@code percentile} for a latency goal,
 * on its operation's calls if it is on one; ops/s; MB/s read at the DataNode) and, for a latency
 * goal, the percentile those ms are at: the goal's own, or above it where the controller corrects
 * for the window's size ({@code cake.controller.confidence}). NaN where the last decision judged
 * nothing for the tenant (none yet, paused, too few requests, a DataNode without the gauge).
 */
public final class SloMeasurement {
  private final String tenant;
  private final double measured;
  private final double percentile;

  @ConstructorProperties({"tenant", "measured", "percentile"})
  public SloMeasurement(String tenant, double measured, double percentile) {
    this.tenant = tenant;
    this.measured = measured;
    this.percentile = percentile;
  }

  public String getTenant() {
    return tenant;
  }

  public double getMeasured() {
    return measured;
  }

  public double getPercentile() {
    return percentile;
  }
}
