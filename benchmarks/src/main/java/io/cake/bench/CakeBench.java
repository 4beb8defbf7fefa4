package io.cake.bench;

import io.cake.bench.cluster.EmbeddedCluster;
import io.cake.bench.cluster.ExternalCluster;
import io.cake.bench.cluster.Policy;
import io.cake.bench.cluster.Target;
import io.cake.bench.experiment.Experiments;
import io.cake.bench.experiment.FigureReport;
import io.cake.bench.experiment.FigureResult;
import io.cake.bench.experiment.Fixed;
import io.cake.bench.load.LoadClients;
import io.cake.bench.load.Phase;
import io.cake.bench.load.RateShape;
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
import java.util.Locale;
import java.util.Map;

/**
 * The consolidated experiment: every policy, one run, one data set, one report (docs/evaluation.md).
 *
 * <p>Order: isolated front end (its p99 sets the default SLO), isolated batch, HBase FIFO,
 * single-tenant overhead on stock HBase, HBase's RW/scan queue split, deadline queue and quotas
 * (each swept over a few values), Cake with static shares, single-tenant overhead on Cake, Cake
 * with the controller at each SLO. Run: {@code ./cake-bench --help}.
 */
public final class CakeBench implements io.cake.bench.experiment.Lab {
  private final Options o;
  private final Progress progress;
  private final List<String> notes = new ArrayList<>();
  private Target target;
  private Phase phase;
  private LoadClients clients;
  private double isolatedBatchMbPerSec = Double.NaN;
  private double measuredBudgetMs = Double.NaN;

  public CakeBench(Options o) {
    this.o = o;
    this.progress = new Progress(o.progress);
  }

  public static void main(String[] args) {
    int rc;
    try {
      rc = BenchCommand.commandLine().execute(args);
    } catch (Throwable t) { // an Error: picocli handles exceptions only
      rc = BenchCommand.failed(t, new java.io.PrintWriter(System.err, true));
    }
    // HBase and Hadoop leave non-daemon threads behind after shutdown.
    System.exit(rc);
  }

  /** Runs everything; returns the output directory. */
  public File run() throws Exception {
    long t0 = System.nanoTime();
    File out = o.out.getAbsoluteFile();
    Files.createDirectories(out.toPath());
    progress.plan(o.experiment != null ? Experiments.plannedSeconds(o) : plannedSeconds());
    // HBase's client prints some retry failures straight to stderr/stdout (quota throttling does):
    // keep them out of the console and in <out>/console.log. Progress writes to the real streams.
    java.io.PrintStream realOut = System.out;
    java.io.PrintStream realErr = System.err;
    java.io.PrintStream console =
        new java.io.PrintStream(new java.io.FileOutputStream(new File(out, "console.log")), true, StandardCharsets.UTF_8);
    System.setOut(console);
    System.setErr(console);
    try {
      File dir = runRedirected(out, t0);
      io.cake.bench.report.HtmlReport.write(dir);
      return dir;
    } finally {
      System.setOut(realOut);
      System.setErr(realErr);
      console.close();
    }
  }

  private File runRedirected(File out, long t0) throws Exception {
    progress.status("starting the " + (o.zk == null ? "embedded mini-cluster" : "connection to " + o.zk));
    if (o.zk == null) {
      EmbeddedCluster c =
          new EmbeddedCluster(
              new EmbeddedCluster.Settings(
                  new File(out, "cluster-data"), o.blockCache, o.controllerIntervalMs(), o.regions, o.handlers, o.diskModel, o.softLimit(), o.volumeLimit()));
      target = c;
      c.start();
    } else {
      target = new ExternalCluster(io.cake.cli.cluster.ZkQuorum.parse(o.zk, o.znodeParent), o.regions);
    }
    try {
      progress.status("loading");
      target.load(o.records(), progress::status);
      if (o.clients == Options.Clients.SEPARATE) {
        progress.status("starting the client processes");
        clients = LoadClients.start(target.clientConfiguration(), out);
        phase = new Phase(target, clients);
      } else {
        phase = new Phase(target, target.connect(EmbeddedCluster.FRONTEND), target.connect(EmbeddedCluster.BATCH));
      }
      if (o.experiment != null) {
        runExperiment(out, t0);
        return out;
      }
      List<RunSummary> runs = new ArrayList<>();
      Map<String, Object> overhead = new LinkedHashMap<>();
      Double slo = measure(runs, overhead);
      progress.status("writing the report");
      writeOutputs(out, runs, overhead, slo, (System.nanoTime() - t0) / 1e9);
      progress.done((System.nanoTime() - t0) / 1e9);
      return out;
    } finally {
      if (clients != null) {
        clients.close();
      }
      progress.status("stopping the cluster");
      target.close();
      progress.finish();
    }
  }

