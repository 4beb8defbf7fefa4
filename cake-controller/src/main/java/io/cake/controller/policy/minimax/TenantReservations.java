package io.cake.controller.policy.minimax;

import io.cake.controller.policy.ControlState;
import io.cake.controller.policy.ControllerParams;
import io.cake.controller.policy.Observation;
import io.cake.controller.policy.rules.Reservations;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Cake's HBase reservations (section 5.3, Algorithm 2) for each of several SLO tenants: the part
 * of the second level that shares cannot do. Under fair queuing a tenant with work waiting gets
 * the next handler that frees, whatever its share; what share cannot buy is a handler that is free
 * when its call arrives. A scan holds its handler while its reads wait at the DataNode, so a get
 * that arrives when every handler is held waits for a scan to finish, at any share (Cake's Fig. 8:
 * reservations matter at low load, shares at high load). So, per tenant, each interval:
 *
 * <ul>
 *   <li><b>Reserve</b>: a tenant that missed its SLO while its HBase queue was occupied longer
 *       than its DataNode queue (at least {@code min-occupancy}) is bottlenecked at HBase: one
 *       more handler is reserved for it.
 *   <li><b>Release, Algorithm 2</b>: its DataNode occupancy over {@code occupancy-coefficient}
 *       times its HBase occupancy: one handler released.
 *   <li><b>Release, slack</b>: at its target performance with its HBase queue idle (at most {@code
 *       idle-occupancy}): one handler released.
 *   <li><b>Overload</b>: while the models say the SLOs cannot all be met, only a tenant at low load
 *       ({@link #lowLoad}: its queue steady and more share would not serve it sooner) takes a new
 *       reservation; one that is share-bound would be favoured over the weights. Those held stay.
 * </ul>
 *
 * A release never leaves the reservations more than half busy with the tenant's recent peak load
 * (the one-tenant rule, {@link Reservations#canRelease}). The SLO tenants together reserve at most
 * a budget that leaves the last shared handler and the other tenants' configured reservations,
 * given in order (heaviest tenant first) when it is short, and clipped in that order when it
 * shrinks (an AIMD pool that got smaller).
 *
 * <p>Not at the DataNode, where reservations stay as configured. A DataNode slot is a whole disk,
 * and a front end of single-row gets keeps only a fraction of one busy: Algorithm 1's rule per
 * tenant reserves most of the disks for front ends that barely use them, which costs batch most of
 * its throughput and gains no window (docs/decisions/0017-minimax-shares.md). The priority lanes
 * already give a laned tenant the next free slot there.
 *
 * <p>Pure: state in, state out.
 */
public final class TenantReservations {
  /** {@link #lowLoad}: the most of its share's slots a tenant keeps busy and still counts as low load. */
  static final double LOW_LOAD = 0.5;

  /** A tenant's reserved handlers, and its recent peak load at HBase in busy handlers. */
  public record Held(int hbase, double hbasePeak) {
    public static final Held NONE = new Held(0, 0);

    public Held {
      if (hbase < 0) {
        throw new IllegalArgumentException("reservations must be >= 0, got " + hbase);
      }
    }
  }

  /**
   * One SLO tenant's interval.
   *
   * @param performance its measured normalised performance (NaN: none this interval)
   * @param share its share just decided, as a fraction of the whole
   * @param backlog its calls that arrived at HBase over those completed in the interval (at least 1)
   */
  public record Tenant(String name, Observation obs, double performance, double share, double backlog) {
    public Tenant {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(obs, "obs");
    }

    /** Not backlogged. */
    public Tenant(String name, Observation obs, double performance, double share) {
      this(name, obs, performance, share, 1.0);
    }
  }

  /** The reservations for the next interval, by tenant, and why each changed. */
  public record Result(Map<String, Held> held, List<String> reasons) {
    public Result {
      held = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(held));
      reasons = List.copyOf(reasons);
    }

    /** Reserved handlers by tenant. */
    public Map<String, Integer> hbase() {
      Map<String, Integer> out = new LinkedHashMap<>();
      held.forEach((t, h) -> out.put(t, h.hbase()));
      return out;
    }
  }

  private final ControllerParams params;
  private final double target;

  /**
   * @param params the occupancy thresholds ({@code min-occupancy}, {@code idle-occupancy}, {@code
   *     occupancy-coefficient}) and the performance below which a tenant missed
   * @param target the performance at which a tenant has slack to give back (the minimax's target)
   */
  public TenantReservations(ControllerParams params, double target) {
    this.params = Objects.requireNonNull(params);
    this.target = target;
  }

  /**
   * @param now each tenant's reservations in force (absent: none)
   * @param tenants the SLO tenants in the order they are served when handlers are short (heaviest first)
   * @param budget handlers the SLO tenants may reserve together
   * @param feasible whether the models say every SLO can be met at the new shares
   */
  public Result next(Map<String, Held> now, List<Tenant> tenants, int budget, boolean feasible) {
    Map<String, Held> out = new LinkedHashMap<>();
    List<String> reasons = new ArrayList<>();
    int left = Math.max(0, budget);
    for (Tenant t : tenants) {
      Held h = now.getOrDefault(t.name(), Held.NONE);
      Observation o = t.obs();
      double peak = ControlState.nextPeak(h.hbasePeak(), o.hbaseBusy());
      int hb = Math.min(h.hbase(), left);
      if (hb < h.hbase()) {
        reasons.add(String.format("%s: reservations clipped to what is left (%d -> %d handlers)", t.name(), h.hbase(), hb));
      }
      boolean missed = t.performance() < params.lowPerformance();
      boolean slack = t.performance() >= target;
      double hbOcc = o.hbaseOccupancy();
      double dfOcc = o.hdfsOccupancy();
      if (missed && (feasible || lowLoad(peak, o.hbaseSlots(), t.share(), t.backlog()))
          && hbOcc >= params.minOccupancy() && hbOcc > dfOcc && hb < left) {
        hb++;
        reasons.add(String.format("%s: missed waiting at HBase (occupancy hbase %.2f > hdfs %.2f): reserve handler %d",
            t.name(), hbOcc, dfOcc, hb));
      } else if (dfOcc >= params.minOccupancy() && dfOcc > params.occupancyCoefficient() * hbOcc && hb > 0
          && Reservations.canRelease(peak, hb)) {
        hb--;
        reasons.add(String.format("%s: waits at the DataNode (occupancy hdfs %.2f > %.1f x hbase %.2f): release a handler",
            t.name(), dfOcc, params.occupancyCoefficient(), hbOcc));
      } else if (slack && hbOcc <= params.idleOccupancy() && hb > 0 && Reservations.canRelease(peak, hb)) {
        hb--;
        reasons.add(String.format("%s: at its target, HBase queue idle (occupancy %.3f): release a handler", t.name(), hbOcc));
      }
      left -= hb;
      out.put(t.name(), new Held(hb, peak));
    }
    return new Result(out, reasons);
  }

  /**
   * The tenant's queue did not grow (at most {@link #STEADY_BACKLOG} arrivals a completion) and its
   * recent peak load is at most half of what its share of the handlers gives it: under fair
   * queuing it is then served ahead whenever it waits, so more share would not serve it sooner;
   * what it waits for is a handler to free, which only a reservation holds for it. A tenant at or
   * over its share is share-bound, as every tenant is under overload, where a reservation would
   * favour it over the weights; so is one whose queue grew, whose busy handlers say what it got,
   * not what it needs (without this, tenants starved of handlers at the start of an overload
   * count as low load and are given handlers ahead of the heaviest).
   */
  static boolean lowLoad(double peakBusy, int slots, double share, double backlog) {
    return backlog <= STEADY_BACKLOG && peakBusy <= LOW_LOAD * share * slots;
  }

  /** {@link #lowLoad}: the most arrivals per completion of a tenant whose queue held steady. */
  static final double STEADY_BACKLOG = 1.1;
}
