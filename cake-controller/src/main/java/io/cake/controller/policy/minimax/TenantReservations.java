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
 * Cake's reservations (section 5.3) for each of several SLO tenants: the part of the second level
 * that shares cannot do. Under fair queuing a tenant with work waiting gets the next slot that
 * frees, whatever its share; what share cannot buy is a slot that is free when its request
 * arrives. A scan holds its HBase handler while its reads wait at the DataNode, so a get that
 * arrives when every handler is held waits for a scan to finish, at any share (Cake's Fig. 8:
 * reservations matter at low load, shares at high load). So, per tenant, each interval:
 *
 * <ul>
 *   <li><b>HBase, Cake's Algorithm 2</b> (queue occupancy): a tenant that missed its SLO while
 *       its HBase queue was occupied more than its DataNode queue (at least {@code
 *       min-occupancy}) is bottlenecked at HBase: one more handler is reserved for it. When its
 *       DataNode occupancy is over {@code occupancy-coefficient} times its HBase occupancy and it
 *       holds more handlers than DataNode slots, one is released.
 *   <li><b>DataNode, Cake's Algorithm 1</b> (reserve when share cannot do it): a tenant that missed
 *       while waiting at the DataNode, whose model says the new shares still leave it below its SLO,
 *       and whose load is low against its share ({@link #lowLoad}: more share would not serve it
 *       sooner), gets one more DataNode slot reserved.
 *   <li><b>Slack</b>: a tenant at its target performance whose queue at a level was idle (at most
 *       {@code idle-occupancy}) gives one reservation there back.
 *   <li><b>Overload</b>: while the models say the SLOs cannot all be met, only a tenant at low load
 *       takes a new reservation; one share-bound would be favoured over the weights. Those held
 *       stay.
 * </ul>
 *
 * A release never leaves the reservations more than half busy with the tenant's recent peak
 * load (the one-tenant rule, {@link Reservations#canRelease}); reservations of all SLO tenants together stay
 * within a budget that leaves the last shared slot and the other tenants' configured
 * reservations, given in order (heaviest tenant first) when the budget is short, and clipped in
 * that order when the budget shrinks (an AIMD pool that got smaller). Pure: state in, state out.
 */
public final class TenantReservations {
  /** A tenant's reserved slots at each level, and its recent peak load there in busy slots. */
  public record Held(int hbase, int hdfs, double hbasePeak, double hdfsPeak) {
    public static final Held NONE = new Held(0, 0, 0, 0);

    public Held {
      if (hbase < 0 || hdfs < 0) {
        throw new IllegalArgumentException("reservations must be >= 0, got hbase=" + hbase + " hdfs=" + hdfs);
      }
    }
  }

  /**
   * One SLO tenant's interval.
   *
   * @param performance its measured normalised performance (NaN: none this interval)
   * @param predicted its model's performance at the shares just decided (NaN: none)
   * @param share its share just decided, as a fraction of the whole
   */
  public record Tenant(String name, Observation obs, double performance, double predicted, double share) {
    public Tenant {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(obs, "obs");
    }
  }

  /** The reservations for the next interval, by tenant, and why each changed. */
  public record Result(Map<String, Held> held, List<String> reasons) {
    public Result {
      held = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(held));
      reasons = List.copyOf(reasons);
    }

    public Map<String, Integer> hbase() {
      Map<String, Integer> out = new LinkedHashMap<>();
      held.forEach((t, h) -> out.put(t, h.hbase()));
      return out;
    }

    public Map<String, Integer> hdfs() {
      Map<String, Integer> out = new LinkedHashMap<>();
      held.forEach((t, h) -> out.put(t, h.hdfs()));
      return out;
    }
  }

  /** {@link #lowLoad}: the most of its share's slots a tenant keeps busy and still counts as low load. */
  static final double LOW_LOAD = 0.5;

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
   * @param tenants the SLO tenants in the order they are served when slots are short (heaviest first)
   * @param hbaseBudget handlers the SLO tenants may reserve together
   * @param hdfsBudget DataNode slots the same
   * @param feasible whether the models say every SLO can be met at the new shares
   */
  public Result next(Map<String, Held> now, List<Tenant> tenants, int hbaseBudget, int hdfsBudget, boolean feasible) {
    Map<String, Held> out = new LinkedHashMap<>();
    List<String> reasons = new ArrayList<>();
    int hbaseLeft = Math.max(0, hbaseBudget);
    int hdfsLeft = Math.max(0, hdfsBudget);
    for (Tenant t : tenants) {
      Held h = now.getOrDefault(t.name(), Held.NONE);
      Observation o = t.obs();
      double hbasePeak = ControlState.nextPeak(h.hbasePeak(), o.hbaseBusy());
      double hdfsPeak = ControlState.nextPeak(h.hdfsPeak(), o.hdfsBusy());
      int hb = Math.min(h.hbase(), hbaseLeft);
      int df = Math.min(h.hdfs(), hdfsLeft);
      if (hb < h.hbase() || df < h.hdfs()) {
        reasons.add(String.format("%s: reservations clipped to what is left (hbase %d -> %d, hdfs %d -> %d)",
            t.name(), h.hbase(), hb, h.hdfs(), df));
      }
      boolean missed = t.performance() < params.lowPerformance();
      boolean slack = t.performance() >= target;
      double hbOcc = o.hbaseOccupancy();
      double dfOcc = o.hdfsOccupancy();
      boolean lowLoadHbase = lowLoad(hbasePeak, o.hbaseSlots(), t.share());
      boolean lowLoadHdfs = lowLoad(hdfsPeak, o.hdfsSlots(), t.share());
      {
        // HBase: Algorithm 2, the queue it waited in longer is its bottleneck. While the models
        // say the SLOs cannot all be met, only for a tenant that share cannot help.
        if (missed && (feasible || lowLoadHbase) && hbOcc >= params.minOccupancy() && hbOcc > dfOcc && hb < hbaseLeft) {
          hb++;
          reasons.add(String.format("%s: missed waiting at HBase (occupancy hbase %.2f > hdfs %.2f): reserve handler %d",
              t.name(), hbOcc, dfOcc, hb));
        } else if (dfOcc >= params.minOccupancy() && dfOcc > params.occupancyCoefficient() * hbOcc && hb > df
            && Reservations.canRelease(hbasePeak, hb)) {
          hb--;
          reasons.add(String.format("%s: waits at the DataNode (occupancy hdfs %.2f > %.1f x hbase %.2f): release a handler",
              t.name(), dfOcc, params.occupancyCoefficient(), hbOcc));
        } else if (slack && hbOcc <= params.idleOccupancy() && hb > 0 && Reservations.canRelease(hbasePeak, hb)) {
          hb--;
          reasons.add(String.format("%s: at its target, HBase queue idle (occupancy %.3f): release a handler", t.name(), hbOcc));
        }
        // DataNode: Algorithm 1's reservation, when the new shares are not enough by its model.
        if (missed && lowLoadHdfs && dfOcc >= params.minOccupancy() && t.predicted() < params.lowPerformance()
            && df < hdfsLeft) {
          df++;
          reasons.add(String.format("%s: missed waiting at the DataNode (occupancy %.2f) at a load share cannot help (%.2f slots busy), shares predicted short (perf %.2f): reserve slot %d",
              t.name(), dfOcc, hdfsPeak, t.predicted(), df));
        } else if (slack && dfOcc <= params.idleOccupancy() && df > 0 && Reservations.canRelease(hdfsPeak, df)) {
          df--;
          reasons.add(String.format("%s: at its target, DataNode queue idle (occupancy %.3f): release a slot", t.name(), dfOcc));
        }
      }
      hbaseLeft -= hb;
      hdfsLeft -= df;
      out.put(t.name(), new Held(hb, df, hbasePeak, hdfsPeak));
    }
    return new Result(out, reasons);
  }

  /**
   * The tenant's recent peak load is at most half of what its share of the slots gives it: under
   * fair queuing it is then served ahead whenever it waits, so more share would not serve it
   * sooner; what it waits for is a slot to free, which only a reservation holds for it (Cake's Fig.
   * 8: reservations matter at low load). A tenant at or over its share is share-bound, as every
   * tenant is under overload, where a reservation would favour it over the weights.
   */
  static boolean lowLoad(double peakBusy, int slots, double share) {
    return peakBusy <= LOW_LOAD * share * slots;
  }
}
