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
    return map(Map.of(latency, share), Map.of(latency, reserved), base);
  }

  /**
   * Several steered tenants: each in {@code steered} gets its fraction of the whole, every other
   * tenant splits what they leave by its base weight; {@code reserved} replaces the base
   * reservations of the tenants it names, the others' are kept.
   */
  public static Allocation map(Map<String, Double> steered, Map<String, Integer> reserved, Allocation base) {
    Map<String, Double> others = new HashMap<>(base.shares());
    others.keySet().removeAll(steered.keySet());
    double otherWeight = others.values().stream().mapToDouble(Double::doubleValue).sum();
    // Tenants not named (untagged 'default', new batch jobs) are counted as one default weight.
    otherWeight += base.defaultShare();
    double left = 1.0 - steered.values().stream().mapToDouble(Double::doubleValue).sum();
    double scaleOthers = left * SCALE / otherWeight;
    Map<String, Double> shares = new HashMap<>();
    others.forEach((t, w) -> shares.put(t, w * scaleOthers));
    steered.forEach((t, s) -> shares.put(t, s * SCALE));
    Map<String, Integer> reservations = new HashMap<>(base.reservations());
    reservations.putAll(reserved);
    return new Allocation(shares, reservations, base.defaultShare() * scaleOthers);
  }

  /** Slots reserved in {@code base} for tenants other than the latency tenant. */
  public static int otherReserved(String latencyTenant, Allocation base) {
    return base.totalReserved() - base.reservation(latencyTenant);
  }
}
