package io.cake.bench;

import io.cake.bench.experiment.Options;
import io.cake.bench.cluster.Policy;
import io.cake.bench.cluster.Target;
import io.cake.bench.load.Phase;
import io.cake.bench.load.RateShape;
import io.cake.bench.report.RunSummary;
import java.util.Locale;
import java.util.Map;

/** Runs one phase on the target under a policy, measured or not, and logs its one-line result. */
final class PhaseRunner {
  static final String WARM_UP_LABEL = "unrecorded warm-up, both tenants, front end closed loop";

  private final Options o;
  private final Progress progress;
  private final Target target;
  private final Phase phase;

  PhaseRunner(Options o, Progress progress, Target target, Phase phase) {
    this.o = o;
    this.progress = progress;
    this.target = target;
    this.phase = phase;
  }

  /**
   * Not recorded: the JITs, the page cache and the connections warm up on both tenants. The front
   * end runs closed loop (as many gets as its threads can do), so that a client process's get path
   * is compiled before anything is measured (docs/decisions/0023-warm-runs.md).
   */
  void warmUp(Policy stock) throws Exception {
    run(stock, true, true, o.jvmWarmupSeconds(), true);
  }

  RunSummary run(Policy p, boolean fe, boolean batch, double seconds) throws Exception {
    return run(p, fe, batch, seconds, false);
  }

  RunSummary run(Policy p, boolean fe, boolean batch, double seconds, boolean closedLoop) throws Exception {
    return run(p, fe, batch, 0, seconds, closedLoop, o.rate(), o.shape);
  }

  RunSummary run(Policy p, boolean fe, boolean batch, double settleSeconds, double seconds, boolean closedLoop,
      double rate, RateShape shape) throws Exception {
    return run(p, fe, batch, settleSeconds, seconds, closedLoop, rate, shape, Map.of());
  }

  RunSummary run(Policy p, boolean fe, boolean batch, double settleSeconds, double seconds, boolean closedLoop,
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
}
