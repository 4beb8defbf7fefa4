package io.cake.controller.hbase;

import io.cake.controller.policy.HBaseInterval;
import io.cake.controller.policy.OperationLatencies;
import io.cake.controller.policy.ResourceLoad;
import io.cake.controller.loop.SecondLevelController;
import io.cake.core.sched.Allocation;
import io.cake.core.tenant.OperationType;
import io.cake.hbase.rpc.OperationStats;
import io.cake.hbase.rpc.RegionServerScheduler;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.Histogram;

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
  public HBaseInterval lastInterval() {
    RegionServerScheduler.Interval last = scheduler.lastInterval(); // both halves of one roll
    return new HBaseInterval(last.tenants(), latencies(last.operations()));
  }

  /** The latency histograms of the scheduler's per-operation rows. */
  static OperationLatencies latencies(OperationStats.Snapshot s) {
    Map<String, Map<OperationType, Histogram>> out = new HashMap<>();
    for (OperationStats.Row r : s.rows()) {
      out.computeIfAbsent(r.tenant(), t -> new EnumMap<>(OperationType.class)).put(r.op(), r.latencyNanos());
    }
    return new OperationLatencies(s.endNanos(), out);
  }

  @Override
  public ResourceLoad load() {
    return ResourceLoad.of(scheduler.lastInterval().tenants());
  }

  @Override
  public Allocation allocation() {
    return scheduler.allocation();
  }

  /**
   * Reservations are cut down to the handler pool as it is when they are applied, under the
   * scheduler's lock: AIMD may have shrunk the pool since the interval the decision read, and an
   * allocation reserving more than the smaller pool allows would be refused and the interval lost.
   * The pool's own clipping does the same when it shrinks later.
   */
  @Override
  public void setAllocation(Allocation allocation) {
    scheduler.updateAllocation(current -> allocation.clippedTo(scheduler.slots()));
  }

  @Override
  public Allocation configured() {
    return scheduler.settings().allocation();
  }

  @Override
  public io.cake.core.policy.StoredPolicy stored() {
    return scheduler.keySources().store();
  }

  @Override
  public void setOthersLimit(java.util.Set<String> exempt, double handlers) {
    scheduler.setOthersLimit(exempt, handlers);
  }
}
