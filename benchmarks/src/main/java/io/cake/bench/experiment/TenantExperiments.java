package io.cake.bench.experiment;

import io.cake.bench.Options;
import io.cake.bench.cluster.Policy;
import io.cake.bench.load.Phase;
import io.cake.bench.load.RateShape;
import io.cake.bench.load.Windows;
import io.cake.bench.report.MarkdownReport;
import io.cake.bench.report.RunSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Issue 12's experiments with several latency tenants, beyond the paper (Cake steers one): three
 * open-loop front ends of single-row gets at different rates, with SLOs at 2x, 3x and 4x their
 * isolated p99 and weights 1, 1 and 2, beside the closed-loop batch scans.
 *
 * <ul>
 *   <li>{@code multi-tenant}: isolated front ends and batch, stock FIFO, HBase quotas on the batch
 *       user (swept), and Cake with the controller for several tenants (Frosting's weighted
 *       minimax, docs/controller.md "Many tenants").
 *   <li>{@code misbehaving}: the same, with the first tenant ({@code frontend}) sending three times
 *       its rate: FIFO, Cake without a contract, Cake with a contract at its normal rate (calls
 *       over it served best effort). Its in-contract calls are judged server-side (the RegionServer
 *       counts them under its name, the others under best-effort); the client sees them mixed.
 * </ul>
 */
final class TenantExperiments {
  /** One front end: its name, rate as a fraction of --rate, SLO as a multiple of its isolated p99, weight. */
  record FrontEnd(String name, double rateFactor, double sloFactor, double weight) {}

  static final List<FrontEnd> FRONT_ENDS = List.of(
      new FrontEnd(Phase.EmbeddedNames.FRONTEND, 1.0 / 3, 2.0, 1),
      new FrontEnd("frontend-b", 1.0 / 2, 3.0, 1),
      new FrontEnd("frontend-c", 2.0 / 3, 4.0, 2));
  /** How many times its rate the misbehaving tenant sends. */
  static final double MISBEHAVING_TIMES = 3.0;

  private final Lab lab;
  private final Options o;
  private final FigureResult r;

  TenantExperiments(Lab lab, FigureResult r) {
    this.lab = lab;
    this.o = lab.options();
    this.r = r;
  }

  private double rate(FrontEnd f) {
    return round(f.rateFactor() * o.rate());
  }

  /** Every front end but the first, at its rate. */
  private Map<String, Double> others() {
    Map<String, Double> m = new LinkedHashMap<>();
    for (FrontEnd f : FRONT_ENDS.subList(1, FRONT_ENDS.size())) {
      m.put(f.name(), rate(f));
    }
    return m;
  }

  private RunSummary run(Policy p, double firstTimes, boolean batch, double seconds) throws Exception {
    RunSummary s = lab.runTenants(p, rate(FRONT_ENDS.get(0)) * firstTimes, others(), batch, seconds);
    r.runs.add(s);
    return s;
  }

