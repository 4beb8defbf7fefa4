package io.cake.controller.jmx;

/**
 * {@code io.cake:type=ControllerSlo,port=<RegionServer RPC port>,tenant=<T>}: one SLO tenant's
 * goal and what the controller's last decision measured of it, one bean per tenant so that a
 * monitoring system gets one series per tenant whatever their number. Base units, one per
 * attribute; NaN where the goal has no such number or nothing was judged.
 */
public interface ControllerSloMXBean {
  /** The latency bound of a latency goal. */
  double getTargetSeconds();

  /** The percentile of a latency goal (99 for p99). */
  double getPercentile();

  /** The floor of an ops/s goal. */
  double getTargetOpsPerSecond();

  /** The floor of an MB/s goal, in bytes per second read at the DataNode. */
  double getTargetBytesPerSecond();

  /** The latency the last decision measured (at its percentile, window-corrected). */
  double getMeasuredSeconds();

  double getMeasuredOpsPerSecond();

  double getMeasuredBytesPerSecond();

  /** 1 when the last decision found the goal met, 0 when missed, NaN when it judged nothing. */
  double getMet();

  /** Whose goal counts most when not all can be met. */
  double getWeight();
}
