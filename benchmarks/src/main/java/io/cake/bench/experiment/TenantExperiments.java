package io.cake.bench.experiment;

import io.cake.bench.Options;
import io.cake.bench.cluster.Policy;
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
 * The experiments with several latency tenants, beyond the paper (Cake steers one): three
 * open-loop front ends of single-row gets at different rates, with SLOs at 2x, 3x and 4x their
 * isolated p99 and weights 1, 1 and 2, beside the closed-loop batch scans.
 *
 * <ul>
 *   <li>{@code multi-tenant}: isolated front ends and batch, stock FIFO, HBase quotas on the batch
 *       user (swept), and Cake's controller steering the three (Frosting's weighted
 *       minimax, docs/design/controller.md "Several SLO tenants").
 *   <li>{@code misbehaving}: the same, with the first tenant ({@code frontend}) sending three times
 *       its rate: FIFO, Cake without a contract, Cake with a contract at its normal rate (calls
 *       over it served best effort). Its in-contract calls are judged server-side (the RegionServer
 *       counts them under its name, the others under best-effort); the client sees them mixed.
 * </ul>
 */
final class TenantExperiments {
  /**
   * One front end: its name, rate as a fraction of --rate, SLO as a multiple of its isolated
   * percentile, weight, and that percentile (NaN: the bench's, --percentile).
   */
  record FrontEnd(String name, double rateFactor, double sloFactor, double weight, double percentile) {
    FrontEnd(String name, double rateFactor, double sloFactor, double weight) {
      this(name, rateFactor, sloFactor, weight, Double.NaN);
    }
  }

  static final List<FrontEnd> FRONT_ENDS = List.of(
      new FrontEnd(Phase.EmbeddedNames.FRONTEND, 1.0 / 3, 2.0, 1),
      new FrontEnd("frontend-b", 1.0 / 2, 3.0, 1),
      new FrontEnd("frontend-c", 2.0 / 3, 4.0, 2));
  /** bursty's front ends: the first one on-off, with a p99.9 SLO at 2x its isolated p99.9. */
  static final List<FrontEnd> BURSTY_FRONT_ENDS = List.of(
      new FrontEnd(Phase.EmbeddedNames.FRONTEND, 1.0 / 3, 2.0, 1, 99.9),
      FRONT_ENDS.get(1),
      FRONT_ENDS.get(2));
  /** How many times their rates the front ends send in {@code overload}. */
  static final double OVERLOAD_TIMES = 3.0;
  /** How many times its rate the misbehaving tenant sends. */
  static final double MISBEHAVING_TIMES = 3.0;

  private final Lab lab;
  private final Options o;
  private final FigureResult r;
  private List<FrontEnd> fronts = FRONT_ENDS;
  /** The first front end's shape; the others are constant. */
  private RateShape shape = RateShape.CONSTANT;

  TenantExperiments(Lab lab, FigureResult r) {
    this.lab = lab;
    this.o = lab.options();
    this.r = r;
  }

  /** The percentile front end {@code f}'s SLO is on. */
  private double pct(FrontEnd f) {
    return Double.isNaN(f.percentile()) ? o.percentile : f.percentile();
  }

  private double rate(FrontEnd f) {
    return round(f.rateFactor() * o.rate());
  }

  /** Every front end but the first, at its rate. */
  private Map<String, Double> others() {
    Map<String, Double> m = new LinkedHashMap<>();
    for (FrontEnd f : fronts.subList(1, fronts.size())) {
      m.put(f.name(), rate(f));
    }
    return m;
  }

  private RunSummary run(Policy p, double firstTimes, boolean batch, double seconds) throws Exception {
    return run(p, firstTimes, 1, batch, seconds);
  }

