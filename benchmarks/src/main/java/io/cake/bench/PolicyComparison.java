package io.cake.bench;

import io.cake.bench.experiment.Options;
import io.cake.bench.cluster.Policy;
import io.cake.bench.cluster.Target;
import io.cake.bench.report.RunSummary;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The consolidated experiment's runs: every policy in order, HBase's knobs swept, the SLO derived. */
final class PolicyComparison {
  private final Options o;
  private final Target target;
  private final PhaseRunner runner;
  private final Policies policies;
  private final List<String> notes;
  private double isolatedBatchMbPerSec = Double.NaN;

  PolicyComparison(Options o, Target target, PhaseRunner runner, Policies policies, List<String> notes) {
    this.o = o;
    this.target = target;
    this.runner = runner;
    this.policies = policies;
    this.notes = notes;
  }

  /** Rough wall-clock estimate of the consolidated run, for the progress line. */
  static double plannedSeconds(Options o) {
    double w = o.warmup() + 1;
    double t = 40 + o.records() / 700.0 + o.jvmWarmupSeconds() + o.warmup(); // start, load, warm-up
    int swaps = 0;
    if (o.wants("isolated-frontend")) t += o.baselineSeconds() + w;
    if (o.wants("isolated-batch")) t += o.isolatedSeconds() + w;
    if (o.zk == null) {
      swaps++;
      int n = o.sweepValues();
      double sweepEach = n == 1 ? o.mixedSeconds() : o.sweepSeconds();
      if (o.wants("hbase-rwqueue")) { t += n * (sweepEach + w); swaps += n; }
      if (o.wants("hbase-deadline")) { t += n * (sweepEach + w); swaps += n; }
      if (o.wants("hbase-quota")) { t += n * (sweepEach + w + 3); swaps++; }
      if (o.wants("hbase-fifo") || o.wants("overhead")) swaps++;
      if (o.wants("hbase-fifo")) t += o.mixedSeconds() + w;
      if (o.wants("overhead")) {
        int variants = o.scale == Options.Scale.QUICK ? 2 : 4;
        int runs = OverheadMeasurement.backAndForth(o) ? 2 * variants + 1 : variants; // + the warm-up run
        t += runs * (o.overheadSeconds() + w);
        swaps += OverheadMeasurement.backAndForth(o) ? 4 : variants / 2;
      }
      if (o.wants("cake-static") || o.wants("overhead")) { swaps++; }
      if (o.wants("cake-static")) t += o.mixedSeconds() + w;
      if (o.wants("cake-slo")) { int k = Math.max(1, o.slos.size()); t += k * (o.judgedSloSeconds() + w); swaps += k; }
    } else {
      t += o.mixedSeconds() + w;
    }
    return t + swaps * 8 + 10;
  }

