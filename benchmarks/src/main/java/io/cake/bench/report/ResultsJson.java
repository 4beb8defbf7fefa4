package io.cake.bench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.cake.bench.cluster.AllocationPoint;
import io.cake.bench.load.Windows;
import io.cake.core.metrics.LatencySummary;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * results.json, schema {@code cake-bench/1}: its keys, the schema's and the extra ones, are listed
 * in docs/evaluation.md, "Output". Numbers that cannot be measured (a percentile of a window
 * without requests) are written as null, never as NaN.
 */
public final class ResultsJson {
  public static final String SCHEMA = "cake-bench/1";

  private ResultsJson() {}

  public static Map<String, Object> build(
      Map<String, Object> config, List<RunSummary> runs, Map<String, Object> extra, double percentile) {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("schema", SCHEMA);
    root.put("config", config);
    List<Object> rs = new ArrayList<>();
    double convergenceS = convergenceSeconds(config);
    RunSummary alone = RunSummary.named(runs, "isolated-frontend");
    for (RunSummary r : runs) {
      rs.add(run(r, alone, percentile, convergenceS));
    }
    root.put("runs", rs);
    root.putAll(extra);
    return root;
  }

  /** How long a cake-slo run may take to converge: {@link RunSummary#CONVERGENCE_INTERVALS} controller intervals. */
  public static double convergenceSeconds(Map<String, Object> config) {
    Object ms = config.get("controller_interval_ms");
    return ms instanceof Number n ? RunSummary.convergenceSeconds(n.doubleValue()) : 0.0;
  }

  /** @param alone the isolated front end's run, whose windows are this run's reference (null: none) */
  static Map<String, Object> run(RunSummary r, RunSummary alone, double percentile, double convergenceS) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", r.name());
    m.put("slo_ms", r.sloMs());
    m.put("slo_percentile", r.sloMs() == null ? null : percentile);
    m.put("frontend", r.hasFrontend() ? frontend(r, alone, percentile, convergenceS) : null);
    m.put("batch", r.hasBatch() ? batch(r) : null);
    List<Object> alloc = new ArrayList<>();
    for (AllocationPoint a : r.allocation()) {
      Map<String, Object> p = new LinkedHashMap<>();
      p.put("t_s", RunSummary.round(a.tSeconds()));
      p.put("hbase_pool", a.hbasePool());
      p.put("hbase_share", RunSummary.round(a.hbaseShare()));
      p.put("hbase_reserved", a.hbaseReserved());
      p.put("hdfs_share", RunSummary.round(a.hdfsShare()));
      p.put("hdfs_reserved", a.hdfsReserved());
      p.put("hbase_others_limit", RunSummary.round(a.hbaseOthersLimit()));
      alloc.add(p);
    }
    m.put("allocation", alloc);
    // Extras.
    m.put("label", r.policy.label());
    m.put("knob", r.policy.knob());
    if (r.disk != null) {
      m.put("disk", r.disk);
    }
    m.put("measured_s", r.measuredSeconds());
    m.put("settle_s", r.outcome.spec().settleSeconds());
    if (!r.sweep.isEmpty()) {
      m.put("sweep", r.sweep);
    }
    return m;
  }

  private static Map<String, Object> frontend(RunSummary r, RunSummary alone, double percentile, double convergenceS) {
    Windows w = r.outcome.frontend();
    Histogram h = w.total();
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("ops", w.totalOps());
    f.put("ops_per_s", RunSummary.round(r.frontendOpsPerSec()));
    f.put("p50_ms", RunSummary.round(r.p(50)));
    f.put("p99_ms", RunSummary.round(r.p(99)));
    f.put("p999_ms", RunSummary.round(r.p(99.9)));
    f.put("server_p99_ms", Double.isNaN(r.serverP99()) ? null : RunSummary.round(r.serverP99()));
    f.put("slo_window_fraction_met", r.windowFractionMet(percentile));
    f.put("slo_window_fraction_met_after_convergence", r.windowFractionMet(percentile, convergenceS));
    if (alone != null && alone.hasFrontend() && r.sloMs() != null) {
      // Extra: the reference for this run's windows (docs/evaluation.md, "Output").
      f.put("isolated_window_fraction_within_slo", alone.windowFractionWithin(r.sloMs(), percentile, 0));
    }
    List<Object> ws = new ArrayList<>();
    for (int i = 0; i < w.count(); i++) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("t_s", RunSummary.round(i * w.windowSeconds()));
      x.put("ops", w.ops(i));
      x.put("p99_ms", RunSummary.round(Windows.ms(w.window(i), 99)));
      ws.add(x);
    }
    f.put("windows", ws);
    // Extras.
    f.put("errors", w.errors());
    f.put("mean_ms", h.getTotalCount() == 0 ? null : RunSummary.round(LatencySummary.meanNanos(h) / 1000.0));
    f.put("max_ms", h.getTotalCount() == 0 ? null : RunSummary.round(h.getMaxValue() / 1000.0));
    f.put("cdf", cdf(h));
    return f;
  }

  /** [latency ms, cumulative fraction] pairs at fixed quantiles (for CDF plots elsewhere). */
  static List<double[]> cdf(Histogram h) {
    List<double[]> out = new ArrayList<>();
    if (h.getTotalCount() == 0) {
      return out;
    }
    double[] qs = {0, 1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 97, 98, 99, 99.5, 99.9, 99.99, 100};
    for (double q : qs) {
      out.add(new double[] {h.getValueAtPercentile(q) / 1000.0, q / 100.0});
    }
    return out;
  }

  private static Map<String, Object> batch(RunSummary r) {
    Windows w = r.outcome.batch();
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("ops", r.batchOps()); // completed scans; failed ones are under errors
    b.put("ops_per_s", RunSummary.round(r.batchOpsPerSec()));
    b.put("mb_per_s", RunSummary.round(r.batchMbPerSec()));
    List<Object> ws = new ArrayList<>();
    for (int i = 0; i < w.count(); i++) {
      Map<String, Object> x = new LinkedHashMap<>();
      x.put("t_s", RunSummary.round(i * w.windowSeconds()));
      x.put("ops", w.completed(i));
      ws.add(x);
    }
    b.put("windows", ws);
    // Extras.
    b.put("errors", w.errors());
    Histogram h = w.total();
    b.put("scan_p50_ms", h.getTotalCount() == 0 ? null : RunSummary.round(h.getValueAtPercentile(50) / 1000.0));
    b.put("scan_p99_ms", h.getTotalCount() == 0 ? null : RunSummary.round(h.getValueAtPercentile(99) / 1000.0));
    return b;
  }

  public static void write(Map<String, Object> root, File file) throws IOException {
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(file, root);
  }
}
