package io.cake.bench.experiment;

import io.cake.bench.report.MarkdownReport;
import io.cake.bench.report.Plots;
import io.cake.bench.report.ResultsJson;
import io.cake.bench.report.RunSummary;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes one experiment's results.json, report.md and PNG plots. */
public final class FigureReport {
  private FigureReport() {}

  public static void write(
      File dir, Figure figure, Map<String, Object> config, FigureResult r, double percentile, boolean plots,
      List<String> notes) throws Exception {
    List<String> allNotes = new ArrayList<>(r.notes);
    allNotes.addAll(notes);
    List<File> files = new ArrayList<>();
    if (plots) {
      try {
        for (FigureResult.Chart c : r.charts) {
          List<String> names = new ArrayList<>();
          List<List<double[]>> series = new ArrayList<>();
          for (FigureResult.Series s : c.series()) {
            names.add(s.name());
            series.add(s.points());
          }
          files.add(Plots.lines(new File(dir, c.file()), c.title(), c.xLabel(), c.yLabel(), names, series,
              c.line(), c.line() == null ? null : "SLO " + MarkdownReport.num(c.line()) + " ms", c.logY()));
        }
        for (Map.Entry<String, List<RunSummary>> g : r.plotted.entrySet()) {
          files.add(Plots.cdf(g.getValue(), r.sloMs, new File(dir, "latency-cdf-" + g.getKey() + ".png")));
          files.add(Plots.p99OverTime(g.getValue(), r.sloMs, new File(dir, "frontend-p99-" + g.getKey() + ".png")));
          for (RunSummary run : g.getValue()) {
            if (!run.allocation().isEmpty()) {
              files.add(Plots.allocation(run, new File(dir, "allocation-" + run.name() + ".png")));
            }
          }
        }
      } catch (Throwable e) { // never lose the numbers over a plot
        allNotes.add("Plots failed: " + e);
      }
    }
    Map<String, Object> exp = new LinkedHashMap<>();
    exp.put("id", figure.id());
    exp.put("title", figure.title());
    exp.put("summary", r.summary);
    exp.put("points", r.points);
    List<Map<String, Object>> paper = new ArrayList<>();
    for (FigureResult.Comparison c : r.paper) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("what", c.what());
      m.put("paper", c.paper());
      m.put("ours", c.ours());
      paper.add(m);
    }
    exp.put("paper", paper);
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("experiment", exp);
    extra.put("plots", files.stream().map(File::getName).toList());
    extra.put("notes", allNotes);
    ResultsJson.write(ResultsJson.build(config, r.runs, extra, percentile), new File(dir, "results.json"));
    Files.writeString(new File(dir, "report.md").toPath(), markdown(figure, config, r, files, allNotes), StandardCharsets.UTF_8);
  }

  static String markdown(Figure f, Map<String, Object> config, FigureResult r, List<File> files, List<String> notes) {
    StringBuilder b = new StringBuilder();
    b.append("# ").append(f.title()).append("\n\n");
    b.append("`./cake-bench experiment ").append(f.id());
    if (!"default".equals(config.get("scale"))) {
      b.append(" --").append(config.get("scale"));
    }
    b.append("` (scale ").append(config.get("scale")).append(", ").append(config.get("elapsed_s")).append(" s).\n\n");
    b.append("## Paper and ours\n\n| | paper | ours |\n|---|---|---|\n");
    for (FigureResult.Comparison c : r.paper) {
      b.append("| ").append(c.what()).append(" | ").append(c.paper()).append(" | ").append(c.ours()).append(" |\n");
    }
    b.append("\n## Points\n\n|");
    for (String c : r.columns) {
      b.append(' ').append(c).append(" |");
    }
    b.append("\n|");
    b.append("---|".repeat(r.columns.size()));
    b.append('\n');
    for (Map<String, Object> p : r.points) {
      b.append('|');
      for (String c : r.columns) {
        Object v = p.get(c);
        b.append(' ').append(v == null ? "-" : v instanceof Double d ? MarkdownReport.num(d) : v).append(" |");
      }
      b.append('\n');
    }
    b.append("\n## Notes\n\n");
    for (String n : notes) {
      b.append("- ").append(n).append('\n');
    }
    if (!files.isEmpty()) {
      b.append("\n## Plots\n\n");
      for (File p : files) {
        b.append("![").append(p.getName()).append("](").append(p.getName()).append(")\n");
      }
    }
    return b.toString();
  }
}
