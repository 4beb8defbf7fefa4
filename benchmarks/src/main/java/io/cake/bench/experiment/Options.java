package io.cake.bench.experiment;

import io.cake.bench.disk.DiskModel;
import io.cake.bench.load.RateShape;
import io.cake.bench.report.RunSummary;
import java.io.File;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a run of ./cake-bench was asked for, and the scale presets it starts from. {@link RunOptions}
 * fills it from the command line; the rest of the harness reads it.
 */
public final class Options {
  /** Durations and sizes of one scale. */
  public enum Scale {
    // base: the isolated front-end run an SLO is derived from (Options#baselineSeconds)
    //      records warm  iso  base mixed sweep slo  ovh  window ctrl  rate sweepN
    TINY(4_000, 1, 3, 3, 4, 4, 8, 3, 1, 1_000, 40, 1),
    QUICK(10_000, 2, 8, 8, 12, 12, 24, 6, 2, 2_000, 60, 1),
    DEFAULT(40_000, 5, 30, 90, 45, 30, 90, 15, 5, 5_000, 80, 2),
    FULL(200_000, 10, 120, 120, 600, 300, 1_440, 60, 10, 10_000, 80, 3);

    final long records;
    final double warmup;
    final double isolated;
    final double baseline;
    final double mixed;
    final double sweep;
    final double slo;
    final double overhead;
    final double window;
    final long controllerIntervalMs;
    final double rate;
    final int sweepValues;

    Scale(long records, double warmup, double isolated, double baseline, double mixed, double sweep, double slo,
        double overhead, double window, long ctrl, double rate, int sweepValues) {
      this.records = records;
      this.warmup = warmup;
      this.isolated = isolated;
      this.baseline = baseline;
      this.mixed = mixed;
      this.sweep = sweep;
      this.slo = slo;
      this.overhead = overhead;
      this.window = window;
      this.controllerIntervalMs = ctrl;
      this.rate = rate;
      this.sweepValues = sweepValues;
    }
  }

  public Scale scale = Scale.DEFAULT;
  public File out = new File("bench-out");
  public String zk;
  public String zkPolicy = "hbase-fifo";
  public String znodeParent = io.cake.cli.cluster.ZkQuorum.DEFAULT_PARENT;
  public RateShape shape = RateShape.CONSTANT;
  public Double rate;
  public List<Double> slos = new ArrayList<>();
  public double sloFactor = 2.0;
  public double percentile = 99.0;
  public Double measureSeconds;
  public Long records;
  public int batchThreads = 12;
  public int frontendThreads = 64;
  public int overheadThreads = 8;
  public List<String> policies = new ArrayList<>();
  public long seed = 42;
  public boolean plots = true;
  public Long controllerIntervalMs;
  public double staticShare = 0.9;
  public float blockCache = 0.01f;
  public int regions = 4;
  public int handlers = 10;
  /** The DataNode gate's soft limit under Cake policies; null: the disk regime's default. */
  public Integer softLimit;
  public Integer volumeLimit;
  /** Client-side latency budget the cake-slo runs leave out of the server-side target; null: measured in cake-static. */
  public Double clientBudgetMs;
  /** Extra hbase-site.xml keys for every Cake RegionServer (--cake-conf key=value, repeatable). */
  public Map<String, String> cakeConf = new LinkedHashMap<>();
  public boolean progress = true;
  /** --repeat N: the whole command N times, each in its own JVM, reported as medians and spreads. */
  public int repeat = 1;
  /** {@code ./cake-bench experiment NAME}: one of Cake's section 6 figures instead of the consolidated run. */
  public io.cake.bench.experiment.Figure experiment;
  /** The DataNode's storage: memory (the page cache; the contended resource is CPU) or hdd (emulated). */
  public Disk disk = Disk.MEMORY;
  /** The emulated disk's parameters (--disk hdd), validated once all options are read. */
  public DiskModel diskModel;

