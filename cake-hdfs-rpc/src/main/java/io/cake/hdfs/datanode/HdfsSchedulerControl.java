package io.cake.hdfs.datanode;

import io.cake.core.metrics.JmxPublisher;
import java.util.Map;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * The JMX face of a {@link DataNodeReadScheduler}: a thin adapter, validation lives there. The
 * scheduler registers one on the platform MBeanServer; public so that another MBeanServer (a
 * test's remote JMX server) can carry the same one.
 */
public final class HdfsSchedulerControl implements HdfsSchedulerControlMXBean {
  private final DataNodeReadScheduler s;

  public HdfsSchedulerControl(DataNodeReadScheduler s) {
    this.s = s;
  }

  public static ObjectName objectName(String scheduler) {
    try {
      return new ObjectName(
          JmxPublisher.DOMAIN + ":type=HdfsScheduler,scheduler=" + ObjectName.quote(scheduler));
    } catch (MalformedObjectNameException e) {
      throw new IllegalArgumentException("bad scheduler name " + scheduler, e);
    }
  }

  @Override public String getName() { return s.name(); }
  @Override public int getSoftLimit() { return s.limit(); }
  @Override public void setSoftLimit(int limit) { s.setLimit(limit); }
  @Override public boolean isEnabled() { return s.enabled(); }
  @Override public void setEnabled(boolean enabled) { s.setEnabled(enabled); }
  @Override public boolean isLendBetweenChunks() { return s.lendBetweenChunks(); }
  @Override public void setLendBetweenChunks(boolean lend) { s.setLendBetweenChunks(lend); }
  @Override public int getChunkSize() { return s.chunkSize(); }
  @Override public String getBatchTenant() { return s.batchTenant(); }
  @Override public double getDefaultShare() { return s.allocation().defaultShare(); }
  @Override public void setDefaultShare(double share) { s.setDefaultShare(share); }
  @Override public Map<String, Double> getShares() { return s.allocation().shares(); }
  @Override public Map<String, Integer> getReservations() { return s.allocation().reservations(); }
  @Override public void setShare(String tenant, double share) { s.setShare(tenant, share); }
  @Override public void setReservation(String tenant, int slots) { s.setReservation(tenant, slots); }
  @Override public int getHolding() { return s.holding(); }
  @Override public int getLent() { return s.lent(); }
  @Override public int getWaiting() { return s.waiting(); }
  @Override public int getMaxInFlight() { return s.maxInFlight(); }
  @Override public long getGatedChunks() { return s.gatedChunks(); }
  @Override public int getTenantCount() { return s.tenants().size(); }
  @Override public int getMaxTenants() { return s.tenants().max(); }
  @Override public long getTenantsFolded() { return s.tenants().folded(); }
  @Override public long getUngatedReads() { return s.ungatedReads(); }
}