  /** Per front end, its SLO: its isolated p99 times its factor. */
  private Map<String, Double> slos(RunSummary iso) {
    Map<String, Double> slos = new LinkedHashMap<>();
    for (FrontEnd f : FRONT_ENDS) {
      double p = Windows.ms(windows(iso, f.name()).total(), o.percentile);
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
  private Map<String, String> controllerKeys(Map<String, Double> slos, double smallestRate) {
    Map<String, String> k = new LinkedHashMap<>();
    for (FrontEnd f : FRONT_ENDS) {
      k.put("cake.slo." + f.name() + ".latency-ms", Double.toString(lab.serverTargetMs(slos.get(f.name()))));
      k.put("cake.slo." + f.name() + ".percentile", Double.toString(o.percentile));
      k.put("cake.slo." + f.name() + ".weight", Double.toString(f.weight()));
      k.put("cake.hbase.tenant." + f.name() + ".share", "1.0");
    }
    k.put("cake.hbase.tenant.batch.share", "1.0");
    // At least a quarter of the slowest tenant's requests in an interval before a p99 is trusted.
    long minSamples = Math.max(10, Math.min(100, (long) (smallestRate * o.controllerIntervalMs() / 1000.0 / 4)));
    k.put("cake.controller.min-samples", Long.toString(minSamples));
    return k;
  }

  private double smallestRate() {
    return FRONT_ENDS.stream().mapToDouble(this::rate).min().orElseThrow();
  }

  /** Windows from {@code from} on, with requests, whose p99 is within {@code slo}: met and counted. */
  static int[] windowsMet(Windows w, double percentile, double slo, int from) {
    int met = 0;
    int counted = 0;
    for (int i = from; i < w.count(); i++) {
      double v = Windows.ms(w.window(i), percentile);
      if (Double.isNaN(v)) {
        continue;
      }
      counted++;
      met += v <= slo ? 1 : 0;
    }
    return new int[] {met, counted};
  }

  /** Windows a controller run is given to converge (the bench's usual 3 controller intervals). */
  private int convergenceWindows(RunSummary run) {
    if (!run.policy.cake() || !run.policy.regionServer().containsKey("cake.controller.enabled")) {
      return 0;
    }
    double interval = o.controllerIntervalMs() / 1000.0;
    return (int) Math.ceil(RunSummary.CONVERGENCE_INTERVALS * interval / o.window());
  }

  /**
   * One row per front end of {@code run} and one for its batch; returns whether every front end met
   * its SLO over the whole run.
   */
  private boolean rows(RunSummary run, Map<String, Double> slos, RunSummary isoBatch, String note) {
    boolean all = true;
    int from = convergenceWindows(run);
    for (FrontEnd f : FRONT_ENDS) {
      Windows w = windows(run, f.name());
      double slo = slos.get(f.name());
      double p = Windows.ms(w.total(), o.percentile);
      int[] met = windowsMet(w, o.percentile, slo, 0);
      int[] after = windowsMet(w, o.percentile, slo, from);
      Map<String, Object> pt = new LinkedHashMap<>();
      pt.put("run", run.name());
      pt.put("tenant", f.name());
      pt.put("weight", f.weight());
      pt.put("req_per_s", RunSummary.round(w.totalOps() / run.measuredSeconds()));
      pt.put("slo_ms", slo);
      pt.put("p99_ms", RunSummary.round(p));
      boolean ok = !Double.isNaN(p) && p <= slo;
      pt.put("slo_met", ok);
      pt.put("windows_met", fraction(met));
      pt.put("windows_met_after_convergence", fraction(after));
      pt.put("weighted_badness", RunSummary.round(f.weight() * Math.max(0, 1 - slo / p)));
      if (note != null && f.name().equals(Phase.EmbeddedNames.FRONTEND)) {
        pt.put("note", note);
      }
      r.points.add(pt);
      all &= ok;
    }
    if (run.hasBatch()) {
      Map<String, Object> pt = new LinkedHashMap<>();
      pt.put("run", run.name());
      pt.put("tenant", "batch");
      pt.put("batch_scans_per_s", RunSummary.round(run.batchOpsPerSec()));
      pt.put("batch_of_isolated", isoBatch == null ? null : RunSummary.round(run.batchOpsPerSec() / isoBatch.batchOpsPerSec()));
      r.points.add(pt);
    }
    return all;
  }

  private static Double fraction(int[] metCounted) {
    return metCounted[1] == 0 ? null : RunSummary.round(metCounted[0] / (double) metCounted[1]);
  }

  /** p99 over SLO per window of each front end: 1 is the SLO. */
  private void normalizedChart(RunSummary run, Map<String, Double> slos, String file, String title) {
    List<FigureResult.Series> series = new ArrayList<>();
    for (FrontEnd f : FRONT_ENDS) {
      Windows w = windows(run, f.name());
      List<double[]> line = new ArrayList<>();
      for (int i = 0; i < w.count(); i++) {
        double v = Windows.ms(w.window(i), o.percentile);
        if (!Double.isNaN(v)) {
          line.add(new double[] {(i + 1) * w.windowSeconds(), v / slos.get(f.name())});
        }
      }
      series.add(new FigureResult.Series(f.name() + " (SLO " + fmt(slos.get(f.name())) + " ms)", line));
    }
    r.charts.add(new FigureResult.Chart(file, title, "time (s)", "p" + fmt(o.percentile) + " / SLO (log)", series, 1.0, true));
  }

  private void columns() {
    r.columns.addAll(List.of("run", "tenant", "weight", "req_per_s", "slo_ms", "p99_ms", "slo_met", "windows_met",
        "windows_met_after_convergence", "weighted_badness", "batch_scans_per_s", "batch_of_isolated"));
  }

  private void describeTenants(Map<String, Double> slos, RunSummary iso) {
    for (FrontEnd f : FRONT_ENDS) {
      r.notes.add(String.format(Locale.ROOT, "%s: %s req/s, weight %s, isolated p%s %s ms, SLO %sx = %s ms (server-side target %s ms).",
          f.name(), fmt(rate(f)), fmt(f.weight()), fmt(o.percentile), fmt(Windows.ms(windows(iso, f.name()).total(), o.percentile)),
          fmt(f.sloFactor()), fmt(slos.get(f.name())), fmt(lab.serverTargetMs(slos.get(f.name())))));
    }
  }

  // ------------------------------------------------------------------ multi-tenant

  void multiTenant() throws Exception {
    columns();
    RunSummary iso = run(lab.stock("isolated-frontends", "the three front ends alone on stock HBase"), 1, false,
        o.isolatedSeconds());
    Map<String, Double> slos = slos(iso);
    RunSummary isoBatch = null;
    if (o.wants("isolated-batch") || o.wants("hbase-quota")) {
      isoBatch = lab.run(lab.stock("isolated-batch", "batch alone on stock HBase"), false, true,
          o.isolatedSeconds(), o.rate(), RateShape.CONSTANT);
      r.runs.add(isoBatch);
    }
    describeTenants(slos, iso);
    rows(iso, slos, null, null);
    Boolean fifoMet = null;
    if (o.wants("hbase-fifo")) {
      RunSummary fifo = run(lab.stock("hbase-fifo", "HBase default: one FIFO call queue"), 1, true, o.mixedSeconds());
      fifoMet = rows(fifo, slos, isoBatch, null);
    }

    // HBase's built-in option for this: a quota on the batch user, swept.
    RunSummary bestQuota = null;
    Policy stock = lab.stock("hbase-quota", "");
    double mbps = isoBatch != null && isoBatch.batchMbPerSec() > 0 ? isoBatch.batchMbPerSec() : 10;
    double[] quotas = !o.wants("hbase-quota") ? new double[0] : o.sweepValues() == 1 ? new double[] {0.25} : new double[] {0.25, 0.1};
    for (double f : quotas) {
      long bytes = Math.max(1_000_000L, (long) (f * mbps * 1e6));
      Map<String, String> rs = new LinkedHashMap<>(stock.regionServer());
      rs.put("hbase.quota.enabled", "true");
      Map<String, Object> knob = new LinkedHashMap<>();
      knob.put("batch_read_mb_per_s", RunSummary.round(bytes / 1e6));
      knob.put("fraction_of_isolated", f);
      Policy q = new Policy("hbase-quota-" + fmt(f), "HBase quota: batch user READ_SIZE " + RunSummary.round(bytes / 1e6)
          + " MB/s", rs, false, Map.of(), bytes, null, knob, false);
      RunSummary run = run(q, 1, true, o.sweepSeconds());
      if (rows(run, slos, isoBatch, null) && (bestQuota == null || run.batchOpsPerSec() > bestQuota.batchOpsPerSec())) {
        bestQuota = run;
      }
    }

    // Shares alone first (the others' handler cap off), then the whole controller: side by side.
    if (o.wants("cake-static")) {
      Map<String, String> sharesOnly = new LinkedHashMap<>(controllerKeys(slos, smallestRate()));
      sharesOnly.put("cake.controller.minimax.others-cap", "false");
      RunSummary s = run(lab.cakeController("cake-slo-tenants-shares",
          "Cake, several SLO tenants, shares only (the others' handler cap off), from equal shares", sharesOnly, null),
          1, true, o.sloSeconds());
      rows(s, slos, isoBatch, null);
    }
    Policy cake = lab.cakeController("cake-slo-tenants",
        "Cake with the controller for several SLO tenants (weighted minimax, the others' handler cap), from equal shares",
        controllerKeys(slos, smallestRate()), null);
    RunSummary c = run(cake, 1, true, o.sloSeconds());
    boolean cakeMet = rows(c, slos, isoBatch, null);
    normalizedChart(c, slos, "multi-tenant-p99.png", "Cake, three SLO tenants: p99 per window over each one's SLO");

    int from = convergenceWindows(c);
    double worstAfter = 1;
    for (FrontEnd f : FRONT_ENDS) {
      int[] after = windowsMet(windows(c, f.name()), o.percentile, slos.get(f.name()), from);
      worstAfter = Math.min(worstAfter, after[1] == 0 ? 0 : after[0] / (double) after[1]);
    }
    r.summary.put("slos_ms", slos);
    r.summary.put("fifo_all_met", fifoMet);
    r.summary.put("cake_all_met", cakeMet);
    r.summary.put("cake_worst_windows_met_after_convergence", RunSummary.round(worstAfter));
    r.summary.put("cake_batch_of_isolated", isoBatch == null ? null : RunSummary.round(c.batchOpsPerSec() / isoBatch.batchOpsPerSec()));
    r.summary.put("best_quota_meeting_all", bestQuota == null ? null : bestQuota.name());
    r.summary.put("cake_batch_over_best_quota", bestQuota == null ? null
        : RunSummary.round(c.batchOpsPerSec() / bestQuota.batchOpsPerSec()));
    r.paper.add(new FigureResult.Comparison("target: every latency tenant meets its SLO in >= 95% of windows after convergence",
        "Frosting and PriorityMeister: many tenants; Cake: one",
        "worst tenant " + pct(worstAfter) + " of windows after " + from + " (whole run: " + (cakeMet ? "all met" : "not all met") + ")"));
    r.paper.add(new FigureResult.Comparison("target: batch >= 1.25x the best HBase option meeting all three SLOs",
        "-", bestQuota == null ? "no quota met all three" + (isoBatch == null ? "" : "; Cake batch "
            + pct(c.batchOpsPerSec() / isoBatch.batchOpsPerSec()) + " of isolated")
            : fmt(c.batchOpsPerSec() / bestQuota.batchOpsPerSec()) + "x " + bestQuota.name()));
    r.notes.add("Cake's run starts from equal shares; \"after convergence\" skips its first " + from + " windows ("
        + RunSummary.CONVERGENCE_INTERVALS + " controller intervals).");
  }

  // ------------------------------------------------------------------ misbehaving

  void misbehaving() throws Exception {
    columns();
    FrontEnd bad = FRONT_ENDS.get(0);
    RunSummary iso = run(lab.stock("isolated-frontends", "the three front ends alone, at their contracted rates"), 1, false,
        o.isolatedSeconds());
    Map<String, Double> slos = slos(iso);
    describeTenants(slos, iso);
    rows(iso, slos, null, null);
    String over = bad.name() + " at " + fmt(MISBEHAVING_TIMES) + "x its rate";
    RunSummary fifo = run(lab.stock("hbase-fifo", "HBase default, " + over), MISBEHAVING_TIMES, true, o.mixedSeconds());
    rows(fifo, slos, null, "all of its calls, client side");
    Map<String, String> keys = controllerKeys(slos, smallestRate());
    RunSummary without = run(lab.cakeController("cake-no-contract", "Cake's controller, no contract, " + over, keys, null),
        MISBEHAVING_TIMES, true, o.sloSeconds());
    rows(without, slos, null, "all of its calls, client side");
    Map<String, String> withKeys = new LinkedHashMap<>(keys);
    // RATE:BURST, the burst a whole number of calls (one second's worth).
    double contracted = rate(bad);
    String contract = (contracted == Math.rint(contracted) ? Long.toString((long) contracted) : Double.toString(contracted))
        + ":" + (long) Math.max(1, Math.ceil(contracted));
    withKeys.put("cake.hbase.tenant." + bad.name() + ".contract", contract);
    RunSummary with = run(lab.cakeController("cake-contract", "Cake's controller, contract " + contract + " on "
        + bad.name() + ", " + over, withKeys, null), MISBEHAVING_TIMES, true, o.sloSeconds());
    rows(with, slos, null, "all of its calls, client side (over-contract ones served best effort)");
    normalizedChart(with, slos, "misbehaving-p99.png", "Cake with a contract, " + over + ": p99 per window over each SLO");

    double inContract = with.serverP99();
    r.summary.put("slos_ms", slos);
    r.summary.put("contract", contract);
    r.summary.put("misbehaving_in_contract_server_p99_ms", RunSummary.round(inContract));
    for (RunSummary run : List.of(fifo, without, with)) {
      Map<String, Object> m = new TreeMap<>();
      int from = convergenceWindows(run);
      for (FrontEnd f : FRONT_ENDS.subList(1, FRONT_ENDS.size())) {
        m.put(f.name(), fraction(windowsMet(windows(run, f.name()), o.percentile, slos.get(f.name()), from)));
      }
      r.summary.put(run.name() + "_others_windows_met", m);
    }
    r.paper.add(new FigureResult.Comparison("target: the other tenants keep their SLOs",
        "PriorityMeister: token buckets contain a misbehaving workload",
        "windows met after convergence, others: " + r.summary.get("cake-contract_others_windows_met")
            + " (without a contract " + r.summary.get("cake-no-contract_others_windows_met") + ", FIFO "
            + r.summary.get("hbase-fifo_others_windows_met") + ")"));
    r.paper.add(new FigureResult.Comparison("target: the misbehaving tenant's in-contract calls keep its SLO",
        "-", "server-side p" + fmt(o.percentile) + " of " + bad.name() + "'s in-contract calls " + fmt(inContract)
            + " ms against its SLO " + fmt(slos.get(bad.name())) + " ms (server-side target "
            + fmt(lab.serverTargetMs(slos.get(bad.name()))) + " ms)"));
    r.notes.add(bad.name() + " sends " + fmt(MISBEHAVING_TIMES * rate(bad)) + " req/s against a contract of "
        + contract + " (calls/s:burst); its rows are all of its calls as the client sees them, over-contract ones included.");
  }

  private static double round(double v) {
    return Math.round(v * 100) / 100.0;
  }

  private static String fmt(double v) {
    return MarkdownReport.num(v);
  }

  private static String pct(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * v);
  }
}
