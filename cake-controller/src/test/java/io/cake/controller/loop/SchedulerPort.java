package io.cake.controller.loop;

import io.cake.controller.policy.HBaseInterval;
import io.cake.controller.policy.ResourceLoad;
import io.cake.core.sched.Allocation;
import io.cake.core.sched.FairQueueScheduler;
import java.util.Set;

/** The controller's HBase port over a scheduler in the test, without a RegionServer; no others' limit. */
final class SchedulerPort {
  private SchedulerPort() {}

  static SecondLevelController.HBasePort of(FairQueueScheduler<String> hbase) {
    return new SecondLevelController.HBasePort() {
      @Override public HBaseInterval lastInterval() { return HBaseInterval.tenantsOnly(hbase.lastSnapshot()); }
      @Override public String name() { return "hb"; }
      @Override public ResourceLoad load() { return ResourceLoad.of(hbase.lastSnapshot()); }
      @Override public Allocation allocation() { return hbase.allocation(); }
      @Override public void setAllocation(Allocation a) { hbase.setAllocation(a); }
      @Override public void setOthersLimit(Set<String> exempt, double handlers) {}
    };
  }
}
