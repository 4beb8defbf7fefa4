package io.cake.hdfs.datanode;

import io.cake.core.level.FirstLevelControlMXBean;

/**
 * {@code io.cake:type=Scheduler,kind=hdfs,scheduler=<name>}: one DataNode's read scheduler. The
 * common attributes (enabled, shares, reservations, share fractions, slots = the soft limit,
 * tenants) are {@link FirstLevelControlMXBean}'s; these are the disk gate's.
 */
public interface HdfsSchedulerMXBean extends FirstLevelControlMXBean {
  int getSoftLimit();

  void setSoftLimit(int limit);

  /** Most gated reads of one volume at once ({@code cake.hdfs.soft-limit.per-volume}); 0: none. */
  int getVolumeLimit();

  void setVolumeLimit(int perVolume);

  boolean isLendBetweenChunks();

  void setLendBetweenChunks(boolean lend);

  int getChunkSize();

  String getBatchTenant();

  int getHolding();

  int getLent();

  int getWaiting();

  int getMaxInFlight();

  long getGatedChunks();

  /**
   * Disk reads done ungated: no slot was freed for {@code cake.hdfs.stall-timeout-ms}, or their
   * volume had a stuck read.
   */
  long getUngatedReads();

  /** Disk reads that held a slot for {@code cake.hdfs.stuck-read-ms} and were written off. */
  long getStuckReads();

  /** Volumes (storage IDs) with a stuck read that has not returned, comma-separated. */
  String getStuckVolumes();

  /** Block files handed to local clients for short-circuit reads, whose reads bypass Cake. */
  long getShortCircuitOpens();
}
