package io.cake.bench.experiment;

import io.cake.bench.cluster.Policy;
import io.cake.bench.experiment.TenantExperiments.FrontEnd;
import io.cake.bench.load.Phase;
import io.cake.bench.load.RateShape;
import io.cake.bench.load.Windows;
import io.cake.bench.report.MarkdownReport;
import io.cake.bench.report.RunSummary;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * What the experiments with several latency tenants share: their front ends and the runs they
 * make, each front end's SLO, and the rows that judge each run against those SLOs.
 */
abstract class TenantRuns {
  final Lab lab;
  final Options o;
  final FigureResult r;
  final List<FrontEnd> fronts;
  /** The first front end's shape; the others are constant. */
  final RateShape shape;

  TenantRuns(Lab lab, FigureResult r) {
    this(lab, r, TenantExperiments.FRONT_ENDS, RateShape.CONSTANT);
  }

  TenantRuns(Lab lab, FigureResult r, List<FrontEnd> fronts, RateShape shape) {
    this.lab = lab;
    this.o = lab.options();
    this.r = r;
    this.fronts = fronts;
    this.shape = shape;
  }

  /** The percentile front end {@code f}'s SLO is on. */
  double pct(FrontEnd f) {
    return Double.isNaN(f.percentile()) ? o.percentile : f.percentile();
  }

  double rate(FrontEnd f) {
    return round(f.rateFactor() * o.rate());
  }

  /** Every front end but the first, at its rate. */
  Map<String, Double> others() {
    Map<String, Double> m = new LinkedHashMap<>();
    for (FrontEnd f : fronts.subList(1, fronts.size())) {
      m.put(f.name(), rate(f));
    }
    return m;
  }

  RunSummary run(Policy p, double firstTimes, boolean batch, double seconds) throws Exception {
    return run(p, firstTimes, 1, batch, seconds);
  }

  /**
   * bursty's Cake runs: {@link Experiments#settleSeconds} at every front end's mean rate first
   * (unrecorded, as fig14-17's), then {@code seconds} less that, measured; the same wall time as an
   * unsettled run.
   */
  RunSummary settledRun(Policy p, double seconds) throws Exception {
    double settle = Experiments.settleSeconds(o);
    return run(p, 1, 1, true, settle, Math.max(seconds / 2, seconds - settle));
  }

  /** The first front end at {@code firstTimes} its rate, the others at {@code othersTimes} theirs. */
  RunSummary run(Policy p, double firstTimes, double othersTimes, boolean batch, double seconds) throws Exception {
    return run(p, firstTimes, othersTimes, batch, 0, seconds);
  }

  /** As above, after {@code settleSeconds} of every front end at its constant rate (unrecorded). */
  RunSummary run(Policy p, double firstTimes, double othersTimes, boolean batch, double settleSeconds,
      double seconds) throws Exception {
    Map<String, Double> others = new LinkedHashMap<>();
    others().forEach((t, v) -> others.put(t, round(v * othersTimes)));
    RunSummary s = lab.runTenants(p, settleSeconds, rate(fronts.get(0)) * firstTimes, shape, others, batch,
        seconds);
    r.runs.add(s);
    return s;
  }

  /** Per front end, its SLO: its isolated p99 times its factor. */
  Map<String, Double> slos(RunSummary iso) {
    Map<String, Double> slos = new LinkedHashMap<>();
    for (FrontEnd f : fronts) {
      double p = Windows.ms(windows(iso, f.name()).total(), pct(f));
      if (Double.isNaN(p)) {
        throw new IllegalStateException("front end " + f.name() + " completed no requests alone; cannot derive its SLO");
      }
      slos.put(f.name(), Math.max(1, Math.ceil(f.sloFactor() * p)));
    }
    return slos;
  }

  static Windows windows(RunSummary run, String tenant) {
    return tenant.equals(Phase.EmbeddedNames.FRONTEND) ? run.outcome.frontend() : run.outcome.otherFrontends().get(tenant);
  }

  /** The controller's keys: each front end's SLO (server side), weight, equal starting shares. */
  Map<String, String> controllerKeys(Map<String, Double> slos) {
    Map<String, String> k = new LinkedHashMap<>();
    for (FrontEnd f : fronts) {
      k.put("cake.slo." + f.name() + ".latency-ms", Double.toString(lab.serverTargetMs(slos.get(f.name()))));
      k.put("cake.slo." + f.name() + ".percentile", Double.toString(pct(f)));
      k.put("cake.slo." + f.name() + ".weight", Double.toString(f.weight()));
      k.put("cake.hbase.tenant." + f.name() + ".share", "1.0");
    }
    k.put("cake.hbase.tenant.batch.share", "1.0");
    return k;
  }

  /**
   * Each window's latency at {@code percentile}, from the first (NaN: no requests): read once, and
   * every per-window judgement below is made from it.
   */
  static double[] windowLatencies(Windows w, double percentile) {
    double[] ms = new double[w.count()];
    for (int i = 0; i < ms.length; i++) {
      ms[i] = Windows.ms(w.window(i), percentile);
    }
    return ms;
  }

  /** Windows from {@code from} on, with requests, whose latency is within {@code slo}: met and counted. */
  static int[] windowsMet(double[] windowMs, double slo, int from) {
    int met = 0;
    int counted = 0;
    for (int i = from; i < windowMs.length; i++) {
      if (!Double.isNaN(windowMs[i])) {
        counted++;
        met += windowMs[i] <= slo ? 1 : 0;
      }
    }
    return new int[] {met, counted};
  }

  /** Windows a controller run is given to converge (the bench's usual 3 controller intervals). */
  int convergenceWindows(RunSummary run) {
    if (!run.policy.cake() || !run.policy.regionServer().containsKey("cake.controller.enabled")) {
      return 0;
    }
    return o.convergenceWindows();
  }

