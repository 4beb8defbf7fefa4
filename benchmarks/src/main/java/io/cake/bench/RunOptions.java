package io.cake.bench;

import io.cake.bench.experiment.Options;
import io.cake.bench.experiment.Figure;
import io.cake.bench.load.RateShape;
import io.cake.cli.cluster.ZkQuorum;
import io.cake.core.sched.SoftLimitGate;
import io.cake.hdfs.datanode.HdfsSchedulerConfig;
import java.io.File;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The options the consolidated run and {@code experiment NAME} share (a picocli mixin), one help
 * section per inner class and DiskOptions. Each option is a setter that checks its value and
 * writes it into {@link #o} as it is read, so a later option overrides an earlier one (--quick
 * --default, --full --shape constant); what depends on several options waits for {@link #finish}.
 */
final class RunOptions {
  /** A heading of the help; BenchCommand lists each section's options under its own. */
  interface Section {
    String heading();
  }

  @Spec(Spec.Target.MIXEE)
  CommandSpec mixee;

  final Options o = new Options();

  @Mixin final ScaleSection scale = new ScaleSection();
  @Mixin final TargetSection target = new TargetSection();
  @Mixin final WorkloadSection workload = new WorkloadSection();
  @Mixin final SloSection slo = new SloSection();
  @Mixin final DiskOptions storage = new DiskOptions(this);
  @Mixin final OtherSection other = new OtherSection();

  final class ScaleSection implements Section {
    @Override
    public String heading() {
      return "Scale (default: about 15 minutes on 2 cores):";
    }

    @Option(names = "--quick", description = "short runs, about 4 minutes")
    void quick(boolean on) {
      o.scale = Options.Scale.QUICK;
    }

    @Option(names = "--full", description = "the paper's durations (24-minute diurnal day per run; hours)")
    void full(boolean on) {
      o.scale = Options.Scale.FULL;
      o.shape = RateShape.DIURNAL;
    }

    @Option(names = "--tiny", description = "smoke-test scale (what the test suite runs; about 2 minutes)")
    void tiny(boolean on) {
      o.scale = Options.Scale.TINY;
    }

    @Option(names = "--default", description = "the default scale (undoes an earlier --quick, --full or --tiny)")
    void defaultScale(boolean on) {
      o.scale = Options.Scale.DEFAULT;
    }
  }

  final class TargetSection implements Section {
    @Override
    public String heading() {
      return "Output and target:";
    }

    @Option(names = "--out", paramLabel = "DIR",
        description = "where results.json, report.md, report.html, *.png and cluster.log go (default bench-out/)")
    void out(File dir) {
      o.out = dir;
    }

    @Option(names = "--repeat", paramLabel = "N",
        description = "run the whole command N times, each in its own JVM under DIR/run-1..N, then write"
            + " DIR/results.json and report.md with each figure's median and spread (default 1)")
    void repeat(int n) {
      if (n < 1 || n > 100) {
        throw fail("--repeat must be within [1, 100], got " + n);
      }
      o.repeat = n;
    }

    @Option(names = "--zk", paramLabel = "HOST[:PORT][,HOST[:PORT]...]",
        description = "an existing cluster's ZooKeeper quorum instead of the embedded one (./cake-cluster's:"
            + " 127.0.0.1:21181); creates usertable pre-split into 4 regions if it does not exist, and runs the"
            + " isolated runs and one mixed run under the cluster's own configuration")
    void zk(String quorum) {
      checked(() -> ZkQuorum.parse(quorum, o.znodeParent)); // its message names --zk
      o.zk = quorum;
    }

    @Option(names = "--zk-policy", paramLabel = "NAME",
        description = "the name the mixed run gets with --zk (default hbase-fifo)")
    void zkPolicy(String name) {
      o.zkPolicy = name;
    }

    @Option(names = "--znode-parent", paramLabel = "PATH",
        description = "the cluster's zookeeper.znode.parent with --zk (default " + ZkQuorum.DEFAULT_PARENT + ")")
    void znodeParent(String path) {
      checked(() -> ZkQuorum.parse("localhost", path)); // its message names --znode-parent
      o.znodeParent = path;
    }

    @Option(names = "--clients", paramLabel = "in-jvm|separate",
        description = "where the load generators run: in-jvm (default) runs every client thread in the cluster's"
            + " JVM; separate starts two client JVMs beside it, one for the front ends, one for batch"
            + " (docs/evaluation.md)")
    void clients(String v) {
      o.clients = choice("--clients", Options.Clients.class, v);
    }
  }

  final class WorkloadSection implements Section {
    @Override
    public String heading() {
      return "Workload:";
    }

    @Option(names = "--shape", paramLabel = "S", description = "front-end shape: constant (default), diurnal, spike, on-off")
    void shape(String v) {
      o.shape = choice("--shape", RateShape.class, v);
    }

    @Option(names = "--rate", paramLabel = "N",
        description = "front-end base rate, requests/s (scale default: 40/60/80/80 for tiny/quick/default/full;"
            + " 30 with --disk hdd)")
    void rate(double v) {
      o.rate = positive("--rate", v);
    }

    @Option(names = "--records", paramLabel = "N", description = "rows of 8 KB to load (scale default: 4k/10k/40k/200k)")
    void records(double v) {
      o.records = (long) positive("--records", v);
    }

    @Option(names = "--duration", paramLabel = "S", description = "measured seconds of each mixed run (scale default)")
    void duration(double v) {
      o.measureSeconds = positive("--duration", v);
    }

    @Option(names = "--batch-threads", paramLabel = "N", description = "batch scan threads (default 12)")
    void batchThreads(int n) {
      o.batchThreads = (int) positive("--batch-threads", n);
    }

    @Option(names = "--frontend-threads", paramLabel = "N", description = "open-loop worker threads (default 64)")
    void frontendThreads(int n) {
      o.frontendThreads = (int) positive("--frontend-threads", n);
    }

    @Option(names = "--seed", paramLabel = "N", description = "arrival-process seed (default 42)")
    void seed(long n) {
      o.seed = n;
    }
  }

  final class SloSection implements Section {
    @Override
    public String heading() {
      return "Policies and SLO:";
    }

    @Option(names = "--policies", paramLabel = "LIST", completionCandidates = PolicyNames.class,
        description = "comma-separated subset of: ${COMPLETION-CANDIDATES} (default: all)")
    void policies(String list) {
      o.policies.clear();
      for (String p : list.split(",")) {
        String t = p.trim().toLowerCase(Locale.ROOT);
        if (!List.of(Options.ALL_POLICIES).contains(t)) {
          throw fail("--policies: unknown policy '" + t + "'; known: " + String.join(",", Options.ALL_POLICIES));
        }
        o.policies.add(t);
      }
    }

    @Option(names = "--slo", paramLabel = "MS[,MS...]",
        description = "SLOs for the cake-slo runs (default: --slo-factor x isolated p99)")
    void slo(String list) {
      o.slos.clear();
      for (String p : list.split(",")) {
        try {
          o.slos.add(positive("--slo", Double.parseDouble(p.trim())));
        } catch (NumberFormatException e) {
          throw fail("--slo: not a number: '" + p.trim() + "'");
        }
      }
    }

    @Option(names = "--slo-factor", paramLabel = "F",
        description = "default SLO as a multiple of the isolated front-end p99 (default 2) (that run measures 90 s"
            + " at default scale; a shorter --duration caps it)")
    void sloFactor(double f) {
      o.sloFactor = positive("--slo-factor", f);
    }

    @Option(names = "--percentile", paramLabel = "P", description = "SLO percentile (default 99)")
    void percentile(double p) {
      if (!(p > 0 && p < 100)) {
        throw fail("--percentile must be in (0, 100), got " + fmt(p));
      }
      o.percentile = p;
    }

    @Option(names = "--static-share", paramLabel = "F",
        description = "cake-static: front end's share at HBase and HDFS (default 0.9)")
    void staticShare(double f) {
      if (!(f > 0 && f < 1)) {
        throw fail("--static-share must be in (0, 1), got " + fmt(f));
      }
      o.staticShare = f;
    }

    @Option(names = "--controller-interval-ms", paramLabel = "N",
        description = "Cake's metrics and controller interval (scale default)")
    void controllerIntervalMs(long ms) {
      o.controllerIntervalMs = (long) positive("--controller-interval-ms", ms);
    }

    @Option(names = "--client-budget-ms", paramLabel = "N",
        description = "client-side time left out of the controller's server-side target (default: client p99 -"
            + " server p99 measured in the cake-static run)")
    void clientBudgetMs(double ms) {
      if (!(ms >= 0) || Double.isInfinite(ms)) {
        throw fail("--client-budget-ms must be >= 0, got " + fmt(ms));
      }
      o.clientBudgetMs = ms;
    }

    @Option(names = "--cake-conf", paramLabel = "K=V",
        description = "an extra cake.* key for every Cake RegionServer (repeatable), e.g. --cake-conf"
            + " cake.hbase.aimd.max=8")
    void cakeConf(String kv) {
      int eq = kv.indexOf('=');
      if (eq <= 0 || !kv.substring(0, eq).startsWith("cake.")) {
        throw fail("--cake-conf wants cake.<key>=<value>, got '" + kv + "'");
      }
      o.cakeConf.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
    }
  }

  final class OtherSection implements Section {
    @Override
    public String heading() {
      return "Other:";
    }

    @Option(names = "--block-cache", paramLabel = "F",
        description = "RegionServer block cache as a fraction of heap (default 0.01)")
    void blockCache(float f) {
      if (!(f >= 0 && f <= 0.5)) {
        throw fail("--block-cache must be in [0, 0.5], got " + f);
      }
      o.blockCache = f;
    }

    @Option(names = "--handlers", paramLabel = "N",
        description = "hbase.regionserver.handler.count (default 10; Cake's pool starts there)")
    void handlers(int n) {
      o.handlers = (int) positive("--handlers", n);
    }

    @Option(names = "--soft-limit", paramLabel = "N",
        description = "the DataNode gate's soft limit under Cake policies (default: Cake's default "
            + HdfsSchedulerConfig.DEFAULT_SOFT_LIMIT + " with --disk memory, the number of volumes with --disk hdd)")
    void softLimit(int n) {
      o.softLimit = (int) positive("--soft-limit", n);
    }

    @Option(names = "--volume-limit", paramLabel = "N",
        description = "most reads of one DataNode volume the gate admits at once under Cake policies"
            + " (cake.hdfs.soft-limit.per-volume); 0: no limit per volume (default: 1 with --disk hdd, 0 with"
            + " --disk memory)")
    void volumeLimit(int n) {
      if (n < 0 || n > SoftLimitGate.MAX_LIMIT) {
        throw fail("--volume-limit must be within [0, " + SoftLimitGate.MAX_LIMIT + "] (0: no limit per volume), got " + n);
      }
      o.volumeLimit = n;
    }

    @Option(names = "--no-plots", description = "skip the PNG plots")
    void noPlots(boolean on) {
      o.plots = false;
    }

    @Option(names = "--no-progress", description = "no live progress line")
    void noProgress(boolean on) {
      o.progress = false;
    }

    @Option(names = {"-h", "--help"}, usageHelp = true, description = "this text")
    boolean help;
  }

  /**
   * The options, once the checks across them pass: an experiment runs on the embedded cluster,
   * except hotspot, which needs RegionServers of their own (--zk).
   */
  Options finish(Figure experiment) {
    o.experiment = experiment;
    if (experiment == Figure.HOTSPOT && o.zk == null) {
      throw fail("experiment hotspot runs on a cluster of several RegionServers: give --zk (benchmarks/hotspot.sh)");
    }
    if (experiment != null && experiment != Figure.HOTSPOT && o.zk != null) {
      throw fail("experiment runs on the embedded cluster only; drop --zk");
    }
    storage.finish(experiment != null);
    return o;
  }

  /**
   * {@code v} as one of {@code type}'s constants, written in lower case with '-' for '_' (in-jvm),
   * else an error naming {@code option} and every value it takes.
   */
  <E extends Enum<E>> E choice(String option, Class<E> type, String v) {
    try {
      return Enum.valueOf(type, v.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException e) {
      List<String> names = new ArrayList<>();
      for (E c : type.getEnumConstants()) {
        names.add(c.name().toLowerCase(Locale.ROOT).replace('_', '-'));
      }
      String last = names.remove(names.size() - 1);
      throw fail(option + " must be " + (names.isEmpty() ? "" : String.join(", ", names) + " or ") + last
          + ", got '" + v + "'");
    }
  }

  private double positive(String option, double v) {
    if (!(v > 0) || Double.isInfinite(v)) {
      throw fail(option + " must be positive, got " + fmt(v));
    }
    return v;
  }

  /** What {@code check} returns; its IllegalArgumentException (whose message names the option) as a usage error. */
  <T> T checked(java.util.function.Supplier<T> check) {
    try {
      return check.get();
    } catch (IllegalArgumentException e) {
      throw fail(e.getMessage());
    }
  }

  /** A usage error: picocli prints it and exits 2 before anything starts. */
  ParameterException fail(String message) {
    return new ParameterException(mixee.commandLine(), message);
  }

  private static String fmt(double v) {
    return v == Math.rint(v) && !Double.isInfinite(v) ? Long.toString((long) v) : Double.toString(v);
  }

  /** --policies' values in its help. */
  static final class PolicyNames implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return List.of(Options.ALL_POLICIES).iterator();
    }
  }
}
