package io.cake.bench.report;

import java.io.File;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/** report.md: a row per policy (docs/evaluation.md, "Output") and the context a reader needs to trust it. */
public final class MarkdownReport {
  private MarkdownReport() {}

  public static String render(
      List<RunSummary> runs,
      Map<String, Object> config,
      Map<String, Object> overhead,
      Double slo,
      double percentile,
      List<File> plots,
      List<String> notes) {
    StringBuilder b = new StringBuilder();
    b.append("# Cake benchmark report\n\n");
    b.append("Front end: single-row 8 KB reads, open loop at ")
        .append(config.get("frontend_rate"))
        .append(" req/s (")
        .append(config.get("shape"))
        .append(" shape), latency from the intended start. Batch: ")
        .append(config.get("batch_threads"))
        .append(" threads of 500-row scans (about 4 MB), unthrottled, not caching blocks. ")
        .append("Every run uses the same data: ")
        .append(String.format(Locale.ROOT, "%,d", ((Number) config.get("records")).longValue()))
        .append(" rows of 8 KB. Measured ")
        .append(config.get("measure_s"))
        .append(" s per run")
        .append(config.get("judged_slo_run_s") instanceof Number j ? " (cake-slo runs " + fmt(j.doubleValue()) + " s)" : "")
        .append(" after ")
        .append(config.get("warmup_s"))
        .append(" s of warm-up.\n\n");
    if (slo != null) {
      b.append("SLO: p").append(fmt(percentile)).append(" <= ").append(fmt(slo)).append(" ms");
      Object src = config.get("slo_source");
      if (src != null) {
        b.append(" (").append(src).append(")");
      }
      b.append(". \"SLO met\" is judged on the whole measured period; \"windows met\" is the fraction of ")
          .append(config.get("window_s"))
          .append(" s windows whose p99 met it, and in brackets of those from ")
          .append(fmt(ResultsJson.convergenceSeconds(config)))
          .append(" s on (after ").append(RunSummary.CONVERGENCE_INTERVALS)
          .append(" controller intervals, the time a cake-slo run may take to converge).\n\n");
    }
    RunSummary isolatedBatch = RunSummary.named(runs, "isolated-batch");
    double base = isolatedBatch == null ? Double.NaN : isolatedBatch.batchOpsPerSec();
    b.append("| policy | front-end p50 (ms) | p99 (ms) | p99.9 (ms) | SLO met? | windows met | batch ops/s | batch MB/s | batch % of isolated | server p99 (ms) |\n");
    b.append("|---|---:|---:|---:|:---:|---:|---:|---:|---:|---:|\n");
    for (RunSummary r : runs) {
      b.append("| ").append(r.name());
      if (!r.policy.knob().isEmpty()) {
        b.append(" (").append(knob(r.policy.knob())).append(")");
      }
      b.append(" | ");
      if (r.hasFrontend()) {
        b.append(num(r.p(50))).append(" | ").append(num(r.p(99))).append(" | ").append(num(r.p(99.9)));
      } else {
        b.append("- | - | -");
      }
      Boolean met = r.sloMet(percentile);
      Double wf = r.windowFractionMet(percentile);
      Double wc = r.windowFractionMet(percentile, ResultsJson.convergenceSeconds(config));
      b.append(" | ").append(met == null ? "-" : met ? "yes" : "**no**");
      b.append(" | ").append(wf == null ? "-" : String.format(Locale.ROOT, "%.0f%% (%.0f%%)", wf * 100, wc * 100));
      if (r.hasBatch()) {
        b.append(" | ").append(num(r.batchOpsPerSec()));
        if (r.batchErrors() > 0) {
          b.append(" (").append(r.batchErrors()).append(" failed)");
        }
        b.append(" | ").append(num(r.batchMbPerSec()));
        b.append(" | ").append(Double.isNaN(base) || base <= 0 ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * r.batchOpsPerSec() / base));
      } else {
        b.append(" | - | - | -");
      }
      b.append(" | ").append(Double.isNaN(r.serverP99()) ? "-" : num(r.serverP99()));
      b.append(" |\n");
    }
    b.append("\n");
    RunSummary alone = RunSummary.named(runs, "isolated-frontend");
    List<Double> slos = runs.stream().map(RunSummary::sloMs).filter(Objects::nonNull).distinct().toList();
    if (alone != null && alone.hasFrontend() && !slos.isEmpty()) {
      // The windows' reference: a window's p99 of a few hundred requests is noisy even alone.
      for (double s : slos) {
        b.append(String.format(Locale.ROOT,
            "The front end alone (isolated-frontend) met p%s <= %s ms in %.0f%% of its %s s windows;"
                + " a policy sharing the cluster is not expected to meet more.\n",
            fmt(percentile), fmt(s), 100 * alone.windowFractionWithin(s, percentile, 0), config.get("window_s")));
      }
      b.append("\n");
    }
    boolean anySweep = runs.stream().anyMatch(r -> !r.sweep.isEmpty());
    if (anySweep) {
      b.append("Swept HBase options (the row above keeps the best value that meets the SLO, else the lowest p99):\n\n");
      for (RunSummary r : runs) {
        for (Map<String, Object> s : r.sweep) {
          b.append("- ").append(r.name()).append(" ").append(knobObj(s.get("knob")))
              .append(": p99 ").append(s.get("frontend_p99_ms")).append(" ms, batch ")
              .append(s.get("batch_ops_per_s")).append(" ops/s (").append(s.get("batch_errors")).append(" failed), SLO met: ").append(s.get("slo_met")).append("\n");
        }
      }
      b.append("\n");
    }
    if (overhead != null && !overhead.isEmpty()) {
      b.append("Single-tenant overhead (closed-loop YCSB reads, ")
          .append(overhead.get("threads"))
          .append(" threads, ")
          .append(overhead.get("measure_s"))
          .append(" s per run, same run, order: ").append(overhead.get("order")).append("): stock SimpleRpcScheduler ")
          .append(overhead.get("stock_ops_per_s"))
          .append(" ops/s, Cake ")
          .append(overhead.get("cake_ops_per_s"))
          .append(" ops/s, ratio Cake/stock = **")
          .append(overhead.get("ratio"))
          .append("**.\n\n");
    }
    if (overhead != null && overhead.get("parts") instanceof List<?> parts && !parts.isEmpty()) {
      b.append("| overhead variant | ops/s | each run | p99 (ms) | ratio to stock |\n|---|---:|---:|---:|---:|\n");
      b.append("| overhead-stock | ").append(overhead.get("stock_ops_per_s")).append(" | ")
          .append(runs(overhead.get("stock_runs_ops_per_s"))).append(" | ")
          .append(overhead.get("stock_p99_ms")).append(" | 1 |\n");
      for (Object o : parts) {
        Map<?, ?> row = (Map<?, ?>) o;
        b.append("| ").append(row.get("name")).append(" | ").append(row.get("ops_per_s")).append(" | ")
            .append(runs(row.get("runs_ops_per_s"))).append(" | ")
            .append(row.get("p99_ms")).append(" | ").append(row.get("ratio")).append(" |\n");
      }
      b.append("\n");
    }
    if (!plots.isEmpty()) {
      b.append("## Plots\n\n");
      for (File f : plots) {
        b.append("![").append(f.getName()).append("](").append(f.getName()).append(")\n");
      }
      b.append("\n");
    }
    if (!notes.isEmpty()) {
      b.append("## Notes\n\n");
    }
    for (String n : notes) {
      b.append("- ").append(n).append("\n");
    }
    return b.toString();
  }

  private static String knob(Map<String, Object> k) {
    StringBuilder s = new StringBuilder();
    k.forEach((a, v) -> s.append(s.length() == 0 ? "" : ", ").append(a).append("=").append(v));
    return s.toString();
  }

  @SuppressWarnings("unchecked")
  private static String knobObj(Object o) {
    return o instanceof Map ? knob((Map<String, Object>) o) : String.valueOf(o);
  }

  public static String num(double v) {
    if (Double.isNaN(v)) {
      return "-";
    }
    if (v >= 100) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    if (v >= 10) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    return String.format(Locale.ROOT, "%.2f", v);
  }

  static String fmt(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
  }

  private static String runs(Object list) {
    if (!(list instanceof List<?> l)) {
      return "";
    }
    StringBuilder b = new StringBuilder();
    for (Object v : l) {
      b.append(b.length() == 0 ? "" : ", ").append(v);
    }
    return b.toString();
  }
}
