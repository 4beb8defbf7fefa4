package io.cake.cli.status;

import java.util.List;
import java.util.Optional;

/**
 * A RegionServer's second-level controller ({@code io.cake:type=Controller,port=<RS port>}): its
 * SLO tenants (comma-joined) and goals (as text, and as numbers per tenant), whether it is
 * paused, its last decision and the reasons it gave, the allocation it last set for a single SLO
 * tenant, and why the last file update_config handed it was refused (empty if it was not; null
 * from a controller too old to say).
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
    Integer hbasePoolCap,
    Long failures,
    String configurationError) {

  public ControllerView {
    goals = List.copyOf(goals);
  }

  /** {@code tenant}'s goal, if it is an SLO tenant. */
  public Optional<TenantGoal> goal(String tenant) {
    return goals.stream().filter(g -> g.tenant().equals(tenant)).findFirst();
  }
}
