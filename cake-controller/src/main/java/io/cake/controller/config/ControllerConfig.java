package io.cake.controller.config;

import io.cake.controller.policy.SloTarget;
import io.cake.controller.policy.ControllerParams;
import io.cake.core.config.ConfigBoolean;
import io.cake.core.tenant.ByteThroughputGoal;
import io.cake.core.tenant.Goal;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.OperationType;
import io.cake.core.tenant.ThroughputGoal;
import io.cake.core.tenant.TenantNames;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The controller's keys in hbase-site.xml (documented in docs/configuration.md), parsed from a plain
 * key/value map so it can be tested without HBase. Errors name the key.
 */
public final class ControllerConfig {
  /** The stock HBase key that loads the controller's coprocessor into the RegionServer. */
  public static final String COPROCESSOR_KEY = "hbase.coprocessor.regionserver.classes";
  public static final String ENABLED = "cake.controller.enabled";
  public static final boolean DEFAULT_ENABLED = false;
  public static final String INTERVAL_MS = "cake.controller.interval-ms";
  public static final long DEFAULT_INTERVAL_MS = ControllerParams.DEFAULT_INTERVAL.toMillis();
  /** JMX service URL of the co-located DataNode; empty: a DataNode scheduler in this JVM. */
  public static final String HDFS_JMX_URL = "cake.controller.hdfs.jmx-url";
  public static final String DEFAULT_HDFS_JMX_URL = "";
  /** The user the DataNode's JMX authenticates; empty: no credentials. Needs the password file. */
  public static final String HDFS_JMX_USER = "cake.controller.hdfs.jmx.user";
  public static final String DEFAULT_HDFS_JMX_USER = "";
  /** A file holding only that user's password (owner-readable), read at each (re)connect. */
  public static final String HDFS_JMX_PASSWORD_FILE = "cake.controller.hdfs.jmx.password-file";
  public static final String DEFAULT_HDFS_JMX_PASSWORD_FILE = "";
  /** TLS to the DataNode's JMX (registry lookup and connection), trusting javax.net.ssl.trustStore. */
  public static final String HDFS_JMX_SSL = "cake.controller.hdfs.jmx.ssl";
  public static final boolean DEFAULT_HDFS_JMX_SSL = false;
  /** Which DataNode scheduler to steer; empty: the only (or first) one found. */
  public static final String HDFS_SCHEDULER = "cake.controller.hdfs.scheduler";
  public static final String DEFAULT_HDFS_SCHEDULER = "";

  public static final String PERF_HIGH = "cake.controller.perf-high";
  public static final double DEFAULT_PERF_HIGH = ControllerParams.DEFAULTS.highPerformance();
  /** Beyond the paper: the others' limit falls to this fraction when an SLO misses where share cannot help; 0 = off. */
  public static final String POOL_CAP_FACTOR = "cake.controller.pool-cap-factor";
  public static final double DEFAULT_POOL_CAP_FACTOR = ControllerParams.DEFAULTS.poolCapFactor();
  /** Beyond the paper: probability a window of one interval's requests meets the SLO at the target. */
  public static final String CONFIDENCE = "cake.controller.confidence";
  public static final double DEFAULT_CONFIDENCE = ControllerParams.DEFAULTS.confidence();
  /** Beyond the paper: share kept for this many times the tenant's recent peak load; 0 = off. */
  public static final String HEADROOM = "cake.controller.headroom";
  public static final double DEFAULT_HEADROOM = ControllerParams.DEFAULTS.headroom();
  /** Beyond the paper: priority lanes by SLO, this many times each tenant's recent peak load wide; 0 = off. */
  public static final String LANES = "cake.controller.lanes";
  public static final double DEFAULT_LANES = ControllerParams.DEFAULTS.lanes();

  /**
   * Keys the one controller replaced or derived (the controller for several SLO tenants' own, and
   * Cake's constants, which no operator needs to move): each is refused by name, with what took
   * its place, so a file written for an older controller fails loudly rather than being half
   * obeyed (docs/decisions/0027-one-controller.md).
   */
  public static final Map<String, String> REMOVED_KEYS = removedKeys();

