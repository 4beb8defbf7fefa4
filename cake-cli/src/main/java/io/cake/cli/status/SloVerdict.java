package io.cake.cli.status;

/**
 * One SLO tenant's goal against what was measured of it: {@code measured} in the goal's unit (null:
 * nothing to judge by), for a latency goal the percentile those ms are at, and whether that met
 * the goal (null when nothing was measured: unknown, never met).
 */
public record SloVerdict(Double measured, Double percentile, Boolean met) {
  public static final SloVerdict UNKNOWN = new SloVerdict(null, null, null);
}
