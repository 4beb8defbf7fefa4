package io.cake.controller.hbase;

import io.cake.controller.loop.ResourceLoad;
import io.cake.controller.loop.SecondLevelController;
import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.sched.Allocation;
import io.cake.hbase.rpc.RegionServerScheduler;

/** The RegionServer's own Cake scheduler, in this JVM. */
final class LocalHBasePort implements SecondLevelController.HBasePort {
  private final RegionServerScheduler scheduler;

  LocalHBasePort(RegionServerScheduler scheduler) {
    this.scheduler = scheduler;
  }

  @Override
  public String name() {
    return scheduler.name();
  }

  @Override
  public SchedulerSnapshot snapshot() {
    return scheduler.queues().lastSnapshot();
  }

  @Override
  public ResourceLoad load() {
    return ResourceLoad.of(scheduler.queues().lastSnapshot());
  }

  @Override
  public Allocation allocation() {
    return scheduler.allocation();
  }

  @Override
  public void setAllocation(Allocation allocation) {
    scheduler.setAllocation(allocation);
  }

  @Override
  public void setPoolCap(int cap) {
    scheduler.setPoolCap(cap);
  }
}
