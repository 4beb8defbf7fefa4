package io.cake.cli.status;

import java.util.ArrayList;
import java.util.List;

/**
 * One SLO tenant of one RegionServer's controller for {@code cake slo show} (a row per SLO
 * tenant): its goal, what was measured of it ({@link TenantGoal#verdict}: the scheduler's last
 * interval at the SLO's percentile in ms or in ops/s; for a goal on one operation or in MB/s,
 * what the controller's last decision measured), {@code measuredAt} the percentile the ms are at
 * when it is not the SLO's own (the controller's window-corrected one, else null), whether that
 * met the SLO (null: unknown), and the controller's last reasons. {@code error} explains a row
 * without a controller.
 */
public record SloRow(
    String regionServer,
    String tenant,
    String slo,
    Double measured,
    String unit,
    Double measuredAt,
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
      } else if (c.goals().isEmpty()) {
        out.add(new SloRow(rs.label(), c.sloTenant(), c.slo(), null, null, null, null, c.paused(), c.lastDecision(),
            c.lastReasons(), null));
      } else {
        for (TenantGoal g : c.goals()) { // one row per SLO tenant
          TenantRow row = rs.hbase() == null ? null
              : rs.hbase().tenants().stream().filter(r -> r.tenant().equals(g.tenant())).findFirst().orElse(null);
          SloVerdict v = g.verdict(row, c.measurement(g.tenant()).orElse(null));
          Double at = v.percentile() == null || v.percentile().equals(g.percentile()) ? null : v.percentile();
          out.add(new SloRow(rs.label(), g.tenant(), g.text(), v.measured(), g.unit(), at, v.met(), c.paused(),
              c.lastDecision(), c.lastReasons(), null));
        }
      }
    }
    return out;
  }

  private static SloRow missing(RegionServerStatus rs, String why) {
    return new SloRow(rs.label(), null, null, null, null, null, null, null, null, List.of(), why);
  }
}
