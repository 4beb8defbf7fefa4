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

  /** e.g. "cake.controller.enabled is false", or the refused key and why; empty while running. */
  String getNotRunningReason();

  /** The SLO's tenant; empty while not running. */
  String getSloTenant();

  /** e.g. "p99.0 <= 100.0 ms" or ">= 500.0 ops/s". */
  String getSlo();

  /** The latency SLO's percentile (e.g. 99.0), NaN for a throughput SLO. */
  double getSloPercentile();

  /** The latency SLO's bound in ms, NaN for a throughput SLO. */
  double getSloLatencyMillis();

  /** The throughput SLO in ops/s, NaN for a latency SLO. */
  double getSloThroughput();

  /** Sets a latency SLO: the tenant's {@code percentile} latency at most {@code millis}. */
  void setLatencySlo(String tenant, double percentile, double millis);

  /** Sets a throughput SLO: at least {@code opsPerSecond}. */
  void setThroughputSlo(String tenant, double opsPerSecond);

  boolean isPaused();

  void pause();

  void resume();

  long getIntervalMillis();

  /** The last decision's log line (or why there was none). */
  String getLastDecision();

  String[] getLastReasons();

  /** Latency tenant's share (0..1) and reservations as last set, NaN/-1 before the first. */
  double getShare();

  int getHdfsReserved();

  int getHbaseReserved();

  /** The cap it set on the HBase handler pool (0: none), -1 before the first decision. */
  int getHbasePoolCap();

  /** Handlers' worth of service each other tenant may use at HBase (0: none), -1 before the first decision. */
  double getOthersThrottle();

  long getFailures();

  /** Why the last hbase-site.xml handed over by update_config was refused (by key), or empty. */
  String getConfigurationError();
}
