package io.cake.cli.status;

import java.util.List;

/**
 * A RegionServer's second-level controller ({@code io.cake:type=Controller,port=<RS port>}): its
 * SLO (as text and as numbers: percentile and ms for a latency SLO, ops/s for a throughput one),
 * whether it is paused, its last decision and the reasons it gave, and the allocation it last set
 * for the SLO tenant, and why the last file update_config handed it was refused (empty if it was
 * not; null from a controller too old to say).
 */
public record ControllerView(
    String sloTenant,
    String slo,
    Double sloPercentile,
    Double sloLatencyMs,
    Double sloThroughput,
    boolean paused,
    Long intervalMs,
    String lastDecision,
    List<String> lastReasons,
    Double share,
    Integer hdfsReserved,
    Integer hbaseReserved,
    Integer hbasePoolCap,
    Long failures,
    String configurationError) {

  /**
   * What the scheduler published for the SLO tenant's last interval that the SLO is about: the
   * p50, p99 or p99.9 latency in ms (null for another percentile: those are not published), or the
   * throughput in ops/s; null when nothing was measured.
   */
  public Double measured(TenantRow row) {
    if (sloThroughput != null) {
      return row.throughput();
    }
    if (sloPercentile == null) {
      return null;
    }
    double p = sloPercentile;
    return p == 50.0 ? row.p50Ms() : p == 99.0 ? row.p99Ms() : p == 99.9 ? row.p999Ms() : null;
  }

  /** Whether {@link #measured} met the SLO; null when there is nothing to judge. */
  public Boolean met(TenantRow row) {
    Double m = measured(row);
    if (m == null) {
      return null;
    }
    if (sloThroughput != null) {
      return m >= sloThroughput;
    }
    return sloLatencyMs == null ? null : m <= sloLatencyMs;
  }
}
