package io.cake.cli.status;

import java.util.ArrayList;
import java.util.List;

/**
 * One RegionServer's controller for {@code cake slo show}: the SLO, what the scheduler measured
 * for that tenant over its last interval at the SLO's percentile (ms) or as throughput (ops/s),
 * whether that met the SLO, and the controller's last reasons. {@code error} explains a row
 * without a controller.
 */
public record SloRow(
    String regionServer,
    String tenant,
    String slo,
    Double measured,
    String unit,
    Boolean met,
    Boolean paused,
    String lastDecision,
    List<String> lastReasons,
    String error) {

  public static List<SloRow> of(ClusterStatus status) {
    List<SloRow> out = new ArrayList<>();
    for (RegionServerStatus rs : status.regionServers()) {
      ControllerView c = rs.controller();
      if (!rs.reachable()) {
        out.add(missing(rs, "UNREACHABLE: " + rs.error()));
      } else if (c == null) {
        out.add(missing(rs, "controller " + rs.noController()));
      } else {
        TenantRow row = rs.hbase() == null ? null
            : rs.hbase().tenants().stream().filter(r -> r.tenant().equals(c.sloTenant())).findFirst().orElse(null);
        boolean throughput = c.sloThroughput() != null;
        out.add(new SloRow(rs.label(), c.sloTenant(), c.slo(), row == null ? null : c.measured(row),
            throughput ? "ops/s" : "ms", row == null ? null : c.met(row), c.paused(), c.lastDecision(), c.lastReasons(), null));
      }
    }
    return out;
  }

  private static SloRow missing(RegionServerStatus rs, String why) {
    return new SloRow(rs.label(), null, null, null, null, null, null, null, List.of(), why);
  }
}
