package io.cake.controller.policy;

import io.cake.core.sched.Allocation;
import java.util.HashMap;
import java.util.Map;

/**
 * Turns the controller's view (each SLO tenant's fraction of shared service) into the
 * first-level schedulers' weights: each SLO tenant gets its share, every other tenant splits what
 * they leave by its base weight (operator-configured, 1 by default). Reservations of other
 * tenants in the base allocation are kept.
 */
public final class AllocationMapper {
  /** Weights are fractions scaled up so they read as percentages in JMX. */
  static final double SCALE = 100.0;

  private AllocationMapper() {}

  /**
   * Each SLO tenant in {@code steered} gets its fraction of the whole, every other
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
}
