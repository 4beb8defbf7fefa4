package io.cake.controller.policy;

import io.cake.core.sched.Allocation;
import java.util.HashMap;
import java.util.Map;

/**
 * Turns the controller's view (the latency tenant's fraction of shared service) into the
 * first-level schedulers' weights: the latency tenant gets {@code share}, every other tenant
 * splits {@code 1 - share} by its base weight (operator-configured, 1 by default). Reservations of
 * other tenants in the base allocation are kept.
 */
public final class AllocationMapper {
  /** Weights are fractions scaled up so they read as percentages in JMX. */
  static final double SCALE = 100.0;

  private AllocationMapper() {}

  public static Allocation hdfs(String latencyTenant, LatencyAllocation a, Allocation base) {
    return map(latencyTenant, a.share(), a.hdfsReserved(), base);
  }

  public static Allocation hbase(String latencyTenant, LatencyAllocation a, Allocation base) {
    return map(latencyTenant, a.share(), a.hbaseReserved(), base);
  }

  private static Allocation map(String latency, double share, int reserved, Allocation base) {
    Map<String, Double> others = new HashMap<>(base.shares());
    others.remove(latency);
    double otherWeight = others.values().stream().mapToDouble(Double::doubleValue).sum();
    // Tenants not named (untagged 'default', new batch jobs) are counted as one default weight.
    otherWeight += base.defaultShare();
    double scaleOthers = (1.0 - share) * SCALE / otherWeight;
    Map<String, Double> shares = new HashMap<>();
    others.forEach((t, w) -> shares.put(t, w * scaleOthers));
    shares.put(latency, share * SCALE);
    Map<String, Integer> reservations = new HashMap<>(base.reservations());
    reservations.put(latency, reserved);
    return new Allocation(shares, reservations, base.defaultShare() * scaleOthers);
  }

  /** Slots reserved in {@code base} for tenants other than the latency tenant. */
  public static int otherReserved(String latencyTenant, Allocation base) {
    return base.totalReserved() - base.reservation(latencyTenant);
  }
}