  // ------------------------------------------------------------------ experiments (Lab)

  private void runExperiment(File out, long t0) throws Exception {
    warmUp(stockPolicy("warm-up", WARM_UP_LABEL));
    FigureResult res = Experiments.run(o.experiment, this);
    progress.status("writing the report");
    double elapsed = (System.nanoTime() - t0) / 1e9;
    Map<String, Object> config = runConfig(elapsed);
    config.put("title", o.experiment.title());
    List<String> common = new ArrayList<>();
    common.add(diskNote());
    common.add("Latency is client-side, from each request's intended start (open loop); errors count with their latency.");
    common.add("cake-slo runs steer the server-side p" + fmt(o.percentile) + " with a client budget of "
        + fmt(clientBudgetMs()) + " ms. Unless a note says they settle first, they start from equal shares"
        + " (convergence included).");
    FigureReport.write(out, o.experiment, config, res, o.percentile, o.plots, common);
    progress.done(elapsed);
  }

  @Override
  public Options options() {
    return o;
  }

  @Override
  public RunSummary run(Policy p, boolean fe, boolean batch, double seconds, double rate, RateShape shape) throws Exception {
    return run(p, fe, batch, 0, seconds, false, rate, shape);
  }

  @Override
  public Policy stock(String name, String label) {
    return stockPolicy(name, label);
  }

  @Override
  public int softLimit() {
    return o.softLimit();
  }

