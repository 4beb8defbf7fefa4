package io.cake.bench;

import io.cake.bench.experiment.Options;
import io.cake.bench.cluster.EmbeddedCluster;
import io.cake.bench.cluster.Policy;
import io.cake.bench.experiment.Fixed;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/** The policies a run sets up, from the options: stock HBase, and Cake fixed, static or steering an SLO. */
final class Policies {
  private final Options o;
  /** Client minus server tail latency measured in the cake-static run (NaN: none measured). */
  private double measuredBudgetMs = Double.NaN;

  Policies(Options o) {
    this.o = o;
  }

  Policy stock(String name, String label) {
    Map<String, String> rs = new LinkedHashMap<>();
    rs.put("hbase.quota.enabled", "false");
    return new Policy(name, label, rs, false, Map.of(), 0, null, Map.of(), false);
  }

  Policy fixed(String name, String label, Fixed f) {
    Map<String, String> rs = cakeBase();
    if (f.hbase() == Fixed.HBaseMode.THREAD_PER_REQUEST) {
      rs.put("cake.hbase.aimd.enabled", "false");
      rs.put("cake.hbase.aimd.max", Integer.toString(Fixed.THREAD_PER_REQUEST_HANDLERS));
      rs.put("cake.hbase.handlers.initial", Integer.toString(Fixed.THREAD_PER_REQUEST_HANDLERS));
      rs.put("hbase.regionserver.handler.count", Integer.toString(Fixed.THREAD_PER_REQUEST_HANDLERS));
      rs.put("cake.hbase.tenant.frontend.share", "1.0");
      rs.put("cake.hbase.tenant.batch.share", "1.0");
    } else {
      rs.put("cake.hbase.tenant.frontend.share", Double.toString(f.hbaseFrontShare()));
      rs.put("cake.hbase.tenant.batch.share", Double.toString(round(1 - f.hbaseFrontShare())));
      rs.put("cake.hbase.tenant.frontend.reservation", Integer.toString(f.hbaseReserved()));
    }
    Map<String, Double> shares = switch (f.hdfs()) {
      case UNLIMITED -> Map.of();
      case CHUNKED_EQUAL -> Map.of(EmbeddedCluster.FRONTEND, 1.0, EmbeddedCluster.BATCH, 1.0);
      case CAKE -> Map.of(EmbeddedCluster.FRONTEND, f.hdfsFrontShare(), EmbeddedCluster.BATCH, round(1 - f.hdfsFrontShare()));
    };
    Map<String, Integer> reserved = f.hdfs() == Fixed.HdfsMode.CAKE && f.hdfsReserved() > 0
        ? Map.of(EmbeddedCluster.FRONTEND, f.hdfsReserved())
        : Map.of();
    Map<String, Object> knob = new LinkedHashMap<>();
    knob.put("hbase", f.hbase().name().toLowerCase(Locale.ROOT));
    knob.put("hdfs", f.hdfs().name().toLowerCase(Locale.ROOT));
    knob.put("hbase_front_share", f.hbaseFrontShare());
    knob.put("hbase_reserved", f.hbaseReserved());
    knob.put("hdfs_front_share", f.hdfsFrontShare());
    knob.put("hdfs_reserved", f.hdfsReserved());
    return new Policy(name, label, rs, f.hdfs() != Fixed.HdfsMode.UNLIMITED, shares, 0, null, knob, true)
        .withHdfsReservations(reserved);
  }

  /** Cake with the controller at {@code sloMs}, named {@code name}, at this soft limit (0: default). */
  Policy cakeSlo(String name, double sloMs, int softLimit) {
    Policy p = cakeSlo(sloMs);
    return p.withName(name, p.label() + (softLimit > 0 ? ", soft limit " + softLimit : "")).withSoftLimit(softLimit);
  }

  private Map<String, String> cakeBase() {
    Map<String, String> rs = new LinkedHashMap<>();
    rs.put("hbase.quota.enabled", "false");
    rs.put("hbase.region.server.rpc.scheduler.factory.class", "io.cake.hbase.rpc.CakeRpcSchedulerFactory");
    rs.put("hbase.fs.wrapper", "io.cake.hdfs.client.CakeTenantFileSystem");
    rs.put("cake.hbase.metrics.interval-ms", Long.toString(o.controllerIntervalMs()));
    if (o.diskModel != null) {
      // Cake's AIMD reads a rise in single-row get service time as CPU contention (its 6/8 ms
      // bounds). Over the emulated disk a get's service time is disk time, so disk queueing would
      // shrink the pool to its floor of 4, where the front end's reserved handlers leave batch one
      // (docs/decisions/0004-aimd-handler-pool.md). The controller's limit on the others still answers CPU
      // contention.
      rs.put("cake.hbase.aimd.enabled", "false");
    }
    rs.putAll(o.cakeConf);
    return rs;
  }

