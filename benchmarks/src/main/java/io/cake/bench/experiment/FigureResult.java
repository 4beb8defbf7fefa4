package io.cake.bench.experiment;

import io.cake.bench.report.RunSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What one experiment measured: its runs, its points, the side-by-side with the paper, its plots. */
public final class FigureResult {
  /** One line of a figure: x against y. */
  public record Series(String name, List<double[]> points) {}

  /** A line chart of some series, with an optional horizontal line (an SLO). */
  public record Chart(String file, String title, String xLabel, String yLabel, List<Series> series, Double line, boolean logY) {}

  /** One claim of the paper beside our number. */
  public record Comparison(String what, String paper, String ours) {}

  public final List<RunSummary> runs = new ArrayList<>();
  /** The figure's data, one map per measured point (also in results.json). */
  public final List<Map<String, Object>> points = new ArrayList<>();
  public final List<Comparison> paper = new ArrayList<>();
  public final List<Chart> charts = new ArrayList<>();
  /**
   * Runs whose whole-run plots the report draws, by group: one latency CDF and one p99-per-window
   * plot per group (e.g. diurnal and spike, the paper's Figures 14 and 17), one allocation plot
   * per run (its Figure 15).
   */
  public final Map<String, List<RunSummary>> plotted = new LinkedHashMap<>();

  public void plot(String group, RunSummary run) {
    plotted.computeIfAbsent(group, g -> new ArrayList<>()).add(run);
  }
  public final List<String> notes = new ArrayList<>();
  /** Headline numbers (results.json "experiment.summary"). */
  public final Map<String, Object> summary = new LinkedHashMap<>();
  /** Columns of the points table in report.md, in order (keys of {@link #points}). */
  public final List<String> columns = new ArrayList<>();
  public Double sloMs;

  public Map<String, Object> point(RunSummary r, double percentile) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("run", r.name());
    if (r.hasFrontend()) {
      p.put("fe_ops_per_s", RunSummary.round(r.frontendOpsPerSec()));
      p.put("p50_ms", RunSummary.round(r.p(50)));
      p.put("p99_ms", RunSummary.round(r.p(percentile)));
    }
    if (r.hasBatch()) {
      p.put("batch_scans_per_s", RunSummary.round(r.batchOpsPerSec()));
      p.put("batch_mb_per_s", RunSummary.round(r.batchMbPerSec()));
    }
    if (r.sloMs() != null) {
      p.put("slo_ms", r.sloMs());
      p.put("slo_met", r.sloMet(percentile));
      p.put("windows_met", r.windowFractionMet(percentile));
    }
    points.add(p);
    return p;
  }
}
