package io.cake.cli.format;

import io.cake.cli.status.ClusterStatus;
import io.cake.cli.status.DirectorView;
import io.cake.cli.status.ControllerView;
import io.cake.cli.status.DataNodeLevel;
import io.cake.cli.status.HBaseLevel;
import io.cake.cli.status.RegionServerStatus;
import io.cake.cli.status.TenantRow;
import java.util.ArrayList;
import java.util.List;

/** {@code cake status} for people: one block per RegionServer, the unreachable ones included. */
public final class StatusText {
  private StatusText() {}

  public static List<String> lines(ClusterStatus status) {
    List<String> out = new ArrayList<>();
    for (RegionServerStatus rs : status.regionServers()) {
      if (!out.isEmpty()) {
        out.add("");
      }
      out.addAll(regionServer(rs));
    }
    long down = status.regionServers().stream().filter(r -> !r.reachable()).count();
    out.add("");
    out.add(status.regionServers().size() + " RegionServer(s)" + (down > 0 ? ", " + down + " UNREACHABLE" : ", all reachable"));
    if (status.director() != null) {
      out.add("");
      out.addAll(director(status.director()));
    }
    return out;
  }

  static List<String> director(DirectorView d) {
    if (d.error() != null) {
      return List.of("Director: cannot read the HMaster " + d.master() + ": " + d.error());
    }
    if (!d.running()) {
      return List.of("Director: none running on the HMaster " + d.master() + " (hbase.coprocessor.master.classes,"
          + " cake.director.enabled; a refused key is in its log)");
    }
    List<String> out = new ArrayList<>();
    String every = d.intervalMs() == null ? "?" : d.intervalMs() % 1000 == 0 ? String.valueOf(d.intervalMs() / 1000)
        : String.valueOf(d.intervalMs() / 1000.0);
    out.add("Director on the HMaster " + d.master() + ": every " + every + " s, " + d.steps() + " steps" + (d.lastStep() == null || d.lastStep().isEmpty()
        ? "" : ", the last at " + d.lastStep()));
    d.servers().forEach(s -> out.add("  " + s));
    if (d.need() != null && !d.need().isEmpty()) {
      out.add("  NEEDS ANOTHER REGIONSERVER: " + d.need());
    }
    if (d.draining() != null && !d.draining().isEmpty()) {
      out.add("  draining " + d.draining() + ": the others have room for all it carries");
    }
    out.add(d.actions().isEmpty() ? "  no action yet" : "  recent actions:");
    d.actions().forEach(a -> out.add("    " + a));
    return out;
  }

  static List<String> regionServer(RegionServerStatus rs) {
    List<String> out = new ArrayList<>();
    if (!rs.reachable()) {
      out.add("RegionServer " + rs.label() + "  UNREACHABLE: " + rs.error());
      return out;
    }
    out.add("RegionServer " + rs.label() + "  " + rs.infoUrl());
    HBaseLevel h = rs.hbase();
    if (h == null) {
      out.add("  no Cake scheduler (no io.cake:type=Scheduler,kind=hbase MBean): stock HBase scheduling");
    } else {
      out.add("  " + cake(rs.version()) + (h.enabled() ? "on" : "OFF (kill switch: stock scheduling)") + ", " + h.scheduler()
          + ", handler pool " + Numbers.integer(h.poolSize()) + " (AIMD " + Numbers.integer(h.poolMin()) + ".."
          + Numbers.integer(h.poolMax()) + ", " + cap(h.poolCap()) + "), " + Numbers.integer(h.activeHandlers())
          + " active, " + Numbers.integer(h.queued()) + " queued");
      if (h.othersLimit() != null && h.othersLimit() > 0) {
        out.add(String.format(h.othersLimit() < 1
            ? "  others' limit: every tenant but %s held to %.2f of one handler's time each"
            : "  others' limit: every tenant but %s held to %.0f handlers in service each",
            h.othersExempt(), h.othersLimit() < 1 ? h.othersLimit() : Math.floor(h.othersLimit())));
      }
      if (h.configurationError() != null) {
        out.add("  configuration refused: " + h.configurationError());
      }
    }
    out.addAll(rs.controller() == null ? List.of("  controller: " + rs.noController()) : controller(rs.controller()));
    if (h != null) {
      out.addAll(tenantTable(h.tenants(), true).lines("  "));
    }
    out.addAll(datanode(rs.datanode()));
    return out;
  }

