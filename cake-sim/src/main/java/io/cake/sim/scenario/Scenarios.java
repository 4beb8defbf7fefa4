package io.cake.sim.scenario;

import io.cake.sim.scenario.Scenario.Judge;
import io.cake.sim.scenario.Scenario.SloChange;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleUnaryOperator;

/**
 * The named scenarios: what the cluster experiments cover (docs/evaluation.md), as the simulator
 * plays them, plus what none of them covers (a tenant joining, an SLO tightened live, and a grid
 * of workloads away from the defaults). Rates, thread counts and SLO factors follow the bench's
 * defaults; where the simulator's cheaper stack needs more load for the same effect (overload),
 * the summary says so.
 */
public final class Scenarios {
  /** 200 s: 8 intervals to converge, 32 judged (the bench judges 20). */
  static final int INTERVALS = 40;
  /** 240 s, as the bench's overload and the scenarios that change mid-run. */
  static final int LONG = 48;
  /** When something changes in the scenarios that change mid-run: after 80 s. */
  static final int CHANGE_AT = 16;

  private static final String FRONT = "frontend";
  private static final Regime HDD = Regime.HDD;

  private Scenarios() {}

  public static List<Scenario> all() {
    List<Scenario> out = new ArrayList<>();
    for (double f : new double[] {1.5, 2, 4}) {
      out.add(one("hdd-" + factor(f), "hdd, one front end at " + factor(f) + " its isolated p99 beside 12 scanners",
          HDD, FrontEnd.constant(FRONT, HDD.frontRate(), f), HDD.batchThreads(), INTERVALS));
    }
    out.add(one("cpu-2x", "handler-bound (the memory regime without CPU contention), SLO 2x",
        Regime.CPU, FrontEnd.constant(FRONT, Regime.CPU.frontRate(), 2), Regime.CPU.batchThreads(), INTERVALS));
    out.add(one("diurnal-2x", "hdd, the front end's rate from 0.5x up to 1.5x and back over the run, SLO 2x",
        HDD, new FrontEnd(FRONT, HDD.frontRate(), diurnal(INTERVALS), 99, 2, 1, 0, 1, false), HDD.batchThreads(), INTERVALS));
    out.add(one("spike-2x", "hdd, the front end at 0.2x, 2x for the middle third of the run, then 0.2x, SLO 2x",
        HDD, new FrontEnd(FRONT, HDD.frontRate(), spike(INTERVALS), 99, 2, 1, 0, 1, false), HDD.batchThreads(), INTERVALS));
    out.add(tenants("multi-tenant", "three front ends (10, 15, 20 req/s; weights 1, 1, 2; SLOs 2x, 3x, 4x)",
        threeFrontEnds(1), INTERVALS, List.of(), Judge.SLO));
    out.add(tenants("overload", "the three at 8x their rates (1.1x what the disks serve; the bench's 3x on a"
            + " slower stack); SLOs from their normal rates; judged by weighted badness within 20%",
        threeFrontEnds(8), LONG, List.of(), Judge.WEIGHTED_SPREAD));
    List<FrontEnd> mis = new ArrayList<>(threeFrontEnds(1));
    mis.set(0, new FrontEnd(FRONT, 10, FrontEnd.FLAT, 99, 2, 1, 0, 3, true));
    out.add(tenants("misbehaving", "the three, frontend at 3x its rate with a contract at its normal rate"
        + " (calls over it go best effort); its in-contract calls judged", mis, INTERVALS, List.of(), Judge.SLO));
    List<FrontEnd> bursty = new ArrayList<>(threeFrontEnds(1));
    bursty.set(0, new FrontEnd(FRONT, 10, onOff(), 99.9, 2, 1, 0, 1, false));
    out.add(tenants("bursty-p99.9", "the three, frontend on-off (3x for 5 s in every 20, a third between) with a"
        + " p99.9 SLO at 2x its isolated p99.9", bursty, INTERVALS, List.of(), Judge.SLO));
    out.add(tenants("join", "hdd, frontend alone at 2x; frontend-b (30 req/s, SLO 2x) joins after 80 s",
        List.of(FrontEnd.constant(FRONT, HDD.frontRate(), 2),
            new FrontEnd("frontend-b", HDD.frontRate(), FrontEnd.FLAT, 99, 2, 1, CHANGE_AT, 1, false)), LONG, List.of(), Judge.SLO));
    out.add(tenants("tighten", "hdd, one front end at 4x, its SLO set to 1.5x live after 80 s",
        List.of(FrontEnd.constant(FRONT, HDD.frontRate(), 4)), LONG,
        List.of(new SloChange(FRONT, CHANGE_AT, 1.5)), Judge.SLO));
    out.addAll(grid());
    return out;
  }

  /**
   * Front-end rates, batch thread counts and SLO factors from half to one and a half times the
   * defaults (SLOs 1.5x to 4x): 27 hdd workloads, none of them the one the controller was tuned on.
   */
  static List<Scenario> grid() {
    List<Scenario> out = new ArrayList<>();
    for (double rate : new double[] {0.5, 1, 1.5}) {
      for (double threads : new double[] {0.5, 1, 1.5}) {
        for (double f : new double[] {1.5, 2, 4}) {
          int r = (int) Math.round(HDD.frontRate() * rate);
          int b = (int) Math.round(HDD.batchThreads() * threads);
          out.add(one("grid-r" + r + "-b" + b + "-" + factor(f),
              "hdd, " + r + " req/s, " + b + " scanners, SLO " + factor(f),
              HDD, FrontEnd.constant(FRONT, r, f), b, INTERVALS));
        }
      }
    }
    return out;
  }

  private static String factor(double f) {
    return (f == Math.rint(f) ? String.valueOf((int) f) : String.valueOf(f)) + "x";
  }

  private static Scenario one(String name, String summary, Regime r, FrontEnd f, int batch, int intervals) {
    return new Scenario(name, summary, r, List.of(f), batch, intervals, List.of(), Judge.SLO);
  }

  private static Scenario tenants(String name, String summary, List<FrontEnd> f, int intervals,
      List<SloChange> changes, Judge judge) {
    return new Scenario(name, "hdd, " + summary, HDD, f, HDD.batchThreads(), intervals, changes, judge);
  }

  /** The bench's tenant experiments' front ends sending {@code times} their rates, their SLOs from their own. */
  private static List<FrontEnd> threeFrontEnds(double times) {
    return List.of(
        new FrontEnd(FRONT, 10, FrontEnd.FLAT, 99, 2, 1, 0, times, false),
        new FrontEnd("frontend-b", 15, FrontEnd.FLAT, 99, 3, 1, 0, times, false),
        new FrontEnd("frontend-c", 20, FrontEnd.FLAT, 99, 4, 2, 0, times, false));
  }

  /** 0.5x at the start, 1.5x half way, 0.5x at the end. */
  static DoubleUnaryOperator diurnal(int intervals) {
    double period = (double) intervals * Scenario.INTERVAL_S;
    return t -> 1 - 0.5 * Math.cos(2 * Math.PI * t / period);
  }

  /** 0.2x, 2x for the middle third, 0.2x. */
  static DoubleUnaryOperator spike(int intervals) {
    double third = intervals * Scenario.INTERVAL_S / 3.0;
    return t -> t >= third && t < 2 * third ? 2.0 : 0.2;
  }

  /** 3x for 5 s in every 20, a third of it between. */
  static DoubleUnaryOperator onOff() {
    return t -> t % 20 < 5 ? 3.0 : 1.0 / 3;
  }
}