  @Override
  public Policy fixed(String name, String label, Fixed f) {
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

  @Override
  public Policy cakeSlo(String name, double sloMs, int softLimit) {
    Policy p = cakeSlo(sloMs);
    return p.withName(name, p.label() + (softLimit > 0 ? ", soft limit " + softLimit : "")).withSoftLimit(softLimit);
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
            + " Cake's DataNode gate runs with a soft limit of " + softLimit() + " (the paper: about the number of disks)"
            + (o.volumeLimit() > 0 ? " and at most " + o.volumeLimit() + " read(s) per volume at once" : "") + ".";
  }

  // ------------------------------------------------------------------ the plan

  private static final String WARM_UP_LABEL = "unrecorded warm-up, both tenants, front end closed loop";

  /**
   * Not recorded: the JITs, the page cache and the connections warm up on both tenants. The front
   * end runs closed loop (as many gets as its threads can do), so that a client process's get path
   * is compiled before anything is measured (docs/decisions/0023-warm-runs.md).
   */
  private void warmUp(Policy stock) throws Exception {
    run(stock, true, true, o.jvmWarmupSeconds(), true);
  }

  private Double measure(List<RunSummary> runs, Map<String, Object> overhead) throws Exception {
    double pct = o.percentile;
    Policy stock = stockPolicy("hbase-fifo", "HBase default: SimpleRpcScheduler, one FIFO call queue");
    Double slo = o.slos.isEmpty() ? null : o.slos.get(0);
    if (target.canApplyPolicies() || o.zk != null) {
      warmUp(stock.withName("warm-up", WARM_UP_LABEL));
    }
    RunSummary isoFe = null;
    if (o.wants("isolated-frontend") || (o.slos.isEmpty() && o.wants("cake-slo"))) {
      isoFe = run(stock.withName("isolated-frontend", "front end alone on stock HBase"), true, false, o.baselineSeconds());
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
        RunSummary b = run(stock.withName("isolated-batch", "batch alone on stock HBase"), false, true, o.isolatedSeconds());
        isolatedBatchMbPerSec = b.batchMbPerSec();
        runs.add(b);
      }
      runs.add(run(stock.withName(o.zkPolicy, "the cluster's own configuration").withSlo(primary), true, true, o.mixedSeconds()));
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
      runs.add(run(stock.withSlo(primary), true, true, o.mixedSeconds()));
    }
    if (o.wants("overhead")) {
      measureOverhead(stock, primary, overhead);
    }
    if (o.wants("isolated-batch") || o.wants("hbase-quota")) {
      RunSummary b = run(stock.withName("isolated-batch", "batch alone on stock HBase"), false, true, o.isolatedSeconds());
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
      RunSummary st = run(cakeStatic(primary), true, true, o.mixedSeconds());
      runs.add(st);
      // What the client sees beyond the server's receive-to-response time (its own queueing and
      // CPU, the network, deserialisation), at the tail, under the same load.
      if (o.clientBudgetMs == null && !Double.isNaN(st.clientBudgetMs(o.percentile))) {
        measuredBudgetMs = Math.max(0.0, round(st.clientBudgetMs(o.percentile)));
      }
    }
    if (o.wants("cake-slo")) {
      List<Double> slos = o.slos.isEmpty() ? List.of(primary) : o.slos;
      for (double s : slos) {
        runs.add(run(cakeSlo(s), true, true, o.judgedSloSeconds()));
      }
    }
    return primary;
  }

