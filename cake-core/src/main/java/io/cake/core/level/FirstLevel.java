package io.cake.core.level;

import io.cake.core.sched.Allocation;
import io.cake.core.sched.FairQueueScheduler;
import io.cake.core.tenant.TenantCap;
import java.util.function.UnaryOperator;

/**
 * One first-level scheduler, whichever system it sits in: the RegionServer's RPC handlers or the
 * DataNode's disk reads. What the second level and operators read and set is this, the same on
 * both; what only one side has (the handler pool, the soft limit) is on that side's class.
 *
 * <p>Every setter either applies whole or throws IllegalArgumentException naming the problem and
 * changes nothing.
 */
public interface FirstLevel {
  /** The kind of a RegionServer's level. */
  String HBASE = "hbase";
  /** The kind of a DataNode's level. */
  String HDFS = "hdfs";

  /** Unique in the JVM: {@code hbase-<rpc port>}, {@code datanode-<xfer port>}. */
  String name();

  /** {@link #HBASE} or {@link #HDFS}: the {@code kind} key of the control MBean's name. */
  String kind();

  /** Whether requests go through Cake (false: stock behaviour, the kill switch). */
  boolean enabled();

  void setEnabled(boolean on);

  Allocation allocation();

  /**
   * Replaces the allocation by {@code change} applied to the one in force, atomically with respect
   * to every other change (so a per-tenant write cannot undo a concurrent controller write).
   *
   * @return the allocation now in force
   */
  Allocation updateAllocation(UnaryOperator<Allocation> change);

  default void setAllocation(Allocation next) {
    updateAllocation(current -> next);
  }

  /** Slots serving now: handler threads, or disk reads the soft limit lets run at once. */
  default int slots() {
    return queues().slotCount();
  }

  /** The per-tenant queues behind this level: metrics, queue lengths. */
  FairQueueScheduler<?> queues();

  /** The tenants this level keeps state for, and how many requests the cap folded. */
  TenantCap tenants();
}