  /** Runs every policy the options want into {@code runs} and {@code overhead}; returns the SLO. */
  Double measure(List<RunSummary> runs, Map<String, Object> overhead) throws Exception {
    double pct = o.percentile;
    Policy stock = policies.stock("hbase-fifo", "HBase default: SimpleRpcScheduler, one FIFO call queue");
    Double slo = o.slos.isEmpty() ? null : o.slos.get(0);
    if (target.canApplyPolicies() || o.zk != null) {
      runner.warmUp(stock.withName("warm-up", PhaseRunner.WARM_UP_LABEL));
    }
    RunSummary isoFe = null;
    if (o.wants("isolated-frontend") || (o.slos.isEmpty() && o.wants("cake-slo"))) {
      isoFe = runner.run(stock.withName("isolated-frontend", "front end alone on stock HBase"), true, false, o.baselineSeconds());
      runs.add(isoFe);
      if (slo == null) {
        double p = isoFe.p(pct);
        if (Double.isNaN(p)) {
          throw new IllegalStateException("the isolated front end completed no requests; cannot derive the SLO");
        }
        slo = (double) Math.max(1, (long) Math.ceil(o.sloFactor * p));
      }
    }
    if (slo == null) {
      slo = 100.0;
      notes.add("No isolated front-end run and no --slo: the SLO defaults to 100 ms.");
    }
    final Double primary = slo; // isolated runs keep slo_ms null
    if (!target.canApplyPolicies()) {
      if (o.wants("isolated-batch") || o.wants("hbase-quota")) {
        RunSummary b = runner.run(stock.withName("isolated-batch", "batch alone on stock HBase"), false, true, o.isolatedSeconds());
        isolatedBatchMbPerSec = b.batchMbPerSec();
        runs.add(b);
      }
      runs.add(runner.run(stock.withName(o.zkPolicy, "the cluster's own configuration").withSlo(primary), true, true, o.mixedSeconds()));
      return primary;
    }
    if (o.wants("hbase-rwqueue")) {
      List<Policy> sweep = new ArrayList<>();
      for (double scan : pick(new double[] {0.1, 0.5, 0.3}, o.sweepValues())) {
        Map<String, String> rs = new LinkedHashMap<>(stock.regionServer());
        rs.put("hbase.ipc.server.callqueue.read.ratio", "0.9");
        rs.put("hbase.ipc.server.callqueue.scan.ratio", Double.toString(scan));
        Map<String, Object> knob = new LinkedHashMap<>();
        knob.put("hbase.ipc.server.callqueue.read.ratio", 0.9);
        knob.put("hbase.ipc.server.callqueue.scan.ratio", scan);
        sweep.add(new Policy("hbase-rwqueue", "HBase RW queues, scan.ratio=" + scan, rs, false, Map.of(), 0, primary, knob, false));
      }
      runs.add(sweep(sweep, pct));
    }
    if (o.wants("hbase-deadline")) {
      List<Policy> sweep = new ArrayList<>();
      for (double w : pick(new double[] {100, 10_000, 1_000}, o.sweepValues())) {
        Map<String, String> rs = new LinkedHashMap<>(stock.regionServer());
        rs.put("hbase.ipc.server.callqueue.type", "deadline");
        rs.put("hbase.ipc.server.scan.vtime.weight", Double.toString(w));
        Map<String, Object> knob = new LinkedHashMap<>();
        knob.put("hbase.ipc.server.scan.vtime.weight", w);
        sweep.add(new Policy("hbase-deadline", "HBase deadline queue, vtime.weight=" + w, rs, false, Map.of(), 0, primary, knob, false));
      }
      runs.add(sweep(sweep, pct));
    }
    if (o.wants("hbase-fifo")) {
      runs.add(runner.run(stock.withSlo(primary), true, true, o.mixedSeconds()));
    }
    if (o.wants("overhead")) {
      new OverheadMeasurement(o, runner, policies).measure(stock, primary, overhead);
    }
    if (o.wants("isolated-batch") || o.wants("hbase-quota")) {
      RunSummary b = runner.run(stock.withName("isolated-batch", "batch alone on stock HBase"), false, true, o.isolatedSeconds());
      isolatedBatchMbPerSec = b.batchMbPerSec();
      runs.add(b);
    }
    if (o.wants("hbase-quota")) {
      double mbps = Double.isNaN(isolatedBatchMbPerSec) || isolatedBatchMbPerSec <= 0 ? 10 : isolatedBatchMbPerSec;
      List<Policy> sweep = new ArrayList<>();
      for (double f : pick(new double[] {0.25, 0.5, 0.1}, o.sweepValues())) {
        long bytes = Math.max(1_000_000L, (long) (f * mbps * 1e6));
        Map<String, String> rs = new LinkedHashMap<>(stock.regionServer());
        rs.put("hbase.quota.enabled", "true");
        Map<String, Object> knob = new LinkedHashMap<>();
        knob.put("batch_read_mb_per_s", round(bytes / 1e6));
        knob.put("fraction_of_isolated", f);
        sweep.add(new Policy("hbase-quota", "HBase quota: batch user READ_SIZE " + round(bytes / 1e6) + " MB/s", rs, false, Map.of(), bytes, primary, knob, false));
      }
      runs.add(sweep(sweep, pct));
    }
    if (o.wants("cake-static")) {
      RunSummary st = runner.run(policies.cakeStatic(primary), true, true, o.mixedSeconds());
      runs.add(st);
      // What the client sees beyond the server's receive-to-response time (its own queueing and
      // CPU, the network, deserialisation), at the tail, under the same load.
      if (o.clientBudgetMs == null && !Double.isNaN(st.clientBudgetMs(o.percentile))) {
        policies.measuredBudgetMs(Math.max(0.0, round(st.clientBudgetMs(o.percentile))));
      }
    }
    if (o.wants("cake-slo")) {
      List<Double> slos = o.slos.isEmpty() ? List.of(primary) : o.slos;
      for (double s : slos) {
        runs.add(runner.run(policies.cakeSlo(s), true, true, o.judgedSloSeconds()));
      }
    }
    return primary;
  }

  private static double[] pick(double[] values, int n) {
    double[] out = new double[Math.min(n, values.length)];
    System.arraycopy(values, 0, out, 0, out.length);
    java.util.Arrays.sort(out);
    return out;
  }

  /** Runs every value of a knob and keeps the best: meets the SLO with the most batch, else lowest p99. */
  private RunSummary sweep(List<Policy> values, double pct) throws Exception {
    List<RunSummary> done = new ArrayList<>();
    double secs = values.size() == 1 ? o.mixedSeconds() : o.sweepSeconds();
    for (Policy p : values) {
      done.add(runner.run(p, true, true, secs));
    }
    Comparator<RunSummary> best =
        Comparator.comparing((RunSummary r) -> Boolean.TRUE.equals(r.sloMet(pct)))
            .thenComparing(r -> Boolean.TRUE.equals(r.sloMet(pct)) ? r.batchOpsPerSec() : -nanToMax(r.p(pct)));
    RunSummary keep = done.stream().max(best).orElseThrow();
    for (RunSummary r : done) {
      if (r != keep) {
        keep.sweep.add(r.brief(pct));
      }
    }
    return keep;
  }

  private static double nanToMax(double v) {
    return Double.isNaN(v) ? Double.MAX_VALUE : v;
  }

  private static Double round(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return null;
    }
    return Math.round(v * 1000.0) / 1000.0;
  }
}
