package io.cake.controller.policy;

import io.cake.core.sched.Allocation;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Cake's second level (section 5.3) for one SLO tenant or many, as one path of small pure stages.
 * One SLO tenant is N = 1 of it; nothing in it asks how many there are. Each stage reads the
 * interval's views ({@link Meter}) and what the stages before it decided, and returns its part:
 *
 * <ol>
 *   <li>{@link StepGuard}: judges the last interval's give-back, so every later stage knows
 *       whether it may give back;
 *   <li>{@link ReservationPolicy}: each tenant's reservations at both levels, the worst off first
 *       (largest weighted badness: under an overload the heaviest tenant would otherwise reserve
 *       every DataNode slot and keep them once it meets its SLO, and the weights buy nothing at
 *       the disks), before the share, since a reservation may do the share step's work;
 *   <li>{@link ShareStep}: each tenant's share by Algorithm 1's bounded linear step;
 *   <li>{@link LoadFloor}: no share below what the tenant's recent peak load needs, beside the
 *       reservations just decided;
 *   <li>{@link Arbitration}: when the tenants together ask for more than there is, shares by
 *       weighted minimax over the same models;
 *   <li>{@link OthersLimit}: the tenants without an SLO held back where share cannot help;
 *   <li>{@link PriorityLanes}: a lane per latency tenant, dropped while the SLOs cannot all be met
 *       (the weights decide then, not the order of the SLOs).
 * </ol>
 *
 * Pure: the state in, the plan (the next state with it) out; no clock, no threads.
 */
public final class Planner {
  private final ControllerParams params;

  public Planner(ControllerParams params) {
    this.params = params;
  }

  public ControllerParams params() {
    return params;
  }

  /**
   * @param views each SLO tenant's interval
   * @param hbaseBase, hdfsBase the allocations the controller started from: the weights the
   *     tenants without an SLO split their part by, and their reservations, kept
   * @param hbaseLoad, hdfsLoad the levels' loads, for the lanes and the others' handlers
   */
  public Plan plan(ControllerState state, Map<String, TenantView> views, Allocation hbaseBase, Allocation hdfsBase,
      ResourceLoad hbaseLoad, ResourceLoad hdfsLoad) {
    List<TenantView> order = new ArrayList<>(views.values());
    order.sort(Comparator.comparingDouble(TenantView::weight).reversed().thenComparing(TenantView::tenant));
    int hdfsOthers = hdfsBase.totalReserved();
    int hbaseOthers = hbaseBase.totalReserved();
    for (TenantView v : order) {
      hdfsOthers -= hdfsBase.reservation(v.tenant());
      hbaseOthers -= hbaseBase.reservation(v.tenant());
    }
    // Guard and reservations, the worst off first (largest weighted badness), within what is left.
    List<TenantView> neediest = new ArrayList<>(order);
    neediest.sort(Comparator.comparingDouble(Planner::badness).reversed().thenComparing(TenantView::weight,
        Comparator.reverseOrder()).thenComparing(TenantView::tenant));
    Map<String, TenantState> before = new LinkedHashMap<>();
    Map<String, StepGuard.Verdict> guards = new LinkedHashMap<>();
    Map<String, ReservationPolicy.Result> reserved = new LinkedHashMap<>();
    int hdfsTaken = hdfsOthers;
    int hbaseTaken = hbaseOthers;
    for (TenantView v : neediest) {
      TenantState s = withPeaks(state.tenants().get(v.tenant()), v, hbaseBase, hdfsBase);
      before.put(v.tenant(), s);
      StepGuard.Verdict g = StepGuard.judge(s, v.performance(), params.lowPerformance());
      guards.put(v.tenant(), g);
      ReservationPolicy.Result r = ReservationPolicy.next(s, v, g, hdfsTaken, hbaseTaken, params);
      reserved.put(v.tenant(), r);
      hdfsTaken += r.hdfsReserved();
      hbaseTaken += r.hbaseReserved();
    }
    // Shares and floors.
    List<Arbitration.Claim> claims = new ArrayList<>();
    Map<String, ShareStep.Result> steps = new LinkedHashMap<>();
    Map<String, Double> floors = new LinkedHashMap<>();
    double floorSum = 0;
    for (TenantView v : order) {
      TenantState s = before.get(v.tenant());
      ReservationPolicy.Result r = reserved.get(v.tenant());
      ShareStep.Result step = ShareStep.next(s, v, guards.get(v.tenant()), r, params);
      steps.put(v.tenant(), step);
      double floor = LoadFloor.share(s, v.obs(), r.hdfsReserved(), r.hbaseReserved(),
          hdfsTaken - r.hdfsReserved(), hbaseTaken - r.hbaseReserved(), params);
      floors.put(v.tenant(), floor);
      floorSum += floor;
      claims.add(new Arbitration.Claim(v.tenant(), v.weight(), s.share(), Math.max(step.share(), floor), floor,
          v.performance()));
    }
    Arbitration.Result settled = Arbitration.settle(claims);
    // The others' limit.
    List<String> spent = new ArrayList<>();
    boolean holding = false;
    for (Arbitration.Claim c : claims) {
      // Share cannot help a tenant the arbitration cut, nor one that already held nearly all of
      // it and could reserve no DataNode slot more.
      boolean cut = settled.shares().get(c.tenant()) < c.wanted() - 1e-9;
      boolean full = c.share() >= params.reserveAboveShare()
          && reserved.get(c.tenant()).hdfsReserved() <= before.get(c.tenant()).hdfsReserved();
      if (cut || full) {
        spent.add(c.tenant());
      }
      holding |= guards.get(c.tenant()).holding();
    }
    OthersLimit.Result limit = OthersLimit.next(state.othersLimit(), order, spent, hbaseLoad.slots(),
        othersBusy(hbaseLoad, views.keySet()), hbaseTaken - hbaseOthers, floorSum, holding, params);
    // Lanes.
    PriorityLanes.Sized lanes = lanes(state.lanes(), order, hbaseLoad, hdfsLoad);
    if (!settled.feasible()) {
      lanes = lanes.withoutLanes();
    }
    // The next state and the allocations.
    Map<String, TenantState> next = new LinkedHashMap<>();
    Map<String, Double> shares = new LinkedHashMap<>();
    Map<String, Integer> hdfsRes = new LinkedHashMap<>();
    Map<String, Integer> hbaseRes = new LinkedHashMap<>();
    List<Plan.TenantLine> lines = new ArrayList<>();
    for (TenantView v : order) {
      String t = v.tenant();
      TenantState s = before.get(t);
      ReservationPolicy.Result r = reserved.get(t);
      ShareStep.Result step = steps.get(t);
      double share = TenantState.clampShare(settled.shares().get(t));
      List<String> reasons = new ArrayList<>();
      if (!guards.get(t).reason().isEmpty()) {
        reasons.add(guards.get(t).reason());
      }
      if (!step.reason().isEmpty()) {
        reasons.add(step.reason());
      }
      reasons.addAll(r.reasons());
      if (floors.get(t) > step.share()) {
        reasons.add(LoadFloor.reason(step.share(), floors.get(t), s, params));
      }
      if (settled.overloaded() && Math.abs(share - claims.get(lines.size()).wanted()) > 1e-9) {
        reasons.add(String.format("settled by weight at %.1f%%", 100 * share));
      }
      boolean probe = (step.giveBack() && share < s.share()) || r.probe() || limit.probe();
      StepGuard.Verdict g = guards.get(t);
      TenantState after = new TenantState(share, r.hdfsReserved(), r.hbaseReserved(), s.hbasePeak(), s.hdfsPeak(),
          g.hold(), g.backoff(), probe);
      next.put(t, after);
      shares.put(t, share);
      hdfsRes.put(t, r.hdfsReserved());
      hbaseRes.put(t, r.hbaseReserved());
      lines.add(new Plan.TenantLine(v, s, after, reasons));
    }
    Allocation hb = AllocationMapper.map(shares, hbaseRes, hbaseBase).withLanes(lanes.hbase());
    Allocation df = AllocationMapper.map(shares, hdfsRes, hdfsBase).withLanes(lanes.hdfs());
    String lanesText = lanes.hbase().isEmpty() && lanes.hdfs().isEmpty() ? "" : lanes.describe();
    return new Plan(new ControllerState(next, limit.handlers(), lanes.state(), settled.overloaded()), hb, df, new TreeSet<>(views.keySet()),
        lines, limit.reason(), settled.overloaded(), settled.feasible(), lanesText);
  }

