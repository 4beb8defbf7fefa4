package io.cake.cli.status;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One tenant across the cluster's RegionServers ({@code cake tenants}): where the Cake scheduler
 * knows it, its total throughput over their last intervals, its weight and reservation on each,
 * and its SLO where a controller steers for it (per RegionServer, {@code host:port} keys).
 */
public record TenantSummary(
    String tenant,
    List<String> regionServers,
    Double throughput,
    Map<String, Double> weights,
    Map<String, Integer> reserved,
    Map<String, String> slos) {

  /** Every tenant known to a reachable RegionServer's scheduler or controller, by name. */
  public static List<TenantSummary> of(ClusterStatus status) {
    Map<String, Builder> byName = new TreeMap<>();
    for (RegionServerStatus rs : status.regionServers()) {
      if (rs.hbase() != null) {
        for (TenantRow r : rs.hbase().tenants()) {
          Builder b = byName.computeIfAbsent(r.tenant(), Builder::new);
          b.servers.add(rs.label());
          if (r.throughput() != null) {
            b.throughput += r.throughput();
            b.measured = true;
          }
          b.weights.put(rs.label(), r.weight());
          b.reserved.put(rs.label(), r.reserved());
        }
      }
      ControllerView c = rs.controller();
      if (c != null && !c.goals().isEmpty()) {
        // Each SLO tenant its own goal: sloTenant() joins several names with commas.
        c.goals().forEach(g -> byName.computeIfAbsent(g.tenant(), Builder::new).slos.put(rs.label(), g.text()));
      } else if (c != null && c.sloTenant() != null) { // a controller too old to give its goals as numbers
        byName.computeIfAbsent(c.sloTenant(), Builder::new).slos.put(rs.label(), c.slo());
      }
    }
    List<TenantSummary> out = new ArrayList<>();
    byName.values().forEach(b -> out.add(b.build()));
    return out;
  }

  private static final class Builder {
    final String tenant;
    final List<String> servers = new ArrayList<>();
    double throughput;
    boolean measured;
    final Map<String, Double> weights = new TreeMap<>();
    final Map<String, Integer> reserved = new TreeMap<>();
    final Map<String, String> slos = new TreeMap<>();

    Builder(String tenant) {
      this.tenant = tenant;
    }

    TenantSummary build() {
      return new TenantSummary(tenant, List.copyOf(servers), measured ? throughput : null, weights, reserved, slos);
    }
  }
}
