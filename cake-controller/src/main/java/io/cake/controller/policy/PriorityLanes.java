package io.cake.controller.policy;

import io.cake.core.sched.Allocation;
import io.cake.core.sched.Lane;
import io.cake.core.tenant.Goal;
import io.cake.core.tenant.LatencyGoal;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Proactive burst handling beyond Cake, after PriorityMeister in its simplest form: every tenant
 * with a latency SLO gets a priority {@link Lane} at HBase and at the DataNode. Lanes are ranked
 * "bySLO" (PriorityMeister's baseline order): the tightest latency target first ({@link
 * #tightness}); ties by the larger weight, then by name. A lane is {@code factor} times the
 * tenant's recent peak load wide, in busy slots at that resource, rounded up, at least 1 and at
 * most all but one of the slots, less the recent peak loads of the lanes ranked below it. An
 * interval's load is the larger of its mean busy slots and its busiest second's ({@link
 * ResourceLoad.TenantLoad#busiestSecond}); the peak of it decays as the headroom's does ({@link
 * TenantState#nextPeak}).
 *
 * <p>Why the busiest second: a mean over the interval hides a burst. A burst that straddles two
 * intervals shows half its load in each, and a lane sized from that is half as wide as the next
 * burst wants (docs/decisions/0014-priority-lanes.md). A second inside the burst shows the burst's
 * load wherever it falls. Not the most calls outstanding at once: a tenant's queue under contention,
 * and every chunk of a multi-get, count in it, so it sizes nearly every lane at its bound and the
 * lanes become strict priority.
 *
 * <p>Why room for the lanes below: in a burst the first lane in the order would otherwise take the
 * slots the lower lanes' own steady loads need. PriorityMeister checks that each priority still
 * meets its SLO beside the bursts of those above it; here a lane simply stops where the loads
 * ranked below it begin; without that room the tenant ranked last pays for every burst above it.
 *
 * <p>Why: the reactive loop (Algorithms 1 and 2, the minimax) changes shares one interval after a
 * burst began, and a burst of one or two intervals is over by then. A lane serves the burst on the
 * next free slot, ahead of batch, without waiting for the controller or for the tenant's turn by
 * share. Why bounded: PriorityMeister bounds each priority with token buckets fitted to the
 * workload's arrivals, so a tenant that sends more than it was sized for cannot starve the rest.
 * Here the lane's width bounds the slots it holds at once, fitted to the load observed; beyond its
 * lane, a tenant is served by share. Token buckets fitted to each tenant's recent arrivals bound
 * nothing a width does not: re-fitted every interval, they bind only while a tenant sends more
 * than twice what it was lately seen to, and containing a tenant beyond a promise is what a
 * contract does (docs/decisions/0015-lane-token-buckets.md).
 *
 * <p>Not under overload: bySLO order serves the tightest SLOs first whatever the weights, which is
 * the opposite of Frosting's criterion (every tenant degrades by its weight) when the SLOs cannot
 * all be met: under overload lanes keep the tightest tenants' windows and give the heaviest none.
 * So the controller drops the lanes while its minimax says the SLOs are infeasible, and the
 * weights decide.
 *
 * <p>Why "tightest" is not just the milliseconds: PriorityMeister's workloads share one percentile,
 * ours need not. A p99.9 of 483 ms is a tighter promise than a p99 of 366 ms, though milliseconds
 * alone would rank it behind, since it bounds the slowest 0.1% instead of the slowest 1%. So
 * targets are compared as the p99 they
 * amount to under an exponential tail ({@link #tightness}), the simplest tail that makes
 * percentiles comparable without a measured distribution.
 *
 * <p>Pure: the peaks live in {@link State}, passed in and returned; no clock, no threads.
 */
public final class PriorityLanes {
  private final double factor;

  /** @param factor lane width in multiples of the recent peak load, in [1, 10] */
  public PriorityLanes(double factor) {
    if (!(factor >= 1.0 && factor <= 10.0)) {
      throw new IllegalArgumentException("lane factor must be in [1, 10], got " + factor);
    }
    this.factor = factor;
  }

  /** One tenant with a goal: lanes are for latency goals only. */
  public record Tenant(String name, Goal goal, double weight) {}

  /** Each tenant's recent peak load at each resource, in busy slots ({@link #load}). */
  public record State(Map<String, Double> hbasePeak, Map<String, Double> hdfsPeak) {
    public static final State EMPTY = new State(Map.of(), Map.of());

    public State {
      hbasePeak = Map.copyOf(hbasePeak);
      hdfsPeak = Map.copyOf(hdfsPeak);
    }
  }

  /** The lanes for each resource and the peaks they were sized from. */
  public record Sized(Map<String, Lane> hbase, Map<String, Lane> hdfs, State state) {
    /** No lanes, the peaks kept: for an interval in which lanes must not decide. */
    public Sized withoutLanes() {
      return new Sized(Map.of(), Map.of(), state);
    }

    public String describe() {
      return "lanes hbase " + (hbase.isEmpty() ? "none" : hbase) + " hdfs " + (hdfs.isEmpty() ? "none" : hdfs);
    }
  }

  /** The lanes after an interval with the given loads at HBase and at the DataNode. */
  public Sized next(State state, List<Tenant> tenants, ResourceLoad hbase, ResourceLoad hdfs) {
    List<Tenant> ranked = new ArrayList<>();
    for (Tenant t : tenants) {
      if (t.goal() instanceof LatencyGoal) {
        ranked.add(t);
      }
    }
    ranked.sort(Comparator.comparingDouble((Tenant t) -> tightness((LatencyGoal) t.goal()))
        .thenComparing(Comparator.comparingDouble(Tenant::weight).reversed())
        .thenComparing(Tenant::name));
    Map<String, Double> hbPeaks = new TreeMap<>();
    Map<String, Double> dfPeaks = new TreeMap<>();
    Map<String, Lane> hbLanes = new TreeMap<>();
    Map<String, Lane> dfLanes = new TreeMap<>();
    for (Tenant t : ranked) {
      String name = t.name();
      hbPeaks.put(name, TenantState.nextPeak(state.hbasePeak().getOrDefault(name, 0.0), load(hbase.tenant(name))));
      dfPeaks.put(name, TenantState.nextPeak(state.hdfsPeak().getOrDefault(name, 0.0), load(hdfs.tenant(name))));
    }
    // Lowest in the order first: each lane leaves room for the loads of the lanes ranked below it.
    double hbBelow = 0;
    double dfBelow = 0;
    for (int i = ranked.size() - 1; i >= 0; i--) {
      String name = ranked.get(i).name();
      double hb = hbPeaks.get(name);
      double df = dfPeaks.get(name);
      hbLanes.put(name, new Lane(i + 1, width(factor * hb, hbBelow, hbase.slots())));
      dfLanes.put(name, new Lane(i + 1, width(factor * df, dfBelow, hdfs.slots())));
      hbBelow += hb;
      dfBelow += df;
    }
    return new Sized(hbLanes, dfLanes, new State(hbPeaks, dfPeaks));
  }

  /**
   * A latency target as the p99 it amounts to if latency's tail is exponential: the q-th
   * percentile of an exponential is mean x ln(1 / (1 - q)), so a target of {@code ms} at q is a p99
   * of ms x ln(100) / ln(1 / (1 - q)). A p99 is its own milliseconds; a p99.9 of 450 ms is a p99 of
   * 300 ms; a p90 of 100 ms, of 200 ms. Smaller is tighter.
   */
  static double tightness(LatencyGoal goal) {
    double q = goal.percentile() / 100.0;
    return goal.millis() * Math.log(100.0) / Math.log(1.0 / (1.0 - q));
  }

  /** One interval's load in busy slots: the busiest second's if it was more than the mean. */
  static double load(ResourceLoad.TenantLoad t) {
    double mean = Double.isFinite(t.busy()) ? t.busy() : 0.0;
    double busiest = Double.isFinite(t.busiestSecond()) ? t.busiestSecond() : 0.0;
    return Math.max(mean, busiest);
  }

  /** The want, rounded up, within [1, all but the last slot]. */
  static int width(double wanted, int slots) {
    return width(wanted, 0.0, slots);
  }

  /** The want, rounded up, within [1, all but the last slot and the {@code below} lanes' load]. */
  static int width(double wanted, double below, int slots) {
    int most = Math.max(1, Allocation.maxReservable(slots));
    double room = most - below;
    return (int) Math.max(1, Math.min(Math.min(most, Math.ceil(room - 1e-9)), Math.ceil(wanted - 1e-9)));
  }
}
