package io.cake.cli.doctor;

import io.cake.cli.status.ControllerView;
import io.cake.cli.status.DataNodeLevel;
import io.cake.cli.status.HBaseLevel;
import io.cake.cli.status.RegionServerStatus;
import io.cake.controller.loop.Outcome;
import java.util.ArrayList;
import java.util.List;

/**
 * Judges what {@code cake doctor} read, pair by pair (each RegionServer, its scheduler and
 * controller, and the DataNode beside it), then the HMaster, then the versions across the cluster.
 * Pure: the reading is {@link DoctorReader}'s.
 */
public final class Diagnosis {
  private Diagnosis() {}

  public static List<Finding> of(DoctorInput in) {
    List<Finding> out = new ArrayList<>();
    for (RegionServerStatus rs : in.status().regionServers()) {
      String subject = "RegionServer " + rs.label();
      if (!rs.reachable()) {
        out.add(Finding.fail(subject, "reachable", rs.error()));
        continue;
      }
      out.add(scheduler(subject, rs.hbase()));
      out.add(controller(subject, rs));
      JvmProbe jvm = in.regionServers().get(rs.label());
      Pairing.check(subject, rs, jvm).ifPresent(out::add);
      out.addAll(JvmChecks.of(subject, jvm));
      out.addAll(datanode(rs.datanode(), in.datanodes().get(rs.label())));
    }
    out.addAll(master(in.masterLabel(), in.master()));
    out.add(Versions.check(in));
    return out;
  }

  static Finding scheduler(String subject, HBaseLevel h) {
    if (h == null) {
      return Finding.fail(subject, "scheduler", "no Cake scheduler (no io.cake:type=Scheduler,kind=hbase MBean):"
          + " hbase.region.server.rpc.scheduler.factory.class does not name io.cake.hbase.rpc.CakeRpcSchedulerFactory,"
          + " or cake.hbase.jmx.enabled is false");
    }
    if (h.configurationError() != null) {
      return Finding.warn(subject, "scheduler", "a configuration was refused, running on the one before: "
          + h.configurationError());
    }
    if (!h.enabled()) {
      return Finding.warn(subject, "scheduler", "kill switch on (cake.hbase.enabled is false): stock HBase scheduling");
    }
    return Finding.ok(subject, "scheduler", "Cake on, " + h.scheduler());
  }

  static Finding controller(String subject, RegionServerStatus rs) {
    ControllerView c = rs.controller();
    if (c == null) {
      String why = rs.noController();
      return rs.controllerNotRunning() != null && rs.controllerNotRunning().contains("cake.controller.enabled is false")
          ? Finding.warn(subject, "controller", "off (cake.controller.enabled is false): shares stay as configured")
          : Finding.fail(subject, "controller", why);
    }
    String last = c.lastDecision() == null ? "" : c.lastDecision();
    if (last.startsWith(Outcome.FAILED)) { // the controller MBean's LastDecision
      return Finding.fail(subject, "controller", "fail-static, not steering its DataNode: " + last);
    }
    if (c.paused()) {
      return Finding.warn(subject, "controller", "paused (cake resume starts it again)");
    }
    return Finding.ok(subject, "controller", last.isEmpty() ? "running, no decision yet"
        : "running and paired with its DataNode, " + (c.failures() == null ? "?" : c.failures())
            + " failed intervals since it started");
  }

  static List<Finding> datanode(DataNodeLevel d, JvmProbe probe) {
    if (d == null) {
      return List.of();
    }
    String subject = "DataNode " + d.url();
    List<Finding> out = new ArrayList<>();
    if (d.error() != null) {
      out.add(Finding.fail(subject, "scheduler", d.error()));
      return out;
    }
    out.add(Boolean.TRUE.equals(d.enabled())
        ? Finding.ok(subject, "scheduler", "Cake on, " + d.scheduler())
        : Finding.warn(subject, "scheduler", "kill switch on (cake.hdfs.enabled is false): reads unscheduled"));
    if (probe != null && probe.shortCircuitOpens() != null) {
      long opens = probe.shortCircuitOpens();
      out.add(opens == 0
          ? Finding.ok(subject, "short-circuit", "no short-circuit reads since it started")
          : Finding.fail(subject, "short-circuit", opens + " block files handed out for short-circuit reads, which"
              + " bypass Cake: set dfs.client.read.shortcircuit to false on the RegionServers"));
    }
    out.addAll(JvmChecks.of(subject, probe));
    return out;
  }

  static List<Finding> master(String label, JvmProbe probe) {
    if (label == null) {
      return List.of(Finding.warn("HMaster", "reachable", "not checked: --hosts names no ZooKeeper to find it in"));
    }
    String subject = "HMaster " + label;
    if (probe == null) {
      return List.of(Finding.warn("HMaster", "reachable", "no active HMaster in ZooKeeper"));
    }
    if (probe.error() != null) {
      return List.of(Finding.warn(subject, "reachable", probe.error()));
    }
    List<Finding> out = new ArrayList<>();
    if (probe.version() == null) {
      out.add(Finding.warn(subject, "cake", "no io.cake:type=Version: its hbase-site.xml does not name Cake's factory,"
          + " or its Cake is older than the bean; the jar and keys go on the HMaster too (docs/install.md)"));
    }
    out.addAll(JvmChecks.clock(subject, probe));
    return out;
  }
}
