package io.cake.controller.loop;

import io.cake.core.metrics.LatencySummary;
import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.metrics.TenantSnapshot;
import java.util.HashMap;
import java.util.Map;

/**
 * What the decision needs of a first-level scheduler's last interval for each tenant: queue
 * occupancy, mean busy slots, service units per second (at the DataNode, bytes read) and its busy
 * slots in the interval's busiest second. Read from a local snapshot or, for a DataNode in another JVM, from its JMX
 * gauges.
 */
public record ResourceLoad(int slots, Map<String, TenantLoad> tenants) {

  /**
   * One tenant: fraction of the interval with work waiting, mean slots busy with its work, and
   * service units served per second ({@code serviceRate}: bytes/s at the DataNode, what an MB/s
   * goal is judged by; NaN: not measured, so such a goal is not judged), and its busy slots in the
   * busiest second of the interval ({@code busiestSecond}; NaN: not measured, as at a DataNode with
   * an older jar).
   */
  public record TenantLoad(double occupancy, double busy, double serviceRate, double busiestSecond) {
    public static final TenantLoad IDLE = new TenantLoad(0.0, 0.0, 0.0, 0.0);

    /** Without a measured service rate or peak. */
    public TenantLoad(double occupancy, double busy) {
      this(occupancy, busy, Double.NaN, Double.NaN);
    }
  }

  public ResourceLoad {
    tenants = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(tenants)); // same order in every JVM
  }

  public TenantLoad tenant(String name) {
    return tenants.getOrDefault(name, TenantLoad.IDLE);
  }

  public static ResourceLoad of(SchedulerSnapshot s) {
    Map<String, TenantLoad> m = new HashMap<>();
    s.tenants().forEach((name, t) -> m.put(name, new TenantLoad(t.occupancy(), busy(t), t.serviceRate(), t.busiestSecond())));
    return new ResourceLoad(s.slots(), m);
  }

  /** Little's law: completions x mean service time / interval length. */
  public static double busy(TenantSnapshot t) {
    if (t.intervalNanos() <= 0 || t.serviceTimeNanos().getTotalCount() == 0) {
      return 0.0;
    }
    return t.serviceTimeNanos().getTotalCount() * LatencySummary.meanNanos(t.serviceTimeNanos()) / t.intervalNanos();
  }
}