  private static Map<String, String> removedKeys() {
    String shares = "one share rule serves one SLO tenant or many (Algorithm 1's step; " + PERF_HIGH + ")";
    String floor = "one load floor serves one SLO tenant or many (" + HEADROOM + ")";
    String limit = "one limit holds the tenants without an SLO (" + POOL_CAP_FACTOR + ")";
    String pooled = "the tail is pooled over 2 intervals, and more up to 6 until they hold 100 requests";
    Map<String, String> m = new java.util.TreeMap<>();
    m.put("cake.controller.minimax.step", shares);
    m.put("cake.controller.minimax.damping", shares);
    m.put("cake.controller.minimax.target", shares);
    m.put("cake.controller.minimax.min-share", shares);
    m.put("cake.controller.minimax.fit-window", "the models are fitted to the interval itself");
    m.put("cake.controller.minimax.load-margin", floor);
    m.put("cake.controller.minimax.peaks", floor);
    m.put("cake.controller.minimax.others-cap", limit);
    m.put("cake.controller.minimax.cut-on-every-miss", limit);
    m.put("cake.controller.minimax.reservations", "every SLO tenant gets Cake's reservations");
    m.put("cake.controller.perf-low", "performance 1.0 is the SLO itself");
    m.put("cake.controller.max-step", "Algorithm 1's bound: a tenth of the share, times the miss");
    m.put("cake.controller.reserve-above-share", "Algorithm 1's bound: a DataNode slot is reserved above 99% share");
    m.put("cake.controller.release-below-share", "Algorithm 1's bound: a DataNode slot is released below 1% share");
    m.put("cake.controller.occupancy-coefficient", "Algorithm 2's 1.5");
    m.put("cake.controller.min-occupancy", "occupancies below 0.05 are noise");
    m.put("cake.controller.idle-occupancy", "a reserved handler whose queue waited under 1% of the interval is idle");
    m.put("cake.controller.min-samples", pooled);
    m.put("cake.controller.tail-intervals", pooled);
    m.put("cake.controller.lanes.buckets", "lanes are bounded by their width; a contract (cake.hbase.tenant.<tenant>.contract) "
        + "contains a tenant beyond a promise");
    m.put("cake.controller.fill-reserved-slots", "always on: the HBase reservation keeps the handlers that keep the"
        + " reserved DataNode slots busy");
    return java.util.Collections.unmodifiableMap(m);
  }

  /**
   * Per tenant: {@code cake.slo.<tenant>.percentile} (default 99) with {@code .latency-ms} and
   * optionally {@code .operation} (default: every call), or {@code .throughput} (ops/s), or {@code
   * .throughput-mb} (MB/s read at the DataNode); and {@code
   * .weight} (default 1): how much its goal counts when not every SLO can be met.
   */
  public static final String SLO_PREFIX = io.cake.core.policy.TenantEntry.SLO_KEY_PREFIX;
  public static final String PERCENTILE_SUFFIX = ".percentile";
  public static final double DEFAULT_PERCENTILE = 99.0;
  public static final String LATENCY_MS_SUFFIX = ".latency-ms";
  public static final String THROUGHPUT_SUFFIX = ".throughput";
  /** At least this many MB/s (10^6 bytes) read, measured at the co-located DataNode. */
  public static final String THROUGHPUT_MB_SUFFIX = ".throughput-mb";
  public static final String WEIGHT_SUFFIX = ".weight";
  public static final double DEFAULT_WEIGHT = SloTarget.DEFAULT_WEIGHT;
  /** A latency SLO on one operation's calls only: get, scan, mutation or other; absent, on every call. */
  public static final String OPERATION_SUFFIX = ".operation";
  public static final Optional<OperationType> DEFAULT_OPERATION = Optional.empty();

  private static final Pattern SLO_KEY =
      Pattern.compile(Pattern.quote(SLO_PREFIX) + "(.+)\\.(percentile|latency-ms|throughput|throughput-mb|weight|operation)");

  private final boolean enabled;
  private final ControllerParams params;
  private final List<SloTarget> slos;
  private final JmxConnection hdfsJmx;
  private final String hdfsScheduler;

