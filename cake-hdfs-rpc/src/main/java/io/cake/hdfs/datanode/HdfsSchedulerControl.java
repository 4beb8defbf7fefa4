package io.cake.hdfs.datanode;

import io.cake.core.level.FirstLevelControl;

/**
 * The control MBean of a {@link DataNodeReadScheduler}: a thin adapter, validation lives there.
 * Public so that another MBeanServer (a test's remote JMX server) can carry the same one.
 */
public final class HdfsSchedulerControl extends FirstLevelControl implements HdfsSchedulerMXBean {
  private final DataNodeReadScheduler s;

  public HdfsSchedulerControl(DataNodeReadScheduler s) {
    super(s);
    this.s = s;
  }

  @Override public int getSoftLimit() { return s.limit(); }
  @Override public void setSoftLimit(int limit) { s.setLimit(limit); }
  @Override public int getVolumeLimit() { return s.volumeLimit(); }
  @Override public void setVolumeLimit(int perVolume) { s.setVolumeLimit(perVolume); }
  @Override public boolean isLendBetweenChunks() { return s.lendBetweenChunks(); }
  @Override public void setLendBetweenChunks(boolean lend) { s.setLendBetweenChunks(lend); }
  @Override public int getChunkSize() { return s.chunkSize(); }
  @Override public String getBatchTenant() { return s.batchTenant(); }
  @Override public int getHolding() { return s.holding(); }
  @Override public int getLent() { return s.lent(); }
  @Override public int getWaiting() { return s.waiting(); }
  @Override public int getMaxInFlight() { return s.maxInFlight(); }
  @Override public long getGatedChunks() { return s.gatedChunks(); }
  @Override public long getUngatedReads() { return s.ungatedReads(); }
  @Override public long getStuckReads() { return s.stuckReads(); }
  @Override public String getStuckVolumes() { return String.join(",", s.stuckVolumes()); }
  @Override public long getShortCircuitOpens() { return s.shortCircuitOpens(); }
}
