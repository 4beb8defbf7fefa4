package io.cake.bench;

import io.cake.bench.experiment.Options;
import io.cake.bench.cluster.Target;
import io.cake.bench.experiment.FigureReport;
import io.cake.bench.experiment.FigureResult;
import io.cake.bench.report.MarkdownReport;
import io.cake.bench.report.Plots;
import io.cake.bench.report.ResultsJson;
import io.cake.bench.report.RunSummary;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What a run writes: results.json, report.md and the plots, or an experiment's report. */
final class BenchReport {
  private final Options o;
  private final Target target;
  private final Policies policies;
  private final List<String> notes;

  BenchReport(Options o, Target target, Policies policies, List<String> notes) {
    this.o = o;
    this.target = target;
    this.policies = policies;
    this.notes = notes;
  }

  /** An experiment's report, from its result and this run's config. */
  void writeExperiment(File out, FigureResult res, double elapsed) throws Exception {
    Map<String, Object> config = runConfig(elapsed);
    config.put("title", o.experiment.title());
    List<String> common = new ArrayList<>();
    common.add(diskNote());
    common.add("Latency is client-side, from each request's intended start (open loop); errors count with their latency.");
    common.add("cake-slo runs steer the server-side p" + fmt(o.percentile) + " with a client budget of "
        + fmt(policies.clientBudgetMs()) + " ms. Unless a note says they settle first, they start from equal shares"
        + " (convergence included).");
    FigureReport.write(out, o.experiment, config, res, o.percentile, o.plots, common);
  }

  /** results.json's config: the options, and what this run ran on. */
  private Map<String, Object> runConfig(double elapsed) {
    Map<String, Object> config = o.describe();
    config.put("target_description", target.describe());
    config.put("cores", Runtime.getRuntime().availableProcessors());
    config.put("max_heap_mb", Runtime.getRuntime().maxMemory() / (1024 * 1024));
    config.put("java", System.getProperty("java.version"));
    config.put("elapsed_s", round(elapsed));
    return config;
  }

  private String diskNote() {
    return o.diskModel == null
        ? "Disk regime: memory. HDFS block files are read from the page cache: nothing queues at a disk and the contended resource is CPU."
        : "Disk regime: hdd, EMULATED (benchmark only; nothing a user installs contains it). " + o.diskModel.summary()
            + ". Each HDFS block (4 MB, so that even a small data set spreads over every actuator) lives on one actuator; every block read waits for its actuator, with no page-cache credit; the table does not cache data blocks in HBase."
            + " Cake's DataNode gate runs with a soft limit of " + o.softLimit() + " (the paper: about the number of disks)"
            + (o.volumeLimit() > 0 ? " and at most " + o.volumeLimit() + " read(s) per volume at once" : "") + ".";
  }

  void write(File out, List<RunSummary> runs, Map<String, Object> overhead, Double slo, double elapsed)
      throws Exception {
    runs.sort(Comparator.comparingInt(BenchReport::displayOrder));
    Map<String, Object> config = runConfig(elapsed);
    config.put("slo_ms", slo);
    config.put("slo_source", o.slos.isEmpty() ? o.sloFactor + "x the isolated front-end p" + fmt(o.percentile) : "--slo");
    notes.add(diskNote());
    notes.add("Latency is client-side, from each request's intended start (open loop); errors count with their latency.");
    if (o.zk == null) {
      notes.add("HBase policies run with the DataNode's Cake gate off (pass-through); Cake policies turn it on.");
      notes.add("Each policy that changes RegionServer settings gets a fresh RegionServer (cold block cache) over the same HFiles.");
    } else {
      notes.add("Target: the existing cluster at " + o.zk + " (" + o.znodeParent + "). Every run, the isolated ones included, runs under that cluster's own configuration"
          + " (Cake on or off as its site files say); the harness changes nothing there. The run named " + o.zkPolicy + " is the mixed one.");
    }
    if (runs.stream().anyMatch(r -> r.name().startsWith("cake-slo"))) {
      notes.add("The controller steers the server-side p" + fmt(o.percentile) + " it measures in the RegionServer (column 'server p99'); the table's latencies are the client's, which add client queueing, CPU and network time. "
          + "So each cake-slo run's controller target is the SLO minus a client budget of " + fmt(policies.clientBudgetMs()) + " ms ("
          + (o.clientBudgetMs != null ? "--client-budget-ms" : Double.isNaN(policies.measuredBudgetMs()) ? "no cake-static run to measure it in" : "client p" + fmt(o.percentile) + " - server p" + fmt(o.percentile) + " in the cake-static run, over the intervals the server measured")
          + ", at least a quarter of the SLO). cake-slo runs start from equal shares and include the controller's convergence.");
    }
    Map<String, Object> extra = new LinkedHashMap<>();
    extra.put("overhead", overhead.isEmpty() ? null : overhead);
    List<File> plots = new ArrayList<>();
    if (o.plots) {
      try {
        plots = Plots.write(runs, slo, out);
      } catch (Throwable e) { // never lose the numbers over a plot
        notes.add("Plots failed: " + e);
      }
    }
    List<String> names = new ArrayList<>();
    for (File f : plots) {
      names.add(f.getName());
    }
    extra.put("plots", names);
    extra.put("notes", notes);
    ResultsJson.write(ResultsJson.build(config, runs, extra, o.percentile), new File(out, "results.json"));
    String md = MarkdownReport.render(runs, config, overhead, slo, o.percentile, plots, notes);
    Files.writeString(new File(out, "report.md").toPath(), md, StandardCharsets.UTF_8);
  }

  private static int displayOrder(RunSummary r) {
    String[] order = {"isolated-frontend", "isolated-batch", "hbase-fifo", "hbase-rwqueue", "hbase-deadline", "hbase-quota", "cake-static", "cake-slo"};
    for (int i = 0; i < order.length; i++) {
      if (r.name().startsWith(order[i])) {
        return i;
      }
    }
    return order.length;
  }

  private static Double round(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return null;
    }
    return Math.round(v * 1000.0) / 1000.0;
  }

  private static String fmt(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
  }
}