  /** Where the tenants' clients run: the cluster's JVM (default) or two of their own. */
  public Clients clients = Clients.IN_JVM;

  /** Where the load generators run (docs/evaluation.md). */
  public enum Clients {
    /** Two client JVMs beside the cluster's: the front ends in one, batch in the other. */
    SEPARATE,
    /** Every client thread in the cluster's JVM (the default, docs/decisions/0025-in-jvm-clients-default.md). */
    IN_JVM
  }

  /** What the DataNode reads from. */
  public enum Disk {
    MEMORY,
    HDD
  }

  public static final String[] ALL_POLICIES = {
    "isolated-frontend", "isolated-batch", "hbase-fifo", "hbase-rwqueue", "hbase-deadline",
    "hbase-quota", "cake-static", "cake-slo", "overhead"
  };

  public boolean wants(String policy) {
    return policies.isEmpty() || policies.contains(policy);
  }

  /**
   * The soft limit Cake's DataNode gate runs with: the product's default, or under the emulated
   * disk the number of actuators, as the paper sets it ("approximately equal to the number of disks"): every read
   * Cake admits beyond that waits in a device queue Cake cannot order.
   */
  public int softLimit() {
    if (softLimit != null) {
      return softLimit;
    }
    return diskModel != null ? diskModel.volumes() : io.cake.hdfs.datanode.HdfsSchedulerConfig.DEFAULT_SOFT_LIMIT;
  }

  /**
   * The gate's limit per DataNode volume under Cake policies: under the emulated disk one, as its
   * actuators serve one read at a time from a FIFO queue Cake cannot order (a read admitted to a
   * busy actuator only waits there); none in the memory regime, where volumes are no devices.
   */
  public int volumeLimit() {
    if (volumeLimit != null) {
      return volumeLimit;
    }
    return diskModel != null ? 1 : 0;
  }

  public long records() {
    return records != null ? records : scale.records;
  }

  /**
   * Front-end rate under the emulated disk: about 15% of its 4 actuators' random-read capacity
   * alone (the front end is comfortably served), while 12 batch scanners keep FIFO's queues long.
   */
  public static final double HDD_RATE = 30;

  public double rate() {
    return rate != null ? rate : disk == Disk.HDD ? HDD_RATE : scale.rate;
  }

  public double warmup() {
    return scale.warmup;
  }

  public double window() {
    return scale.window;
  }

  /** Rounded to whole windows. */
  private double windows(double s) {
    return Math.max(window(), Math.round(s / window()) * window());
  }

  /** Whole windows of {@code s}, or of --duration if that is shorter. */
  private double atMost(double s) {
    return windows(measureSeconds != null ? Math.min(measureSeconds, s) : s);
  }

  public double isolatedSeconds() {
    return atMost(scale.isolated);
  }

  /**
   * The isolated front-end run an SLO is derived from, at default scale three times as long as the
   * other isolated runs. Its p99 is every SLO's unit, and a p99 rests on the one request in a
   * hundred above it: a short run leaves too few of them for a stable unit, and every verdict
   * moves with it (docs/decisions/0022-batch-completed-scans.md).
   */
  public double baselineSeconds() {
    return atMost(scale.baseline);
  }

  public double mixedSeconds() {
    return windows(measureSeconds != null ? measureSeconds : scale.mixed);
  }

  public double sweepSeconds() {
    return atMost(scale.sweep);
  }

  public double sloSeconds() {
    return windows(measureSeconds != null ? Math.max(measureSeconds, scale.slo) : scale.slo);
  }

  /** Windows after convergence a judged controller run has at least (see {@link #judgedSloSeconds}). */
  public static final int JUDGED_WINDOWS = 20;

  /**
   * A controller run judged by "at least 95% of windows after convergence": long enough that {@link
   * #JUDGED_WINDOWS} windows follow convergence, so that 95% allows a miss (90 s of 5 s windows
   * leave 15, where 95% means every one). --quick and --tiny keep their short runs: the targets are
   * judged at default scale.
   */
  public double judgedSloSeconds() {
    return sloSecondsAtLeast((convergenceWindows() + JUDGED_WINDOWS) * window());
  }

