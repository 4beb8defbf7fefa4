package io.cake.hbase.rpc;

import io.cake.core.level.FirstLevelControl;
import io.cake.hbase.jmx.HBaseSchedulerMXBean;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/** The control MBean of one {@link RegionServerScheduler}. Thin: validation is the scheduler's. */
public final class HBaseSchedulerControl extends FirstLevelControl implements HBaseSchedulerMXBean {
  private final RegionServerScheduler s;

  public HBaseSchedulerControl(RegionServerScheduler s) {
    super(s);
    this.s = s;
  }

  @Override public int getPoolSize() { return s.slots(); }
  @Override public void setPoolSize(int size) { s.setPoolSize(size); }
  @Override public int getPoolMin() { return s.aimdConfig().minSize(); }
  @Override public int getPoolMax() { return s.aimdConfig().maxSize(); }
  @Override public void setPoolBounds(int min, int max) { s.setPoolBounds(min, max); }
  @Override public int getPoolCap() { return s.poolCap(); }
  @Override public void setPoolCap(int cap) { s.setPoolCap(cap); }
  @Override public double getOthersLimit() { return s.othersLimit(); }
  @Override public String getOthersExempt() { return s.othersExempt(); }
  @Override public void setOthersLimit(String exemptTenants, double handlers) {
    java.util.Set<String> exempt = new java.util.TreeSet<>();
    for (String t : String.valueOf(exemptTenants).split(",")) {
      if (!t.isBlank()) {
        exempt.add(t.trim());
      }
    }
    s.setOthersLimit(exempt, handlers);
  }
  @Override public int getHandlerThreads() { return s.handlerThreads(); }
  @Override public int getActiveHandlers() { return s.activeHandlers(); }
  @Override public int getQueuePerTenant() { return s.queues().tenantCapacity(); }
  @Override public int getQueueTotal() { return s.queues().totalCapacity(); }
  @Override public void setQueueLimits(int perTenant, int total) { s.setQueueLimits(perTenant, total); }
  @Override public long getInvalidTenantNames() { return s.known().invalidNames(); }
  @Override public long getDeniedTenantClaims() { return s.known().deniedClaims(); }
  @Override public long getDeadlineDrops() { return s.deadlineDrops(); }

  @Override
  public Map<String, String> getContracts() {
    Map<String, String> out = new TreeMap<>();
    s.contracts().contracts().forEach((t, c) -> out.put(t, c.toString()));
    return out;
  }

  @Override
  public void setContract(String tenant, String contract) {
    s.setContract(tenant, contract);
  }

  @Override
  public Map<String, Long> getInContractCalls() {
    return contractTotals(io.cake.core.contract.ContractMeter.Totals::inContract);
  }

  @Override
  public Map<String, Long> getOverContractCalls() {
    return contractTotals(io.cake.core.contract.ContractMeter.Totals::overContract);
  }

  private Map<String, Long> contractTotals(java.util.function.ToLongFunction<io.cake.core.contract.ContractMeter.Totals> count) {
    Map<String, Long> out = new TreeMap<>();
    s.contracts().totals().forEach((t, c) -> out.put(t, count.applyAsLong(c)));
    return out;
  }
  @Override public double getLastAimdMeanMillis() { return s.lastAimdMeanMillis(); }
  @Override public String getLastConfigurationError() { return s.lastConfigurationError(); }
  @Override public String getPolicyStore() { return s.policyStore(); }

  @Override
  public Map<String, Double> getOperationLatencyP99Ms() {
    return perOp(r -> r.latency().p99Ms());
  }

  @Override
  public Map<String, Double> getOperationQueueTimeP99Ms() {
    return perOp(r -> r.queueTime().p99Ms());
  }

  @Override
  public Map<String, Long> getOperationCompletions() {
    return perOp(OperationStats.Row::completions);
  }

  private <V> Map<String, V> perOp(Function<OperationStats.Row, V> f) {
    Map<String, V> out = new TreeMap<>();
    for (OperationStats.Row r : s.operationStats().last().rows()) {
      out.put(r.tenant() + "/" + r.op(), f.apply(r));
    }
    return out;
  }
}
