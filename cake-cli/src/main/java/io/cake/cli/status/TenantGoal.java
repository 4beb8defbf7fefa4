package io.cake.cli.status;

import java.util.Locale;

/**
 * One SLO tenant's goal as the controller's MBean gives it: a latency goal (percentile and bound
 * in ms) or a throughput goal (ops/s), and its weight (null from a controller too old to say).
 */
public record TenantGoal(String tenant, Double percentile, Double latencyMs, Double throughput, Double weight) {

  /**
   * What the scheduler published for the tenant's last interval that the goal is about: the p50,
   * p99 or p99.9 latency in ms (null for another percentile: those are not published), or the
   * throughput in ops/s; null when nothing was measured.
   */
  public Double measured(TenantRow row) {
    if (throughput != null) {
      return row.throughput();
    }
    if (percentile == null) {
      return null;
    }
    double p = percentile;
    return p == 50.0 ? row.p50Ms() : p == 99.0 ? row.p99Ms() : p == 99.9 ? row.p999Ms() : null;
  }

  /** Whether {@link #measured} met the goal; null when there is nothing to judge. */
  public Boolean met(TenantRow row) {
    Double m = measured(row);
    if (m == null) {
      return null;
    }
    if (throughput != null) {
      return m >= throughput;
    }
    return latencyMs == null ? null : m <= latencyMs;
  }

  /** "ms" or "ops/s". */
  public String unit() {
    return throughput != null ? "ops/s" : "ms";
  }

  /** e.g. "p99.0 <= 50.0 ms", ">= 40.0 ops/s", with " weight 2.0" unless the weight is 1. */
  public String text() {
    String goal = throughput != null ? ">= " + throughput + " ops/s"
        : "p" + (percentile == null ? "?" : percentile) + " <= " + (latencyMs == null ? "?" : latencyMs) + " ms";
    return weight == null || weight == 1.0 ? goal : goal + " weight " + String.format(Locale.ROOT, "%s", weight);
  }
}