  /**
   * One front end in one run, as its row says: its latency at its percentile over the whole run,
   * whether that met its SLO, the fraction of windows after convergence that did (null: none had
   * requests), and its weighted badness over the whole run and per window after convergence.
   */
  record Judged(double latencyMs, boolean sloMet, Double windowsMetAfter, double badness, double windowBadness) {}

  /** Whether every front end of a run met its SLO over the whole run. */
  static boolean allMet(Map<String, Judged> judged) {
    return judged.values().stream().allMatch(Judged::sloMet);
  }

  /** {@code which}'s windows met after convergence, by name. */
  static Map<String, Object> windowsMetAfter(Map<String, Judged> judged, List<FrontEnd> which) {
    Map<String, Object> m = new TreeMap<>();
    which.forEach(f -> m.put(f.name(), judged.get(f.name()).windowsMetAfter()));
    return m;
  }

  /** One row per front end of {@code run} and one for its batch; returns the front ends' judgements, in order. */
  Map<String, Judged> rows(RunSummary run, Map<String, Double> slos, RunSummary isoBatch, String note) {
    Map<String, Judged> judged = new LinkedHashMap<>();
    int from = convergenceWindows(run);
    for (FrontEnd f : fronts) {
      Windows w = windows(run, f.name());
      double slo = slos.get(f.name());
      double p = Windows.ms(w.total(), pct(f));
      double[] windowMs = windowLatencies(w, pct(f));
      int[] met = windowsMet(windowMs, slo, 0);
      int[] after = windowsMet(windowMs, slo, from);
      Map<String, Object> pt = new LinkedHashMap<>();
      pt.put("run", run.name());
      pt.put("tenant", f.name());
      pt.put("weight", f.weight());
      pt.put("req_per_s", RunSummary.round(w.totalOps() / run.measuredSeconds()));
      pt.put("slo_ms", slo);
      pt.put("percentile", pct(f));
      pt.put("latency_ms", RunSummary.round(p));
      Judged j = new Judged(p, !Double.isNaN(p) && p <= slo, fraction(after), WeightedBadness.badness(f, slo, p),
          WeightedBadness.windowBadness(windowMs, f, slo, from));
      pt.put("slo_met", j.sloMet());
      pt.put("windows_met", fraction(met));
      pt.put("windows_met_after_convergence", j.windowsMetAfter());
      pt.put("weighted_badness", RunSummary.round(j.badness()));
      pt.put("weighted_badness_per_window", RunSummary.round(j.windowBadness()));
      // Each window's latency (null: no requests): a swing shows in these where the mean hides it.
      pt.put("window_latency_ms", Arrays.stream(windowMs).mapToObj(v -> Double.isNaN(v) ? null : RunSummary.round(v)).toList());
      if (note != null && f.name().equals(Phase.EmbeddedNames.FRONTEND)) {
        pt.put("note", note);
      }
      r.points.add(pt);
      judged.put(f.name(), j);
    }
    if (run.hasBatch()) {
      Map<String, Object> pt = new LinkedHashMap<>();
      pt.put("run", run.name());
      pt.put("tenant", "batch");
      pt.put("batch_scans_per_s", RunSummary.round(run.batchOpsPerSec()));
      pt.put("batch_of_isolated", isoBatch == null ? null : RunSummary.round(run.batchOpsPerSec() / isoBatch.batchOpsPerSec()));
      r.points.add(pt);
    }
    return judged;
  }


  private static Double fraction(int[] metCounted) {
    return metCounted[1] == 0 ? null : RunSummary.round(metCounted[0] / (double) metCounted[1]);
  }

  /** p99 over SLO per window of each front end: 1 is the SLO. */
  void normalizedChart(RunSummary run, Map<String, Double> slos, String file, String title) {
    List<FigureResult.Series> series = new ArrayList<>();
    for (FrontEnd f : fronts) {
      Windows w = windows(run, f.name());
      double[] windowMs = windowLatencies(w, pct(f));
      List<double[]> line = new ArrayList<>();
      for (int i = 0; i < windowMs.length; i++) {
        if (!Double.isNaN(windowMs[i])) {
          line.add(new double[] {(i + 1) * w.windowSeconds(), windowMs[i] / slos.get(f.name())});
        }
      }
      series.add(new FigureResult.Series(f.name() + " (SLO " + fmt(slos.get(f.name())) + " ms)", line));
    }
    r.charts.add(new FigureResult.Chart(file, title, "time (s)", "percentile / SLO (log)", series, 1.0, true));
  }

  void columns() {
    r.columns.addAll(List.of("run", "tenant", "weight", "req_per_s", "percentile", "slo_ms", "latency_ms", "slo_met", "windows_met",
        "windows_met_after_convergence", "weighted_badness", "weighted_badness_per_window", "batch_scans_per_s", "batch_of_isolated"));
  }

  void describeTenants(Map<String, Double> slos, RunSummary iso) {
    for (FrontEnd f : fronts) {
      r.notes.add(String.format(Locale.ROOT, "%s: %s req/s, weight %s, isolated p%s %s ms, SLO %sx = %s ms (server-side target %s ms).",
          f.name(), fmt(rate(f)), fmt(f.weight()), fmt(pct(f)), fmt(Windows.ms(windows(iso, f.name()).total(), pct(f))),
          fmt(f.sloFactor()), fmt(slos.get(f.name())), fmt(lab.serverTargetMs(slos.get(f.name())))));
    }
  }

  static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }

  static String fmt(double v) {
    return MarkdownReport.num(v);
  }

  static String pct(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * v);
  }
}
