package io.cake.cli.status;

import java.util.List;
import java.util.Optional;

/**
 * A RegionServer's second-level controller ({@code io.cake:type=Controller,port=<RS port>}): its
 * SLO tenants (comma-joined) and goals (as text, and as numbers per tenant), whether it is
 * paused, its last decision and the reasons it gave, the allocation it last set for a single SLO
 * tenant, the limit it holds the tenants without an SLO to (handlers each, 0: none), why the last file update_config handed it was refused (empty if it was not; null from a
 * controller too old to say), and what its last decision measured of each SLO tenant's goal
 * (empty from a controller too old to say).
 */
public record ControllerView(
    String sloTenant,
    String slo,
    List<TenantGoal> goals,
    boolean paused,
    Long intervalMs,
    String lastDecision,
    List<String> lastReasons,
    Double share,
    Integer hdfsReserved,
    Integer hbaseReserved,
    Double othersLimit,
    Long failures,
    String configurationError,
    List<ControllerMeasurement> measurements) {

  public ControllerView {
    goals = List.copyOf(goals);
    measurements = List.copyOf(measurements);
  }

  /** From a controller that does not publish what it measured. */
  public ControllerView(String sloTenant, String slo, List<TenantGoal> goals, boolean paused, Long intervalMs,
      String lastDecision, List<String> lastReasons, Double share, Integer hdfsReserved, Integer hbaseReserved,
      Double othersLimit, Long failures, String configurationError) {
    this(sloTenant, slo, goals, paused, intervalMs, lastDecision, lastReasons, share, hdfsReserved, hbaseReserved,
        othersLimit, failures, configurationError, List.of());
  }

  /** {@code tenant}'s goal, if it is an SLO tenant. */
  public Optional<TenantGoal> goal(String tenant) {
    return goals.stream().filter(g -> g.tenant().equals(tenant)).findFirst();
  }

  /** What the last decision measured of {@code tenant}'s goal, if the controller says. */
  public Optional<ControllerMeasurement> measurement(String tenant) {
    return measurements.stream().filter(m -> m.tenant().equals(tenant)).findFirst();
  }
}