  /**
   * bursty's Cake runs: {@link Experiments#settleSeconds} at every front end's mean rate first
   * (unrecorded, as fig14-17's), then {@code seconds} less that, measured; the same wall time as an
   * unsettled run.
   */
  private RunSummary settledRun(Policy p, double seconds) throws Exception {
    double settle = Experiments.settleSeconds(o);
    return run(p, 1, 1, true, settle, Math.max(seconds / 2, seconds - settle));
  }

  /** The first front end at {@code firstTimes} its rate, the others at {@code othersTimes} theirs. */
  private RunSummary run(Policy p, double firstTimes, double othersTimes, boolean batch, double seconds) throws Exception {
    return run(p, firstTimes, othersTimes, batch, 0, seconds);
  }

  /** As above, after {@code settleSeconds} of every front end at its constant rate (unrecorded). */
  private RunSummary run(Policy p, double firstTimes, double othersTimes, boolean batch, double settleSeconds,
      double seconds) throws Exception {
    Map<String, Double> others = new LinkedHashMap<>();
    others().forEach((t, v) -> others.put(t, round(v * othersTimes)));
    RunSummary s = lab.runTenants(p, settleSeconds, rate(fronts.get(0)) * firstTimes, shape, others, batch,
        seconds);
    r.runs.add(s);
    return s;
  }