  /**
   * Single-tenant overhead: stock, then Cake one part at a time (the RPC scheduler alone, plus the
   * tenant file system, plus the DataNode gate: the whole of Cake), so a ratio below 1 can be
   * pinned on a part. Closed loop, front end only. The machine warms up and drifts during a run
   * (JIT, caches, neighbours), so the sequence runs forwards and then backwards (A B C D D C B A)
   * and each variant is judged on the mean of its two runs: a linear drift cancels out. The first
   * minutes after loading are not linear (stock's throughput can double over them), so one
   * uncounted stock run goes first (docs/evaluation.md).
   */
  private void measureOverhead(Policy stock, Double slo, Map<String, Object> overhead) throws Exception {
    double secs = o.overheadSeconds();
    overhead.put("threads", o.overheadThreads);
    overhead.put("measure_s", secs);
    overhead.put("order", backAndForth()
        ? "one uncounted stock warm-up run, then forwards and backwards; each figure is the mean of its two runs"
        : "forwards only");
    Policy full = cakeStatic(slo);
    Map<String, String> rpcOnly = new LinkedHashMap<>(full.regionServer());
    rpcOnly.remove("hbase.fs.wrapper");
    List<Policy> variants = new ArrayList<>();
    variants.add(stock.withName("overhead-stock", "single tenant, stock"));
    if (o.scale != Options.Scale.QUICK) {
      // --quick measures only the whole of Cake, to fit its 4 minutes.
      variants.add(new Policy("overhead-cake-rpc", "single tenant, Cake RPC scheduler only", rpcOnly, false, Map.of(), 0, slo, Map.of(), true));
      variants.add(new Policy("overhead-cake-rpc-fs", "single tenant, Cake RPC scheduler + tenant file system", full.regionServer(), false, Map.of(), 0, slo, Map.of(), true));
    }
    variants.add(full.withName("overhead-cake", "single tenant, Cake (scheduler + file system + DataNode gate)"));
    Map<String, List<RunSummary>> byName = new LinkedHashMap<>();
    List<Policy> order = new ArrayList<>(variants);
    if (backAndForth()) {
      // --tiny and --quick run forwards only (time budget): their ratio is the drift's as much as Cake's.
      List<Policy> back = new ArrayList<>(variants);
      java.util.Collections.reverse(back);
      order.addAll(back);
    }
    if (backAndForth()) {
      run(variants.get(0).withName("overhead-warmup", "single tenant, stock, warm-up (not counted)"), true, false, secs, true);
    }
    for (Policy p : order) {
      byName.computeIfAbsent(p.name(), k -> new ArrayList<>()).add(run(p, true, false, secs, true));
    }
    double stockOps = meanOps(byName.get("overhead-stock"));
    overhead.put("stock_ops_per_s", round(stockOps));
    overhead.put("stock_p99_ms", round(meanP99(byName.get("overhead-stock"))));
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Policy p : variants.subList(1, variants.size())) {
      List<RunSummary> rs = byName.get(p.name());
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("name", p.name());
      row.put("ops_per_s", round(meanOps(rs)));
      row.put("p99_ms", round(meanP99(rs)));
      row.put("ratio", stockOps > 0 ? round(meanOps(rs) / stockOps) : null);
      row.put("runs_ops_per_s", rs.stream().map(r -> round(r.frontendOpsPerSec())).toList());
      rows.add(row);
    }
    overhead.put("stock_runs_ops_per_s", byName.get("overhead-stock").stream().map(r -> round(r.frontendOpsPerSec())).toList());
    Map<String, Object> whole = rows.get(rows.size() - 1);
    overhead.put("cake_ops_per_s", whole.get("ops_per_s"));
    overhead.put("cake_p99_ms", whole.get("p99_ms"));
    if (stockOps > 0) {
      overhead.put("ratio", whole.get("ratio"));
    }
    overhead.put("parts", rows);
  }

  private boolean backAndForth() {
    return o.scale != Options.Scale.TINY && o.scale != Options.Scale.QUICK;
  }

  private static double meanOps(List<RunSummary> runs) {
    return runs.stream().mapToDouble(RunSummary::frontendOpsPerSec).average().orElse(Double.NaN);
  }

  private static double meanP99(List<RunSummary> runs) {
    return runs.stream().mapToDouble(r -> r.p(99)).average().orElse(Double.NaN);
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
      done.add(run(p, true, true, secs));
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

  private Policy stockPolicy(String name, String label) {
    Map<String, String> rs = new LinkedHashMap<>();
    rs.put("hbase.quota.enabled", "false");
    return new Policy(name, label, rs, false, Map.of(), 0, null, Map.of(), false);
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

  private Policy cakeStatic(Double slo) {
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
  private double clientBudgetMs() {
    if (o.clientBudgetMs != null) {
      return o.clientBudgetMs;
    }
    return Double.isNaN(measuredBudgetMs) ? 0.0 : measuredBudgetMs;
  }

  private Policy cakeSlo(double sloMs) {
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
  @Override
  public double serverTargetMs(double sloMs) {
    return round(Math.max(sloMs * 0.25, sloMs - clientBudgetMs()));
  }

  @Override
  public Policy cakeController(String name, String label, Map<String, String> controllerKeys, Double judgedBy) {
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

  @Override
  public RunSummary runTenants(Policy p, double settleSeconds, double rate, RateShape shape,
      Map<String, Double> others, boolean batch, double seconds) throws Exception {
    return run(p, true, batch, settleSeconds, seconds, false, rate, shape, others);
  }

  /** Names like cake-slo-40 (whole ms) or cake-slo-12.5. */
  static final class MarkdownReportName {
    static String ms(double v) {
      return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
    }
  }

  private RunSummary run(Policy p, boolean fe, boolean batch, double seconds) throws Exception {
    return run(p, fe, batch, seconds, false);
  }

  private RunSummary run(Policy p, boolean fe, boolean batch, double seconds, boolean closedLoop) throws Exception {
    return run(p, fe, batch, 0, seconds, closedLoop, o.rate(), o.shape);
  }

  private RunSummary run(Policy p, boolean fe, boolean batch, double settleSeconds, double seconds, boolean closedLoop,
      double rate, RateShape shape) throws Exception {
    return run(p, fe, batch, settleSeconds, seconds, closedLoop, rate, shape, Map.of());
  }

  private RunSummary run(Policy p, boolean fe, boolean batch, double settleSeconds, double seconds, boolean closedLoop,
      double rate, RateShape shape, Map<String, Double> otherFrontends) throws Exception {
    progress.status(p.name() + ": setting up (" + p.label() + ")");
    long s0 = System.nanoTime();
    target.apply(p);
    double setup = (System.nanoTime() - s0) / 1e9;
    Phase.Spec spec =
        new Phase.Spec(
            p.name(),
            fe,
            batch,
            settleSeconds,
            o.warmup(),
            seconds,
            o.window(),
            shape,
            rate,
            closedLoop ? o.overheadThreads : o.frontendThreads,
            o.batchThreads,
            o.records(),
            o.seed,
            closedLoop,
            otherFrontends);
    DiskMeter disk = o.diskModel == null ? null : new DiskMeter();
    Phase.Outcome out =
        phase.run(spec, live -> progress.phase(p.name(), live));
    RunSummary r = new RunSummary(p, out);
    if (disk != null) {
      r.disk = disk.since(out.elapsedSeconds(), o.diskModel.volumes());
    }
    String line =
        String.format(
            Locale.ROOT,
            "%-18s %-55s setup %5.1fs | fe %s | batch %s",
            p.name(),
            p.label().length() > 55 ? p.label().substring(0, 55) : p.label(),
            setup,
            fe ? String.format(Locale.ROOT, "%7.1f ops/s p50 %7.2f p99 %8.2f ms (%d err)", r.frontendOpsPerSec(), r.p(50), r.p(99), out.frontendErrors()) : "-",
            batch ? String.format(Locale.ROOT, "%6.1f scans/s %6.1f MB/s (%d err)", r.batchOpsPerSec(), r.batchMbPerSec(), out.batchErrors()) : "-")
            + (r.disk == null ? "" : String.format(Locale.ROOT, " | disk %.0f%% busy, %s reads", 100 * (double) r.disk.get("utilisation"), r.disk.get("reads")));
    progress.log(line);
    if (out.frontendErrors() + out.batchErrors() > 0 && !out.lastError().isEmpty()) {
      String e = out.lastError().replaceAll("\\s+", " ");
      progress.log("  last error: " + (e.length() > 240 ? e.substring(0, 240) + "..." : e));
    }
    return r;
  }

  private double plannedSeconds() {
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
        int runs = backAndForth() ? 2 * variants + 1 : variants; // + the warm-up run
        t += runs * (o.overheadSeconds() + w);
        swaps += backAndForth() ? 4 : variants / 2;
      }
      if (o.wants("cake-static") || o.wants("overhead")) { swaps++; }
      if (o.wants("cake-static")) t += o.mixedSeconds() + w;
      if (o.wants("cake-slo")) { int k = Math.max(1, o.slos.size()); t += k * (o.judgedSloSeconds() + w); swaps += k; }
    } else {
      t += o.mixedSeconds() + w;
    }
    return t + swaps * 8 + 10;
  }

  // ------------------------------------------------------------------ outputs

  private void writeOutputs(File out, List<RunSummary> runs, Map<String, Object> overhead, Double slo, double elapsed)
      throws Exception {
    runs.sort(Comparator.comparingInt(CakeBench::displayOrder));
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
          + "So each cake-slo run's controller target is the SLO minus a client budget of " + fmt(clientBudgetMs()) + " ms ("
          + (o.clientBudgetMs != null ? "--client-budget-ms" : Double.isNaN(measuredBudgetMs) ? "no cake-static run to measure it in" : "client p" + fmt(o.percentile) + " - server p" + fmt(o.percentile) + " in the cake-static run, over the intervals the server measured")
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