  /** The controller run, at least {@code seconds} at default scale and above; --quick and --tiny keep their short runs. */
  private double sloSecondsAtLeast(double seconds) {
    return scale == Scale.TINY || scale == Scale.QUICK ? sloSeconds() : Math.max(sloSeconds(), seconds);
  }

  /**
   * The controller run of {@code experiment overload} at default scale: at least this long. Under an
   * overload that lasts the heaviest tenant's share swings, about 100 s a swing on the hdd cluster,
   * so the 15 windows after convergence of a 90 s run hold less than one swing and where they fall
   * in it would decide the verdict (docs/decisions/0021-overload-judged-per-window.md).
   */
  public static final double OVERLOAD_SLO_SECONDS = 240;

  /** {@link #OVERLOAD_SLO_SECONDS} at default scale and above; --quick and --tiny keep their short runs. */
  public double overloadSloSeconds() {
    return sloSecondsAtLeast(OVERLOAD_SLO_SECONDS);
  }

  /** Windows a controller run is given to converge: {@link RunSummary#CONVERGENCE_INTERVALS} intervals. */
  public int convergenceWindows() {
    return (int) Math.ceil(RunSummary.convergenceSeconds(controllerIntervalMs()) / window());
  }

  public double overheadSeconds() {
    return windows(scale.overhead);
  }

  public long controllerIntervalMs() {
    return controllerIntervalMs != null ? controllerIntervalMs : scale.controllerIntervalMs;
  }

  /** An unrecorded mixed run before the first measurement: JIT, caches and connections warm. */
  public double jvmWarmupSeconds() {
    return switch (scale) {
      case TINY -> 3;
      case QUICK -> 6;
      case DEFAULT -> 15;
      case FULL -> 60;
    };
  }

  public int sweepValues() {
    return scale.sweepValues;
  }

  /** The options as written into results.json's config. */
  public Map<String, Object> describe() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("scale", scale.name().toLowerCase(Locale.ROOT));
    if (experiment != null) {
      m.put("experiment", experiment.id());
    }
    m.put("target", zk == null ? "embedded" : "zk " + zk);
    m.put("clients", clients == Clients.SEPARATE
        ? "separate: the front ends in one client JVM, batch in another, the cluster in the bench's"
        : "in-jvm: every client thread in the cluster's JVM");
    m.put("records", records());
    m.put("row_bytes", 8192);
    m.put("scan_rows", 500);
    m.put("shape", shape.label());
    m.put("frontend_rate", rate());
    m.put("frontend_threads", frontendThreads);
    m.put("batch_threads", batchThreads);
    m.put("warmup_s", warmup());
    m.put("measure_s", mixedSeconds());
    m.put("isolated_s", isolatedSeconds());
    m.put("baseline_s", baselineSeconds());
    m.put("sweep_s", sweepSeconds());
    m.put("slo_run_s", sloSeconds());
    m.put("judged_slo_run_s", judgedSloSeconds());
    m.put("overload_slo_run_s", overloadSloSeconds());
    m.put("window_s", window());
    m.put("percentile", percentile);
    m.put("slo_factor", sloFactor);
    m.put("controller_interval_ms", controllerIntervalMs());
    m.put("static_share", staticShare);
    m.put("block_cache_fraction", blockCache);
    m.put("regions", regions);
    m.put("handlers", handlers);
    m.put("hdfs_soft_limit", softLimit());
    m.put("hdfs_volume_limit", volumeLimit());
    m.put("cake_conf", cakeConf);
    m.put("client_budget_ms", clientBudgetMs);
    m.put("seed", seed);
    m.put("disk", diskModel == null
        ? Map.of("kind", "memory: HDFS block files in the page cache (no disk queueing; CPU is the contended resource)")
        : diskModel.describe());
    return m;
  }
}