  /** Per front end, its SLO: its isolated p99 times its factor. */
  private Map<String, Double> slos(RunSummary iso) {
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
  private Map<String, String> controllerKeys(Map<String, Double> slos) {
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
  private int convergenceWindows(RunSummary run) {
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
  private static Map<String, Object> windowsMetAfter(Map<String, Judged> judged, List<FrontEnd> which) {
    Map<String, Object> m = new TreeMap<>();
    which.forEach(f -> m.put(f.name(), judged.get(f.name()).windowsMetAfter()));
    return m;
  }

  /** One row per front end of {@code run} and one for its batch; returns the front ends' judgements, in order. */
  private Map<String, Judged> rows(RunSummary run, Map<String, Double> slos, RunSummary isoBatch, String note) {
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
      Judged j = new Judged(p, !Double.isNaN(p) && p <= slo, fraction(after), badness(f, slo, p),
          windowBadness(windowMs, f, slo, from));
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

  /**
   * Frosting's weighted badness of a measured percentile: weight x (1 - performance), performance
   * being SLO over measured, capped at 1 (meeting a goal with room to spare is no badness at all).
   */
  static double badness(FrontEnd f, double slo, double measuredMs) {
    return Double.isNaN(measuredMs) ? Double.NaN : f.weight() * Math.max(0, 1 - slo / measuredMs);
  }

  /** The mean weighted badness of the windows from {@code from} on that had requests. */
  private static double windowBadness(double[] windowMs, FrontEnd f, double slo, int from) {
    double sum = 0;
    int n = 0;
    for (int i = from; i < windowMs.length; i++) {
      if (!Double.isNaN(windowMs[i])) {
        sum += badness(f, slo, windowMs[i]);
        n++;
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  /** The largest weighted badness over the smallest; 1 is perfectly even, NaN when one is 0. */
  static double spread(List<Double> badness) {
    double lo = Double.MAX_VALUE;
    double hi = 0;
    for (double b : badness) {
      lo = Math.min(lo, b);
      hi = Math.max(hi, b);
    }
    return lo > 0 ? hi / lo : Double.NaN;
  }

  private static Double fraction(int[] metCounted) {
    return metCounted[1] == 0 ? null : RunSummary.round(metCounted[0] / (double) metCounted[1]);
  }

  /** p99 over SLO per window of each front end: 1 is the SLO. */
  private void normalizedChart(RunSummary run, Map<String, Double> slos, String file, String title) {
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

  private void columns() {
    r.columns.addAll(List.of("run", "tenant", "weight", "req_per_s", "percentile", "slo_ms", "latency_ms", "slo_met", "windows_met",
        "windows_met_after_convergence", "weighted_badness", "weighted_badness_per_window", "batch_scans_per_s", "batch_of_isolated"));
  }

  private void describeTenants(Map<String, Double> slos, RunSummary iso) {
    for (FrontEnd f : fronts) {
      r.notes.add(String.format(Locale.ROOT, "%s: %s req/s, weight %s, isolated p%s %s ms, SLO %sx = %s ms (server-side target %s ms).",
          f.name(), fmt(rate(f)), fmt(f.weight()), fmt(pct(f)), fmt(Windows.ms(windows(iso, f.name()).total(), pct(f))),
          fmt(f.sloFactor()), fmt(slos.get(f.name())), fmt(lab.serverTargetMs(slos.get(f.name())))));
    }
  }

  // ------------------------------------------------------------------ multi-tenant

  void multiTenant() throws Exception {
    columns();
    RunSummary iso = run(lab.stock("isolated-frontends", "the three front ends alone on stock HBase"), 1, false,
        o.baselineSeconds());
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
      fifoMet = allMet(rows(fifo, slos, isoBatch, null));
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
      if (allMet(rows(run, slos, isoBatch, null)) && (bestQuota == null || run.batchOpsPerSec() > bestQuota.batchOpsPerSec())) {
        bestQuota = run;
      }
    }

    // Shares alone first (the others' limit off), then the whole controller: side by side.
    if (o.wants("cake-static")) {
      Map<String, String> sharesOnly = new LinkedHashMap<>(controllerKeys(slos));
      sharesOnly.put("cake.controller.pool-cap-factor", "0");
      RunSummary s = run(lab.cakeController("cake-slo-tenants-shares",
          "Cake, several SLO tenants, shares only (the others' limit off), from equal shares", sharesOnly, null),
          1, true, o.judgedSloSeconds());
      rows(s, slos, isoBatch, null);
    }
    Policy cake = lab.cakeController("cake-slo-tenants",
        "Cake's controller with several SLO tenants (weighted minimax when they ask for more than there is, the others' limit), from equal shares",
        controllerKeys(slos), null);
    RunSummary c = run(cake, 1, true, o.judgedSloSeconds());
    Map<String, Judged> cakeJudged = rows(c, slos, isoBatch, null);
    boolean cakeMet = allMet(cakeJudged);
    normalizedChart(c, slos, "multi-tenant-p99.png", "Cake, three SLO tenants: p99 per window over each one's SLO");

    int from = convergenceWindows(c);
    double worstAfter = 1;
    for (Judged j : cakeJudged.values()) {
      worstAfter = Math.min(worstAfter, j.windowsMetAfter() == null ? 0 : j.windowsMetAfter());
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
        + RunSummary.CONVERGENCE_INTERVALS + " controller intervals). Its runs are " + fmt(c.measuredSeconds()) + " s"
        + (c.measuredSeconds() > o.sloSeconds() ? ", so that at least " + Options.JUDGED_WINDOWS
            + " windows are judged and 95% of them allows a miss." : "."));
  }

  // ------------------------------------------------------------------ misbehaving

  void misbehaving() throws Exception {
    columns();
    FrontEnd bad = fronts.get(0);
    RunSummary iso = run(lab.stock("isolated-frontends", "the three front ends alone, at their contracted rates"), 1, false,
        o.baselineSeconds());
    Map<String, Double> slos = slos(iso);
    describeTenants(slos, iso);
    rows(iso, slos, null, null);
    String over = bad.name() + " at " + fmt(MISBEHAVING_TIMES) + "x its rate";
    RunSummary fifo = run(lab.stock("hbase-fifo", "HBase default, " + over), MISBEHAVING_TIMES, true, o.mixedSeconds());
    List<FrontEnd> others = fronts.subList(1, fronts.size());
    r.summary.put("hbase-fifo_others_windows_met", windowsMetAfter(rows(fifo, slos, null, "all of its calls, client side"),
        others));
    Map<String, String> keys = controllerKeys(slos);
    RunSummary without = run(lab.cakeController("cake-no-contract", "Cake's controller, no contract, " + over, keys, null),
        MISBEHAVING_TIMES, true, o.sloSeconds());
    r.summary.put("cake-no-contract_others_windows_met",
        windowsMetAfter(rows(without, slos, null, "all of its calls, client side"), others));
    Map<String, String> withKeys = new LinkedHashMap<>(keys);
    // RATE:BURST, the burst a whole number of calls (one second's worth).
    double contracted = rate(bad);
    String contract = (contracted == Math.rint(contracted) ? Long.toString((long) contracted) : Double.toString(contracted))
        + ":" + (long) Math.max(1, Math.ceil(contracted));
    withKeys.put("cake.hbase.tenant." + bad.name() + ".contract", contract);
    RunSummary with = run(lab.cakeController("cake-contract", "Cake's controller, contract " + contract + " on "
        + bad.name() + ", " + over, withKeys, null), MISBEHAVING_TIMES, true, o.sloSeconds());
    r.summary.put("cake-contract_others_windows_met", windowsMetAfter(
        rows(with, slos, null, "all of its calls, client side (over-contract ones served best effort)"), others));
    normalizedChart(with, slos, "misbehaving-p99.png", "Cake with a contract, " + over + ": p99 per window over each SLO");

    double inContract = with.serverP99();
    r.summary.put("slos_ms", slos);
    r.summary.put("contract", contract);
    r.summary.put("misbehaving_in_contract_server_p99_ms", RunSummary.round(inContract));
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

  // ------------------------------------------------------------------ overload

  /**
   * The front ends' SLOs come from their normal rates alone (as in multi-tenant); then every front
   * end sends {@link #OVERLOAD_TIMES} its rate, more than the disks can serve within the SLOs.
   * Under Frosting's criterion each tenant then degrades in proportion to its weight: the weighted
   * badness w (1 - SLO / p99) is the same for all. Stock FIFO, Cake with equal shares and no
   * controller, and Cake with the controller, side by side.
   */
  void overload() throws Exception {
    columns();
    RunSummary iso = run(lab.stock("isolated-frontends", "the three front ends alone at their normal rates"), 1, false,
        o.baselineSeconds());
    Map<String, Double> slos = slos(iso);
    describeTenants(slos, iso);
    rows(iso, slos, null, null);
    String over = "every front end at " + fmt(OVERLOAD_TIMES) + "x its rate";
    Map<String, String> keys = controllerKeys(slos);
    List<RunSummary> runs = new ArrayList<>();
    if (o.wants("hbase-fifo")) {
      runs.add(run(lab.stock("hbase-fifo", "HBase default, " + over), OVERLOAD_TIMES, OVERLOAD_TIMES, true,
          o.mixedSeconds()));
    }
    if (o.wants("cake-static")) {
      Map<String, String> equal = new LinkedHashMap<>(keys);
      equal.put("cake.controller.enabled", "false");
      runs.add(run(lab.cakeController("cake-equal-shares", "Cake's first levels, equal shares, no controller, " + over,
          equal, null), OVERLOAD_TIMES, OVERLOAD_TIMES, true, o.sloSeconds()));
    }
    RunSummary cake = run(lab.cakeController("cake-slo-tenants", "Cake with the controller for several SLO tenants, "
        + over, keys, null), OVERLOAD_TIMES, OVERLOAD_TIMES, true, o.overloadSloSeconds());
    runs.add(cake);
    for (RunSummary run : runs) {
      Map<String, Judged> judged = rows(run, slos, null, null);
      Map<String, Object> m = new LinkedHashMap<>();
      judged.forEach((t, j) -> m.put(t, RunSummary.round(j.badness())));
      r.summary.put(run.name() + "_weighted_badness", m);
      r.summary.put(run.name() + "_badness_spread",
          RunSummary.round(spread(judged.values().stream().map(Judged::badness).toList())));
      r.summary.put(run.name() + "_badness_spread_per_window",
          RunSummary.round(spread(judged.values().stream().map(Judged::windowBadness).toList())));
    }
    normalizedChart(cake, slos, "overload-p99.png", "Cake, three SLO tenants, " + over + ": p99 per window over each SLO");
    r.summary.put("slos_ms", slos);
    r.paper.add(new FigureResult.Comparison(
        "target: weighted badness of the tenants within 20% of each other (largest / smallest <= 1.2)",
        "Frosting: every client degrades in proportion to its weight",
        "Cake: whole-run p" + fmt(o.percentile) + " " + show(r.summary.get("cake-slo-tenants_badness_spread"))
            + ", mean per window after convergence " + show(r.summary.get("cake-slo-tenants_badness_spread_per_window"))
            + spreadOf("cake-equal-shares", "equal shares") + spreadOf("hbase-fifo", "FIFO")));
    r.notes.add("Cake's controller run starts from equal shares and measures " + fmt(cake.measuredSeconds()) + " s; \"after"
        + " convergence\" skips its first " + convergenceWindows(cake) + " windows"
        + (cake.measuredSeconds() > o.sloSeconds() ? ". It is longer than the other runs because under the overload the"
            + " heaviest tenant's share swings, about 100 s a swing on the hdd cluster, and the mean per window should hold"
            + " more than one." : "."));
    r.notes.add("Weighted badness = weight x (1 - SLO / p" + fmt(o.percentile) + "), 0 when the SLO is met; the spread is the"
        + " largest over the smallest (undefined when a tenant meets its SLO). The SLOs are from the front ends alone at"
        + " their normal rates; the runs send " + fmt(OVERLOAD_TIMES) + "x that.");
  }

  // ------------------------------------------------------------------ bursty

  /**
   * The first front end on-off ({@link RateShape#ON_OFF}: bursts at 3x its rate for 5 s in every
   * 20, the mean its rate) with a p99.9 SLO at 2x its isolated p99.9 (measured on-off too); the
   * other two constant with their p99 SLOs, as in multi-tenant. Stock FIFO; Cake's controller
   * reactive only (each interval it answers what the last one measured, and a burst is over by
   * then); sized for peaks (still reactive, from loads observed); and as shipped, with the
   * proactive half, PriorityMeister's in its simplest form: priority lanes ranked bySLO, as wide as
   * twice each tenant's observed peak load ({@code cake.controller.lanes}).
   * The Cake runs settle at the constant mean rates first, so their first burst is beyond what the
   * lanes were fitted to.
   */
  void bursty() throws Exception {
    fronts = BURSTY_FRONT_ENDS;
    shape = RateShape.ON_OFF;
    columns();
    FrontEnd first = fronts.get(0);
    // As long as a controller run: a p99.9 needs a thousand requests or so to mean anything.
    RunSummary iso = run(lab.stock("isolated-frontends", "the three front ends alone, " + first.name() + " on-off"), 1,
        false, o.sloSeconds());
    Map<String, Double> slos = slos(iso);
    describeTenants(slos, iso);
    rows(iso, slos, null, null);
    List<RunSummary> runs = new ArrayList<>();
    if (o.wants("hbase-fifo")) {
      runs.add(run(lab.stock("hbase-fifo", "HBase default"), 1, true, o.mixedSeconds()));
    }
    if (o.wants("cake-static")) {
      Map<String, String> peakKeys = new LinkedHashMap<>(controllerKeys(slos));
      peakKeys.put("cake.controller.lanes", "0");
      Map<String, String> reactiveKeys = new LinkedHashMap<>(peakKeys);
      reactiveKeys.put("cake.controller.headroom", "0");
      runs.add(settledRun(lab.cakeController("cake-reactive", "Cake's controller with several SLO tenants, reactive only: no"
          + " load floor, no lanes (cake.controller.headroom=0, cake.controller.lanes=0)", reactiveKeys, null),
          o.sloSeconds()));
      runs.add(settledRun(lab.cakeController("cake-peaks", "Cake's controller with several SLO tenants, the load floor sized"
          + " for each tenant's recent peak, no lanes (cake.controller.lanes=0)", peakKeys, null),
          o.sloSeconds()));
    }
    RunSummary cake = settledRun(lab.cakeController("cake-slo-tenants", "Cake's controller for several SLO tenants as shipped:"
        + " sized for peaks, and priority lanes bySLO twice each tenant's peak load wide",
        controllerKeys(slos), null), o.sloSeconds());
    runs.add(cake);
    Map<String, Judged> firsts = new LinkedHashMap<>(); // per Cake run
    for (RunSummary run : runs) {
      Map<String, Judged> judged = rows(run, slos, null, null);
      r.summary.put(run.name() + "_windows_met", windowsMetAfter(judged, fronts));
      r.summary.put(run.name() + "_" + first.name() + "_p" + fmt(pct(first)) + "_ms",
          RunSummary.round(judged.get(first.name()).latencyMs()));
      if (run.policy.cake()) {
        firsts.put(run.name(), judged.get(first.name()));
      }
    }
    normalizedChart(cake, slos, "bursty-latency.png", "Cake (peaks and lanes), " + first.name() + " on-off at p"
        + fmt(pct(first)) + ", the others at p" + fmt(o.percentile) + ": per window over each SLO");
    r.summary.put("slos_ms", slos);
    StringBuilder ours = new StringBuilder();
    firsts.forEach((run, j) -> ours.append(ours.length() == 0 ? "" : "; ").append(run).append(": p")
        .append(fmt(pct(first))).append(' ').append(fmt(j.latencyMs())).append(" ms against its SLO ")
        .append(fmt(slos.get(first.name()))).append(" ms (").append(j.sloMet() ? "met" : "missed")
        .append("), windows met ").append(r.summary.get(run + "_windows_met")));
    r.paper.add(new FigureResult.Comparison("target: the bursty tenant's p" + fmt(pct(first))
        + " SLO met with reactive plus proactive control; the report shows reactive alone",
        "PriorityMeister: reactive control (Cake) misses p99.9 under bursts; proactive buckets and priorities meet it",
        ours + ". Proactive here: priority lanes ranked bySLO and bounded by twice each tenant's observed peak"
            + " load in slots (PriorityMeister's own bound is token buckets; contracts are Cake's)"));
    r.notes.add(first.name() + " is on-off: " + fmt(RateShape.ON_TIMES * rate(first)) + " req/s for "
        + fmt(RateShape.ON_SECONDS) + " s, then " + fmt(rate(first) / RateShape.ON_TIMES) + " req/s for "
        + fmt(RateShape.OFF_SECONDS) + " s, over and over (Poisson arrivals, seeded; mean " + fmt(rate(first))
        + " req/s). A window's p99.9 of fewer than a thousand requests is its slowest request.");
    r.notes.add("Each Cake run first settles for " + fmt(Experiments.settleSeconds(o)) + " s ("
        + Experiments.settleIntervals(o) + " controller intervals) with every front end at its constant mean rate"
        + " and batch running, from equal shares, unrecorded, and is measured for the rest of the isolated run's"
        + " length: the first measured burst is one the controller has not seen (its lanes were sized on the"
        + " constant rate), as fig14-17's first spike. Convergence from cold is fig12's; a p99.9 over the whole"
        + " run is its slowest request or two, so a cold start's first windows would decide it.");
  }

  private String spreadOf(String run, String label) {
    return r.runs.stream().anyMatch(x -> x.name().equals(run))
        ? "; " + label + " " + show(r.summary.get(run + "_badness_spread")) : "";
  }

  /** A spread, or why there is none (a tenant met its SLO: no badness to compare). */
  private static String show(Object spread) {
    return spread == null ? "undefined (a tenant met its SLO)" : fmt((Double) spread);
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