  private ControllerConfig(boolean enabled, ControllerParams params, List<SloTarget> slos,
      JmxConnection hdfsJmx, String scheduler) {
    this.enabled = enabled;
    this.params = params;
    this.slos = List.copyOf(slos);
    this.hdfsJmx = hdfsJmx;
    this.hdfsScheduler = scheduler;
  }

  /** Parses every controller key; throws IllegalArgumentException naming the first bad one. */
  public static ControllerConfig parse(Map<String, String> conf) {
    for (String key : new TreeSet<>(conf.keySet())) {
      if (REMOVED_KEYS.containsKey(key)) {
        throw new IllegalArgumentException(key + " was removed: " + REMOVED_KEYS.get(key)
            + "; delete it from hbase-site.xml (docs/configuration.md)");
      }
    }
    ControllerParams params = params(conf);
    return new ControllerConfig(
        ConfigBoolean.parse(ENABLED, conf.get(ENABLED), DEFAULT_ENABLED),
        params,
        parseSlos(conf),
        JmxConnection.fromKeys(conf),
        conf.getOrDefault(HDFS_SCHEDULER, DEFAULT_HDFS_SCHEDULER).trim());
  }

  /** The record's field each key sets, so a range error names the key the operator wrote. */
  private static final Map<String, String> FIELD_KEYS = Map.ofEntries(
      Map.entry("highPerformance", PERF_HIGH),
      Map.entry("interval", INTERVAL_MS),
      Map.entry("poolCapFactor", POOL_CAP_FACTOR),
      Map.entry("confidence", CONFIDENCE),
      Map.entry("headroom", HEADROOM),
      Map.entry("lanes", LANES));

  private static ControllerParams params(Map<String, String> conf) {
    ControllerParams d = ControllerParams.DEFAULTS;
    double high = dbl(conf, PERF_HIGH, d.highPerformance());
    if (!(high >= d.lowPerformance()) || Double.isInfinite(high)) {
      throw new IllegalArgumentException(PERF_HIGH + " must be finite and at least 1.0 (the SLO), got " + high);
    }
    try {
      return new ControllerParams(
            d.lowPerformance(),
            high,
            d.maxStepFraction(),
            d.reserveAboveShare(),
            d.releaseBelowShare(),
            d.occupancyCoefficient(),
            d.minOccupancy(),
            d.idleOccupancy(),
            d.minSamples(),
            Duration.ofMillis(lng(conf, INTERVAL_MS, DEFAULT_INTERVAL_MS)),
            dbl(conf, POOL_CAP_FACTOR, d.poolCapFactor()),
            dbl(conf, CONFIDENCE, d.confidence()),
            dbl(conf, HEADROOM, d.headroom()),
            dbl(conf, LANES, d.lanes()),
            d.tailIntervals(),
            d.fillReservedSlots());
    } catch (IllegalArgumentException e) {
      String msg = String.valueOf(e.getMessage());
      for (Map.Entry<String, String> f : FIELD_KEYS.entrySet()) {
        msg = msg.replaceAll("\\b" + f.getKey() + "\\b", f.getValue());
      }
      throw new IllegalArgumentException(msg, e);
    }
  }

