package io.cake.hbase.jmx;

import java.util.Map;

/**
 * {@code io.cake:type=HBaseScheduler,name=hbase-<rpc port>}: one RegionServer's Cake scheduler.
 * Writes are validated; an invalid value is refused with an IllegalArgumentException naming the
 * problem and changes nothing. Per-tenant interval metrics are under {@code
 * io.cake:type=FirstLevel,scheduler=hbase-<port>,...} (cake-core JmxPublisher).
 */
public interface CakeSchedulerMXBean {
  /** Shares as {@code tenant=weight,...}. */
  String getShares();

  /** Replaces every tenant's share (reservations unchanged). */
  void setShares(String shares);

  /** Reservations (handler threads) as {@code tenant=count,...}. */
  String getReservations();

  /** Replaces every reservation (shares unchanged). */
  void setReservations(String reservations);

  double getDefaultShare();

  void setDefaultShare(double share);

  /** Replaces shares and reservations together. */
  void setAllocation(String shares, String reservations);

  int getPoolSize();

  void setPoolSize(int size);

  int getPoolMin();

  int getPoolMax();

  /** Sets the AIMD bounds of the handler pool; the pool is clamped into them at once. */
  void setPoolBounds(int min, int max);

  /** The second-level controller's cap on the pool (0: none); writable, e.g. to clear it. */
  int getPoolCap();

  void setPoolCap(int cap);

  int getHandlerThreads();

  int getActiveHandlers();

  int getQueued();

  int getQueuePerTenant();

  int getQueueTotal();

  void setQueueLimits(int perTenant, int total);

  boolean isEnabled();

  int getTenantCount();

  long getInvalidTenantNames();

  long getDeniedTenantClaims();

  long getTenantsFoldedOverCap();

  long getDeadlineDrops();

  double getLastAimdMeanMillis();

  String getLastConfigurationError();

  /** Last interval's end-to-end p99 (ms) per {@code tenant/OPERATION}. */
  Map<String, Double> getOperationLatencyP99Ms();

  /** Last interval's queue-time p99 (ms) per {@code tenant/OPERATION}. */
  Map<String, Double> getOperationQueueTimeP99Ms();

  /** Last interval's completions per {@code tenant/OPERATION}. */
  Map<String, Long> getOperationCompletions();
}
