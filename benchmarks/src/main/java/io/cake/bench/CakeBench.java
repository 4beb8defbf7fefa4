package io.cake.bench;

import io.cake.bench.experiment.Options;
import io.cake.bench.cluster.EmbeddedCluster;
import io.cake.bench.cluster.ExternalCluster;
import io.cake.bench.cluster.Policy;
import io.cake.bench.cluster.Target;
import io.cake.bench.experiment.Experiments;
import io.cake.bench.experiment.FigureResult;
import io.cake.bench.experiment.Fixed;
import io.cake.bench.load.LoadClients;
import io.cake.bench.load.Phase;
import io.cake.bench.load.RateShape;
import io.cake.bench.report.RunSummary;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The consolidated experiment: every policy, one run, one data set, one report (docs/evaluation.md).
 *
 * <p>Order: isolated front end (its p99 sets the default SLO), isolated batch, HBase FIFO,
 * single-tenant overhead on stock HBase, HBase's RW/scan queue split, deadline queue and quotas
 * (each swept over a few values), Cake with static shares, single-tenant overhead on Cake, Cake
 * with the controller at each SLO. Run: {@code ./cake-bench --help}.
 *
 * <p>This class starts the target and answers the experiments ({@link io.cake.bench.experiment.Lab});
 * the consolidated run is {@link PolicyComparison} (with {@link OverheadMeasurement}), each phase
 * {@link PhaseRunner}, the policies {@link Policies}, and the output files {@link BenchReport}.
 */
public final class CakeBench implements io.cake.bench.experiment.Lab {
  private final Options o;
  private final Progress progress;
  private final Policies policies;
  private final List<String> notes = new ArrayList<>();
  private Target target;
  private LoadClients clients;
  private PhaseRunner runner;
  private BenchReport report;

  public CakeBench(Options o) {
    this.o = o;
    this.progress = new Progress(o.progress);
    this.policies = new Policies(o);
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
    progress.plan(o.experiment != null ? Experiments.plannedSeconds(o) : PolicyComparison.plannedSeconds(o));
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
      Phase phase;
      if (o.clients == Options.Clients.SEPARATE) {
        progress.status("starting the client processes");
        clients = LoadClients.start(target.clientConfiguration(), out);
        phase = new Phase(target, clients);
      } else {
        phase = new Phase(target, target.connect(EmbeddedCluster.FRONTEND), target.connect(EmbeddedCluster.BATCH));
      }
      runner = new PhaseRunner(o, progress, target, phase);
      report = new BenchReport(o, target, policies, notes);
      if (o.experiment != null) {
        runExperiment(out, t0);
        return out;
      }
      List<RunSummary> runs = new ArrayList<>();
      Map<String, Object> overhead = new LinkedHashMap<>();
      Double slo = new PolicyComparison(o, target, runner, policies, notes).measure(runs, overhead);
      progress.status("writing the report");
      report.write(out, runs, overhead, slo, (System.nanoTime() - t0) / 1e9);
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
    runner.warmUp(policies.stock("warm-up", PhaseRunner.WARM_UP_LABEL));
    FigureResult res = Experiments.run(o.experiment, this);
    progress.status("writing the report");
    double elapsed = (System.nanoTime() - t0) / 1e9;
    report.writeExperiment(out, res, elapsed);
    progress.done(elapsed);
  }

  @Override
  public Options options() {
    return o;
  }

  @Override
  public RunSummary run(Policy p, boolean fe, boolean batch, double seconds, double rate, RateShape shape) throws Exception {
    return runner.run(p, fe, batch, 0, seconds, false, rate, shape);
  }

  @Override
  public Policy stock(String name, String label) {
    return policies.stock(name, label);
  }

  @Override
  public int softLimit() {
    return o.softLimit();
  }

  @Override
  public Policy fixed(String name, String label, Fixed f) {
    return policies.fixed(name, label, f);
  }

  @Override
  public Policy cakeSlo(String name, double sloMs, int softLimit) {
    return policies.cakeSlo(name, sloMs, softLimit);
  }

  @Override
  public double serverTargetMs(double sloMs) {
    return policies.serverTargetMs(sloMs);
  }

  @Override
  public Policy cakeController(String name, String label, Map<String, String> controllerKeys, Double judgedBy) {
    return policies.cakeController(name, label, controllerKeys, judgedBy);
  }

  @Override
  public RunSummary runTenants(Policy p, double settleSeconds, double rate, RateShape shape,
      Map<String, Double> others, boolean batch, double seconds) throws Exception {
    return runner.run(p, true, batch, settleSeconds, seconds, false, rate, shape, others);
  }
}
