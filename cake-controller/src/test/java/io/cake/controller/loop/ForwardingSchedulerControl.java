package io.cake.controller.loop;

import io.cake.hdfs.datanode.DataNodeReadScheduler;
import io.cake.hdfs.datanode.HdfsSchedulerControlMXBean;
import java.util.Map;

/**
 * The DataNode's control MBean for a real {@link DataNodeReadScheduler}, to register on an
 * MBeanServer of a test's choosing: the scheduler registers its own (package-private) one on the
 * platform MBeanServer only. Forwards as that one does.
 */
final class ForwardingSchedulerControl implements HdfsSchedulerControlMXBean {
  private final DataNodeReadScheduler s;

  ForwardingSchedulerControl(DataNodeReadScheduler s) {
    this.s = s;
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
