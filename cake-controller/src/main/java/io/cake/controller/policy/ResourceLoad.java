package io.cake.controller.policy;

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
   * an older jar), and its {@code arrivals}.
   */
  public record TenantLoad(
      double occupancy, double busy, double serviceRate, double busiestSecond, Arrivals arrivals) {
    public static final TenantLoad IDLE = new TenantLoad(0.0, 0.0, 0.0, 0.0, Arrivals.NONE);

    public TenantLoad {
      java.util.Objects.requireNonNull(arrivals, "arrivals");
    }

    /** Without measured arrivals. */
    public TenantLoad(double occupancy, double busy, double serviceRate, double busiestSecond) {
      this(occupancy, busy, serviceRate, busiestSecond, Arrivals.UNKNOWN);
    }

    /** Without a measured service rate, peak or arrivals. */
    public TenantLoad(double occupancy, double busy) {
      this(occupancy, busy, Double.NaN, Double.NaN);
    }
  }

  /**
   * A tenant's arrivals in the interval, in the scheduler's units (calls at HBase, reads at the
   * DataNode): per second over the interval, and the most in any 100 ms and in any second ({@link
   * io.cake.core.metrics.ArrivalPeaks}). NaN: not measured (a DataNode with an older jar).
   */
  public record Arrivals(double rate, double in100ms, double inSecond) {
    public static final Arrivals NONE = new Arrivals(0.0, 0.0, 0.0);
    public static final Arrivals UNKNOWN = new Arrivals(Double.NaN, Double.NaN, Double.NaN);

    public boolean measured() {
      return Double.isFinite(rate) && Double.isFinite(in100ms) && Double.isFinite(inSecond);
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
    s.tenants().forEach((name, t) -> m.put(name, new TenantLoad(t.occupancy(), busy(t), t.serviceRate(),
        t.busiestSecond(),
        new Arrivals(t.arrivalRate(), t.arrivalPeaks().in100ms(), t.arrivalPeaks().inSecond()))));
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