  /** "Cake 0.1.0 ", or "Cake " from a version that does not say. */
  private static String cake(String version) {
    return version == null ? "Cake " : "Cake " + version + " ";
  }

  private static String cap(Integer cap) {
    return cap == null ? "cap ?" : cap == 0 ? "no cap" : "cap " + cap;
  }

  static List<String> controller(ControllerView c) {
    List<String> out = new ArrayList<>();
    out.add("  controller: " + c.sloTenant() + " " + c.slo() + ", " + (c.paused() ? "PAUSED" : "running")
        + ", every " + (c.intervalMs() == null ? "?" : c.intervalMs() / 1000.0 + " s")
        + ", " + (c.failures() == null ? "?" : c.failures()) + " failed intervals");
    out.add("    last decision: " + decision(c.lastDecision()));
    if (!c.lastReasons().isEmpty()) {
      out.add("    reasons: " + String.join("; ", c.lastReasons()));
    }
    if (c.configurationError() != null && !c.configurationError().isEmpty()) {
      out.add("    configuration refused (running on the file before): " + c.configurationError());
    }
    return out;
  }

  /** The decision line without the logger's prefix. */
  static String decision(String line) {
    if (line == null) {
      return "-";
    }
    return line.startsWith("cake-controller: ") ? line.substring("cake-controller: ".length()) : line;
  }

  static List<String> datanode(DataNodeLevel d) {
    List<String> out = new ArrayList<>();
    if (d == null) {
      return out;
    }
    if (d.error() != null) {
      out.add("  DataNode at " + d.url() + ": not read: " + d.error());
      return out;
    }
    out.add("  DataNode " + d.scheduler() + " at " + d.url() + ": " + cake(d.version()) + (Boolean.TRUE.equals(d.enabled()) ? "on" : "OFF")
        + ", soft limit " + Numbers.integer(d.softLimit()) + ", " + Numbers.integer(d.holding()) + " holding, "
        + Numbers.integer(d.waiting()) + " waiting");
    out.addAll(tenantTable(d.tenants(), false).lines("  "));
    return out;
  }

  static Table tenantTable(List<TenantRow> rows, boolean withSlo) {
    Table t = new Table().text("TENANT").number("SHARE").number("WEIGHT").number("RESERVED").text("LANE").number("QUEUED")
        .number("OCCUPANCY").number("OPS/S").number("P50 MS").number("P99 MS").number("P99.9 MS");
    if (withSlo) {
      t.text("SLO");
    }
    for (TenantRow r : rows) {
      List<String> cells = new ArrayList<>(List.of(r.tenant(),
          orDash(Numbers.fraction(r.share())), orDash(Numbers.weight(r.weight())), Integer.toString(r.reserved()),
          orDash(r.lane()), orDash(Numbers.count(r.queueLength())), orDash(Numbers.twoDecimals(r.occupancy())),
          orDash(Numbers.rate(r.throughput())), orDash(Numbers.millis(r.p50Ms())), orDash(Numbers.millis(r.p99Ms())),
          orDash(Numbers.millis(r.p999Ms()))));
      if (withSlo) {
        cells.add(r.slo() == null ? "" : r.slo() + " " + verdict(r.sloMet()));
      }
      t.row(cells.toArray(String[]::new));
    }
    return t;
  }

  /** met / MISSED / no data (nothing measured, or a percentile that is not published). */
  public static String verdict(Boolean met) {
    return met == null ? "(no data)" : met ? "met" : "MISSED";
  }

  private static String orDash(String s) {
    return s == null ? "-" : s;
  }
}
