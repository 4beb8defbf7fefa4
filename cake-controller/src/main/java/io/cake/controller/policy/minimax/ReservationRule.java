package io.cake.controller.policy.minimax;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Cake's reservations (its Algorithm 1, lines 5 and 11), one tenant at a time, for several SLO
 * tenants: shares decide who goes first among backlogged tenants, but a tenant whose requests find
 * every DataNode slot busy with another tenant's long read waits for that read whatever its share
 * (Cake Fig. 8: reservations matter where shares alone cannot help, at low load). So:
 *
 * <ul>
 *   <li>a tenant at or above the target performance gives one reservation back;
 *   <li>when the goals hold all the share they can (the allocator says overloaded) while their
 *       load is light (together they keep at most {@link #LIGHT} of the slots busy), each tenant
 *       still missing its SLO (performance below 1) gets one more slot reserved, worst weighted
 *       badness first, while the total stays within {@code maxTotal} and the tenant within
 *       {@code perTenant(busy)}: what its load could use, so a light tenant cannot lock out slots
 *       it would leave idle;
 *   <li>when their load is not light, each tenant gives one back: a reserved slot idles whenever
 *       its tenant has nothing queued, which a loaded resource cannot afford (Cake Fig. 8:
 *       reservations help at a low front-end rate, not at a high one). In the simulator, with the
 *       front ends at 99% of the disks, reserving there cut batch to 1 chunk/s while every front
 *       end still missed.
 * </ul>
 *
 * <p>One step per tenant per interval; a tenant with no measurement keeps what it has. Pure.
 */
public final class ReservationRule {
  /** The goals' load, as a fraction of the slots, up to which reserving is allowed. */
  public static final double LIGHT = 0.5;

  private final double target;

  /** @param target the performance at which a reservation is given back (the allocator's target) */
  public ReservationRule(double target) {
    if (!(target >= 1) || !Double.isFinite(target)) {
      throw new IllegalArgumentException("target must be a finite performance >= 1, got " + target);
    }
    this.target = target;
  }

  /** The most slots a tenant keeping {@code busy} slots busy on average may have reserved: twice that, at least 1. */
  public static int perTenant(double busy) {
    return Math.max(1, (int) Math.ceil(2 * Math.max(0, busy)));
  }

  /**
   * @param now each goal tenant's reserved slots now (absent: 0)
   * @param performance each goal tenant's measured performance (NaN: none this interval)
   * @param weights each goal tenant's weight
   * @param busy each goal tenant's mean busy slots at this level
   * @param overloaded whether the allocator could not give every goal its target by shares
   * @param slots the level's slots now
   * @param maxTotal the most slots the goal tenants may hold reserved together
   * @return each goal tenant's reserved slots next (0 included)
   */
  public Map<String, Integer> next(
      Map<String, Integer> now,
      Map<String, Double> performance,
      Map<String, Double> weights,
      Map<String, Double> busy,
      boolean overloaded,
      int slots,
      int maxTotal) {
    double load = 0;
    for (String t : performance.keySet()) {
      load += Math.max(0, busy.getOrDefault(t, 0.0));
    }
    boolean light = load <= LIGHT * slots;
    Map<String, Integer> out = new TreeMap<>();
    int total = 0;
    for (String t : performance.keySet()) {
      int r = now.getOrDefault(t, 0);
      double p = performance.get(t);
      if (r > 0 && (!light || (!Double.isNaN(p) && p >= target))) {
        r--;
      }
      out.put(t, r);
      total += r;
    }
    while (total > maxTotal) { // fewer slots than before: shed from the largest holder
      String most = out.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
      out.merge(most, -1, Integer::sum);
      total--;
    }
    if (!overloaded || !light) {
      return out;
    }
    List<String> missing = new ArrayList<>();
    for (String t : performance.keySet()) {
      double p = performance.get(t);
      if (!Double.isNaN(p) && p < 1) {
        missing.add(t);
      }
    }
    // Worst weighted badness first: the slot goes where a miss counts most.
    missing.sort((a, b) -> Double.compare(
        weights.get(b) * (1 - performance.get(b)), weights.get(a) * (1 - performance.get(a))));
    for (String t : missing) {
      if (total >= maxTotal) {
        break;
      }
      if (out.get(t) < perTenant(busy.getOrDefault(t, 0.0))) {
        out.merge(t, 1, Integer::sum);
        total++;
      }
    }
    return out;
  }
}