  Policy cakeStatic(Double slo) {
    Map<String, String> rs = cakeBase();
    String fe = Double.toString(o.staticShare);
    String ba = Double.toString(round(1 - o.staticShare));
    rs.put("cake.hbase.tenant.frontend.share", fe);
    rs.put("cake.hbase.tenant.batch.share", ba);
    Map<String, Object> knob = new LinkedHashMap<>();
    knob.put("frontend_share", o.staticShare);
    return new Policy(
        "cake-static",
        "Cake, static shares " + fe + "/" + ba + " at HBase and HDFS, no controller",
        rs,
        true,
        Map.of(EmbeddedCluster.FRONTEND, o.staticShare, EmbeddedCluster.BATCH, round(1 - o.staticShare)),
        0,
        slo,
        knob,
        true);
  }

  /** Client-side time the controller's server-side target leaves room for (0 if unknown). */
  double clientBudgetMs() {
    if (o.clientBudgetMs != null) {
      return o.clientBudgetMs;
    }
    return Double.isNaN(measuredBudgetMs) ? 0.0 : measuredBudgetMs;
  }

  /** The client budget the cake-static run measured (NaN: none yet). */
  double measuredBudgetMs() {
    return measuredBudgetMs;
  }

  /** Sets the client budget measured in the cake-static run. */
  void measuredBudgetMs(double ms) {
    measuredBudgetMs = ms;
  }

  Policy cakeSlo(double sloMs) {
    Map<String, String> rs = cakeBase();
    double serverTarget = serverTargetMs(sloMs);
    rs.put("cake.hbase.tenant.frontend.share", "1.0");
    rs.put("cake.hbase.tenant.batch.share", "1.0");
    rs.put("hbase.coprocessor.regionserver.classes", "io.cake.controller.hbase.CakeControllerCoprocessor");
    rs.put("cake.controller.enabled", "true");
    rs.put("cake.controller.interval-ms", Long.toString(o.controllerIntervalMs()));
    rs.put("cake.slo.frontend.latency-ms", Double.toString(serverTarget));
    rs.put("cake.slo.frontend.percentile", Double.toString(o.percentile));
    String name = "cake-slo-" + MarkdownReportName.ms(sloMs);
    Map<String, Object> knob = new LinkedHashMap<>();
    knob.put("controller_interval_ms", o.controllerIntervalMs());
    knob.put("server_target_ms", serverTarget);
    return new Policy(
        name,
        "Cake with the controller, SLO p" + o.percentile + " <= " + sloMs + " ms (server-side target "
            + serverTarget + " ms), starting from equal shares",
        rs,
        true,
        Map.of(EmbeddedCluster.FRONTEND, 1.0, EmbeddedCluster.BATCH, 1.0),
        0,
        sloMs,
        knob,
        true);
  }

  /** The controller sees the RegionServer's latency; the SLO is the client's: less the client budget. */
  double serverTargetMs(double sloMs) {
    return round(Math.max(sloMs * 0.25, sloMs - clientBudgetMs()));
  }

  Policy cakeController(String name, String label, Map<String, String> controllerKeys, Double judgedBy) {
    Map<String, String> rs = cakeBase();
    rs.put("hbase.coprocessor.regionserver.classes", "io.cake.controller.hbase.CakeControllerCoprocessor");
    rs.put("cake.controller.enabled", "true");
    rs.put("cake.controller.interval-ms", Long.toString(o.controllerIntervalMs()));
    rs.putAll(controllerKeys);
    Map<String, Object> knob = new LinkedHashMap<>();
    knob.put("controller_interval_ms", o.controllerIntervalMs());
    knob.putAll(controllerKeys);
    return new Policy(name, label, rs, true, Map.of(), 0, judgedBy, knob, true);
  }

  /** Names like cake-slo-40 (whole ms) or cake-slo-12.5. */
  static final class MarkdownReportName {
    static String ms(double v) {
      return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
  }

  private static Double round(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return null;
    }
    return Math.round(v * 1000.0) / 1000.0;
  }
}
