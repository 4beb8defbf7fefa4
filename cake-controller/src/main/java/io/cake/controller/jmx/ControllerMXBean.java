package io.cake.controller.jmx;

/**
 * The second level's operator surface, registered as {@code io.cake:type=Controller,port=<RS
 * port>}, for as long as the coprocessor runs. Writes that are invalid throw
 * IllegalArgumentException with a message and change nothing; writes while no controller runs
 * throw IllegalStateException saying why.
 */
public interface ControllerMXBean {
  /** False while no controller runs; {@link #getNotRunningReason()} says why, writes are refused. */
  boolean isRunning();

  /** The Cake version this RegionServer runs. */
  String getVersion();

  /** The DataNode JMX URL the controller steers through ({@code cake.controller.hdfs.jmx-url}); empty: one in this JVM. */
  String getDataNodeUrl();

  /** The DataNode scheduler it steers ({@code cake.controller.hdfs.scheduler}); empty: the only one found there. */
  String getDataNodeScheduler();

  /** e.g. "cake.controller.enabled is false", or the refused key and why; empty while running. */
  String getNotRunningReason();

  /** The SLO's tenant (several: comma-separated, in name order); empty while not running. */
  String getSloTenant();

  /**
   * e.g. "p99.0 <= 100.0 ms", "p99.0 <= 100.0 ms (GET)" for a goal on one operation, or ">= 500.0
   * ops/s"; with several tenants each as "tenant: goal weight w", separated by "; ".
   */
  String getSlo();

  /** Every SLO tenant, one "tenant: goal [weight w]" each. */
  String[] getSlos();

  /** Every SLO tenant's goal as numbers, in name order; empty while not running. */
  SloGoal[] getSloGoals();

  /**
   * Every SLO tenant's goal as the last decision measured it, in name order; NaN for a tenant it
   * judged nothing for; empty while not running.
   */
  SloMeasurement[] getSloMeasurements();

  /**
   * With several SLO tenants, the last interval's shares, one "tenant measured=.. perf=..
   * share=.." each (the tenants without a goal as one, "(others)"); empty with one.
   */
  String[] getTenantShares();

  /**
   * With several SLO tenants, false when the last interval's models said not every SLO can be met
   * at any allocation (then each tenant's miss is held in proportion to its weight; the log says
   * so once); true otherwise.
   */
  boolean isSlosFeasible();

  /** The SLO tenants heaviest first: whose goal counts most when not all can be met. */
  String[] getServedFirst();

  /** The one latency SLO's percentile (e.g. 99.0), NaN for a throughput SLO or several SLO tenants. */
  double getSloPercentile();

  /** The latency SLO's bound in ms, NaN for a throughput SLO. */
  double getSloLatencyMillis();

  /** The throughput SLO in ops/s, NaN for a latency SLO. */
  double getSloThroughput();

  /**
   * Sets a latency SLO: the tenant's {@code percentile} latency at most {@code millis}, on the
   * operation its latency goal is on now (every call for a tenant without one). With several SLO
   * tenants it changes the goal of one of them (a tenant not among them is refused: add it in
   * hbase-site.xml, with its weight).
   */
  void setLatencySlo(String tenant, double percentile, double millis);

  /**
   * As {@link #setLatencySlo(String, double, double)}, on {@code operation}'s calls: get, scan,
   * mutation or other (any case), or all for every call.
   */
  void setLatencySlo(String tenant, double percentile, double millis, String operation);

  /** Sets a throughput SLO: at least {@code opsPerSecond}. */
  void setThroughputSlo(String tenant, double opsPerSecond);

  /**
   * Sets an MB/s SLO: at least {@code megabytesPerSecond} (10^6 bytes) read at the co-located
   * DataNode ({@code cake.slo.<tenant>.throughput-mb}).
   */
  void setThroughputMbSlo(String tenant, double megabytesPerSecond);

  boolean isPaused();

  void pause();

  void resume();

  long getIntervalMillis();

  /** The last decision's log line (or why there was none). */
  String getLastDecision();

  /** The last decision's reasons, each "tenant: why", then the others' limit's, if it changed. */
  String[] getLastReasons();

  /**
   * The one SLO tenant's share (0..1) and reservations as last set; NaN/-1 before the first, and
   * with several SLO tenants (TenantShares has each).
   */
  double getShare();

  int getHdfsReserved();

  int getHbaseReserved();

  /**
   * The limit on each tenant without an SLO at HBase, in handlers (in service from one up, of
   * handler time below; 0: none), -1 while no controller runs.
   */
  double getOthersLimit();

  long getFailures();

  /** Why the last hbase-site.xml handed over by update_config was refused (by key), or empty. */
  String getConfigurationError();
}