  /** {@code s} (or, for a tenant new to the controller, what the schedulers give it) with this interval's peaks. */
  private static TenantState withPeaks(TenantState s, TenantView v, Allocation hbaseBase, Allocation hdfsBase) {
    TenantState from = s != null ? s : TenantState.start(hdfsBase.fractionOfAll(v.tenant()),
        hdfsBase.reservation(v.tenant()), hbaseBase.reservation(v.tenant()));
    return new TenantState(from.share(), from.hdfsReserved(), from.hbaseReserved(),
        TenantState.nextPeak(from.hbasePeak(), v.obs().hbaseBusy()), TenantState.nextPeak(from.hdfsPeak(), v.obs().hdfsBusy()),
        from.hold(), from.backoff(), from.probing());
  }

  private PriorityLanes.Sized lanes(PriorityLanes.State s, List<TenantView> order, ResourceLoad hb, ResourceLoad df) {
    if (params.lanes() == 0.0) {
      return new PriorityLanes.Sized(Map.of(), Map.of(), PriorityLanes.State.EMPTY);
    }
    List<PriorityLanes.Tenant> tenants = order.stream()
        .map(v -> new PriorityLanes.Tenant(v.tenant(), v.target().goal(), v.weight())).toList();
    return new PriorityLanes(params.lanes()).next(s, tenants, hb, df);
  }

  /** Frosting's weighted badness w (1 - performance); 0 for a tenant not judged this interval. */
  static double badness(TenantView v) {
    return v.judged() ? v.weight() * (1 - v.performance()) : 0.0;
  }

  /** Mean handlers the tenants without an SLO kept busy at HBase. */
  static double othersBusy(ResourceLoad hbase, java.util.Set<String> slo) {
    double busy = 0;
    for (var e : hbase.tenants().entrySet()) {
      busy += slo.contains(e.getKey()) ? 0 : e.getValue().busy();
    }
    return busy;
  }
}