  /** The SLO tenants, in name order; one or many, the controller steers them alike. */
  public static List<SloTarget> parseSlos(Map<String, String> conf) {
    TreeSet<String> tenants = new TreeSet<>();
    for (String key : new TreeSet<>(conf.keySet())) {
      Matcher m = SLO_KEY.matcher(key);
      if (m.matches()) {
        tenants.add(m.group(1));
      } else if (key.startsWith(SLO_PREFIX)) {
        // A misspelt SLO key must not leave a tenant unsteered without a word.
        throw new IllegalArgumentException(
            "unknown key " + key + ": expected " + SLO_PREFIX + "<tenant>" + PERCENTILE_SUFFIX + ", "
                + LATENCY_MS_SUFFIX + ", " + OPERATION_SUFFIX + ", " + THROUGHPUT_SUFFIX + ", " + THROUGHPUT_MB_SUFFIX
                + " or " + WEIGHT_SUFFIX);
      }
    }
    List<SloTarget> targets = new ArrayList<>();
    for (String t : tenants) {
      TenantNames.check(SLO_PREFIX + "<tenant>", t);
      String p = SLO_PREFIX + t;
      List<String> goalKeys = new ArrayList<>();
      for (String suffix : List.of(LATENCY_MS_SUFFIX, THROUGHPUT_SUFFIX, THROUGHPUT_MB_SUFFIX)) {
        if (conf.containsKey(p + suffix)) {
          goalKeys.add(p + suffix);
        }
      }
      if (goalKeys.size() != 1) {
        throw new IllegalArgumentException("tenant '" + t + "' needs exactly one of " + p + LATENCY_MS_SUFFIX + ", "
            + p + THROUGHPUT_SUFFIX + " and " + p + THROUGHPUT_MB_SUFFIX
            + (goalKeys.isEmpty() ? "" : ", has " + String.join(" and ", goalKeys)));
      }
      String goalKey = goalKeys.get(0);
      boolean hasLatency = goalKey.equals(p + LATENCY_MS_SUFFIX);
      if (!hasLatency && conf.containsKey(p + PERCENTILE_SUFFIX)) {
        throw new IllegalArgumentException(
            p + PERCENTILE_SUFFIX + " is for a latency SLO, but tenant '" + t + "' has " + goalKey);
      }
      if (!hasLatency && conf.containsKey(p + OPERATION_SUFFIX)) {
        throw new IllegalArgumentException(p + OPERATION_SUFFIX + " is for a latency SLO, but tenant '" + t + "' has "
            + goalKey + ": a throughput goal counts every call of the tenant, not one operation's");
      }
      Optional<OperationType> operation = conf.containsKey(p + OPERATION_SUFFIX)
          ? Optional.of(OperationType.parse(p + OPERATION_SUFFIX, conf.get(p + OPERATION_SUFFIX)))
          : DEFAULT_OPERATION;
      Goal goal;
      double rate = hasLatency ? 0 : dbl(conf, goalKey, 0);
      try {
        goal =
            hasLatency
                ? new LatencyGoal(dbl(conf, p + PERCENTILE_SUFFIX, DEFAULT_PERCENTILE), dbl(conf, p + LATENCY_MS_SUFFIX, 0),
                    operation)
                : goalKey.equals(p + THROUGHPUT_SUFFIX) ? new ThroughputGoal(rate) : new ByteThroughputGoal(rate);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException((hasLatency ? p : goalKey) + ": " + e.getMessage(), e);
      }
      double weight = dbl(conf, p + WEIGHT_SUFFIX, SloTarget.DEFAULT_WEIGHT);
      try {
        targets.add(new SloTarget(t, goal, weight));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(p + WEIGHT_SUFFIX + ": " + e.getMessage(), e);
      }
    }
    return targets;
  }

  public boolean enabled() {
    return enabled;
  }

  public ControllerParams params() {
    return params;
  }

  /** Every SLO tenant, in name order (empty: none set). */
  public List<SloTarget> slos() {
    return slos;
  }

  /** The first SLO tenant: with one, the paper's case, the one. */
  public Optional<SloTarget> slo() {
    return slos.stream().findFirst();
  }

  /** How to reach the DataNode's JMX (never null; {@link JmxConnection#IN_THIS_JVM} without a URL). */
  public JmxConnection hdfsJmx() {
    return hdfsJmx;
  }

  public String hdfsScheduler() {
    return hdfsScheduler;
  }

  private static double dbl(Map<String, String> c, String key, double dflt) {
    String v = c.get(key);
    if (v == null || v.isBlank()) {
      return dflt;
    }
    try {
      return Double.parseDouble(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be a number, got '" + v + "'");
    }
  }

  private static long lng(Map<String, String> c, String key, long dflt) {
    String v = c.get(key);
    if (v == null || v.isBlank()) {
      return dflt;
    }
    return io.cake.core.config.ConfigNumbers.longAtLeast(key, v, Long.MIN_VALUE);
  }
}
