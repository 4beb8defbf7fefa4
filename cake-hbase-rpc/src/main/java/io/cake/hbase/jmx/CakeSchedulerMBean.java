package io.cake.hbase.jmx;

import io.cake.core.sched.Allocation;
import io.cake.hbase.config.AllocationText;
import io.cake.hbase.rpc.CakeRpcScheduler;
import io.cake.hbase.rpc.OperationStats;
import java.lang.management.ManagementFactory;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The writable MBean of one {@link CakeRpcScheduler}. Thin: validation is the scheduler's and cake-core's. */
public final class CakeSchedulerMBean implements CakeSchedulerMXBean {
  private static final Logger LOG = LoggerFactory.getLogger(CakeSchedulerMBean.class);
  public static final String TYPE = "HBaseScheduler";

  private final CakeRpcScheduler scheduler;
  private final ObjectName objectName;

  private CakeSchedulerMBean(CakeRpcScheduler scheduler, ObjectName objectName) {
    this.scheduler = scheduler;
    this.objectName = objectName;
  }

  public static ObjectName objectName(String schedulerName) {
    try {
      return new ObjectName("io.cake:type=" + TYPE + ",name=" + schedulerName);
    } catch (JMException e) {
      throw new IllegalArgumentException("bad scheduler name " + schedulerName, e);
    }
  }

  /** Registers (replacing a stale bean of the same name, e.g. a restarted RegionServer). */
  public static CakeSchedulerMBean register(CakeRpcScheduler scheduler) {
    ObjectName name = objectName(scheduler.name());
    CakeSchedulerMBean bean = new CakeSchedulerMBean(scheduler, name);
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    try {
      if (server.isRegistered(name)) {
        server.unregisterMBean(name);
      }
      server.registerMBean(bean, name);
    } catch (JMException e) {
      throw new IllegalStateException("cannot register " + name, e);
    }
    return bean;
  }

  public void unregister() {
    try {
      ManagementFactory.getPlatformMBeanServer().unregisterMBean(objectName);
    } catch (JMException e) {
      LOG.debug("unregister {}", objectName, e);
    }
  }

  @Override
  public String getShares() {
    return AllocationText.format(scheduler.allocation().shares());
  }

  @Override
  public void setShares(String shares) {
    Allocation a = scheduler.allocation();
    scheduler.setAllocation(
        new Allocation(AllocationText.parseShares(shares), a.reservations(), a.defaultShare()));
  }

  @Override
  public String getReservations() {
    return AllocationText.format(scheduler.allocation().reservations());
  }

  @Override
  public void setReservations(String reservations) {
    Allocation a = scheduler.allocation();
    scheduler.setAllocation(
        new Allocation(a.shares(), AllocationText.parseReservations(reservations), a.defaultShare()));
  }

  @Override
  public double getDefaultShare() {
    return scheduler.allocation().defaultShare();
  }

  @Override
  public void setDefaultShare(double share) {
    Allocation a = scheduler.allocation();
    scheduler.setAllocation(new Allocation(a.shares(), a.reservations(), share));
  }

  @Override
  public void setAllocation(String shares, String reservations) {
    Allocation a = scheduler.allocation();
    scheduler.setAllocation(
        new Allocation(
            AllocationText.parseShares(shares),
            AllocationText.parseReservations(reservations),
            a.defaultShare()));
  }

  @Override
  public int getPoolSize() {
    return scheduler.poolSize();
  }

  @Override
  public void setPoolSize(int size) {
    scheduler.setPoolSize(size);
  }

  @Override
  public int getPoolMin() {
    return scheduler.aimdConfig().minSize();
  }

  @Override
  public int getPoolMax() {
    return scheduler.aimdConfig().maxSize();
  }

  @Override
  public void setPoolBounds(int min, int max) {
    scheduler.setPoolBounds(min, max);
  }

  @Override
  public int getPoolCap() {
    return scheduler.poolCap();
  }

  @Override
  public void setPoolCap(int cap) {
    scheduler.setPoolCap(cap);
  }

  @Override
  public int getHandlerThreads() {
    return scheduler.handlerThreads();
  }

  @Override
  public int getActiveHandlers() {
    return scheduler.activeHandlers();
  }

  @Override
  public int getQueued() {
    return scheduler.queued();
  }

  @Override
  public int getQueuePerTenant() {
    return scheduler.queueLimits()[0];
  }

  @Override
  public int getQueueTotal() {
    return scheduler.queueLimits()[1];
  }

  @Override
  public void setQueueLimits(int perTenant, int total) {
    scheduler.setQueueLimits(perTenant, total);
  }

  @Override
  public boolean isEnabled() {
    return scheduler.enabled();
  }

  @Override
  public int getTenantCount() {
    return scheduler.tenants().size();
  }

  @Override
  public long getInvalidTenantNames() {
    return scheduler.tenants().invalidNames();
  }

  @Override
  public long getDeniedTenantClaims() {
    return scheduler.tenants().deniedClaims();
  }

  @Override
  public long getTenantsFoldedOverCap() {
    return scheduler.tenants().foldedOverCap();
  }

  @Override
  public long getDeadlineDrops() {
    return scheduler.deadlineDrops();
  }

  @Override
  public double getLastAimdMeanMillis() {
    return scheduler.lastAimdMeanMillis();
  }

  @Override
  public String getLastConfigurationError() {
    return scheduler.lastConfigurationError();
  }

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
    Map<String, Long> out = new TreeMap<>();
    for (OperationStats.Row r : scheduler.lastOperationSnapshot().rows()) {
      out.put(r.tenant() + "/" + r.op(), r.completions());
    }
    return out;
  }

  private Map<String, Double> perOp(ToDoubleFunction<OperationStats.Row> f) {
    Map<String, Double> out = new TreeMap<>();
    for (OperationStats.Row r : scheduler.lastOperationSnapshot().rows()) {
      out.put(r.tenant() + "/" + r.op(), f.applyAsDouble(r));
    }
    return out;
  }
}
