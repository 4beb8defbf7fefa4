package io.cake.hbase.jmx;

import io.cake.core.level.FirstLevelControlMXBean;
import java.util.Map;

/**
 * {@code io.cake:type=Scheduler,kind=hbase,scheduler=hbase-<rpc port>}: one RegionServer's Cake
 * scheduler. The common attributes (enabled, shares, reservations, share fractions, slots = handler
 * threads, tenants) are {@link FirstLevelControlMXBean}'s; these are the handler pool's and the
 * RPC layer's. Per-tenant interval metrics are under {@code
 * io.cake:type=FirstLevel,scheduler=hbase-<port>,...} (cake-core JmxPublisher).
 */
public interface HBaseSchedulerMXBean extends FirstLevelControlMXBean {
  int getPoolSize();

  /** Sets the pool size within the AIMD bounds and under the cap (AIMD may move it again). */
  void setPoolSize(int size);

  int getPoolMin();

  int getPoolMax();

  /** Sets the AIMD bounds of the handler pool; the pool is clamped into them at once. */
  void setPoolBounds(int min, int max);

  /** An operator's cap on the pool below the AIMD maximum (0: none). */
  int getPoolCap();

  void setPoolCap(int cap);

  /**
   * The second-level controller's one limit on the tenants without an SLO, in handlers each (0:
   * none): from one up, handlers in service at once; below one, that fraction of one handler's time.
   */
  double getOthersLimit();

  /** The tenants the limit leaves out (the SLO tenants), comma-separated, empty while there is none. */
  String getOthersExempt();

  /**
   * Sets the controller's one limit on the tenants not in {@code exemptTenants} (comma-separated):
   * handlers in service each from one up, a fraction of one handler's time below; 0 lifts both,
   * e.g. after a controller that could not lift it stopped.
   */
  void setOthersLimit(String exemptTenants, double handlers);

  int getHandlerThreads();

  int getActiveHandlers();

  int getQueuePerTenant();

  int getQueueTotal();

  void setQueueLimits(int perTenant, int total);

  long getInvalidTenantNames();

  long getDeniedTenantClaims();

  long getDeadlineDrops();

  /** Per tenant with a throughput contract ({@code cake.hbase.tenant.<t>.contract}), its text. */
  Map<String, String> getContracts();

  /** Sets {@code tenant}'s contract ({@code RATE:BURST[,RATE:BURST...]}), or removes it (empty). */
  void setContract(String tenant, String contract);

  /** Per tenant that had a contract, calls within it since start. */
  Map<String, Long> getInContractCalls();

  /** Per tenant that had a contract, calls over it (served as tenant best-effort) since start. */
  Map<String, Long> getOverContractCalls();

  double getLastAimdMeanMillis();

  String getLastConfigurationError();

  /** Where the cluster's policy store is read, its entries, and any skipped (tenant and why). */
  String getPolicyStore();

  /** Last interval's end-to-end p99 (ms) per {@code tenant/OPERATION}. */
  Map<String, Double> getOperationLatencyP99Ms();

  /** Last interval's queue-time p99 (ms) per {@code tenant/OPERATION}. */
  Map<String, Double> getOperationQueueTimeP99Ms();

  /** Last interval's completions per {@code tenant/OPERATION}. */
  Map<String, Long> getOperationCompletions();
}
