package io.cake.hdfs.datanode;

import java.util.Map;

/**
 * Live control of one DataNode's read scheduler, registered as {@code
 * io.cake:type=HdfsScheduler,scheduler=<name>}. Invalid writes throw IllegalArgumentException
 * with a message and change nothing.
 */
public interface HdfsSchedulerControlMXBean {
  String getName();

  int getSoftLimit();

  void setSoftLimit(int limit);

  boolean isEnabled();

  void setEnabled(boolean enabled);

  boolean isLendBetweenChunks();

  void setLendBetweenChunks(boolean lend);

  int getChunkSize();

  String getBatchTenant();

  double getDefaultShare();

  void setDefaultShare(double share);

  Map<String, Double> getShares();

  Map<String, Integer> getReservations();

  void setShare(String tenant, double share);

  void setReservation(String tenant, int slots);

  int getHolding();

  int getLent();

  int getWaiting();

  int getMaxInFlight();

  long getGatedChunks();

  /** Tenants with their own queue and metrics, {@code default} included. */
  int getTenantCount();

  /** {@code cake.hdfs.max-tenants}. */
  int getMaxTenants();

  /** Block reads served as {@code default} because their client's tenant was beyond the cap. */
  long getTenantsFolded();

  /** Block reads done ungated because no disk slot was freed for {@code cake.hdfs.stall-timeout-ms}. */
  long getUngatedReads();
}
