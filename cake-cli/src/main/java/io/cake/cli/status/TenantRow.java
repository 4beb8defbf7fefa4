package io.cake.cli.status;

/**
 * One tenant at one first-level scheduler over its last metrics interval (null: not measured, e.g.
 * a percentile of an interval without requests). {@code share} is the fraction of the shared
 * slots the tenant would get were every tenant seen in the interval backlogged; {@code weight} is
 * the share as configured (the default share for a tenant not named). Latencies are server-side,
 * from arrival to completion, in ms. {@code lane} is the tenant's priority lane, {@code rank:slots},
 * null for none. {@code slo}/{@code sloMet} are set on the controller's SLO tenant only.
 */
public record TenantRow(
    String tenant,
    Double share,
    Double weight,
    int reserved,
    String lane,
    Double queueLength,
    Double occupancy,
    Double throughput,
    Double completions,
    Double rejections,
    Double p50Ms,
    Double p99Ms,
    Double p999Ms,
    String slo,
    Boolean sloMet) {

  TenantRow withSlo(String text, Boolean met) {
    return new TenantRow(tenant, share, weight, reserved, lane, queueLength, occupancy, throughput, completions,
        rejections, p50Ms, p99Ms, p999Ms, text, met);
  }
}
