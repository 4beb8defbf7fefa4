package io.cake.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.cake.controller.config.SloTarget;
import io.cake.controller.loop.FirstLevelPort;
import io.cake.controller.loop.SecondLevelController;
import io.cake.controller.policy.ControllerParams;
import io.cake.controller.policy.SloDecider;
import io.cake.controller.policy.minimax.ManyTenantParams;
import io.cake.controller.policy.minimax.MinimaxShares;
import io.cake.core.metrics.LatencySummary;
import io.cake.core.sched.Allocation;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * The bench's {@code overload} experiment as the simulator can play it: three open-loop front ends
 * at the cluster's ratio of rates (1 : 1.5 : 2, weights 1, 1 and 2), each sent through 64 client
 * threads as the bench's generator sends them, judged as the bench judges them (the client's p99
 * from when each request was due, per 5 s window, the controller deciding every 5 s, the first 3
 * intervals skipped). The client threads are what sets this apart from {@link
 * ManyTenantSimulationTest}'s overload: a tenant starved below its rate keeps all 64 busy, its
 * backlog waits at the client, and the RegionServer, the controller's only view, sees 64
 * requests queued and a p99 that stops growing.
 */
class BoundedClientOverloadSimulationTest {
  // The hardware, the front ends, their SLOs and weights (1, 1 and 2): ManyTenantSimulationTest's.
  private static final Hardware HARDWARE = ManyTenantSimulationTest.HARDWARE;
  private static final List<String> FRONT = ManyTenantSimulationTest.FRONT;
  private static final List<SloTarget> SLOS = ManyTenantSimulationTest.SLOS;
  private static final long INTERVAL_NANOS = 5_000_000_000L;
  private static final int SKIPPED = 3;
  /** 90 s of 5 s intervals: a short controller run, against the bench's 240 s ({@link #LONG_INTERVALS}). */
  private static final int INTERVALS = 18;
  /**
   * 240 s of 5 s intervals: long enough to hold several of the heavy tenant's swings, so the
   * verdict does not hang on where one falls (docs/decisions/0021-overload-judged-per-window.md).
   */
  private static final int LONG_INTERVALS = 48;
  /** Requests of 8 chunks of 4 ms on 6 disk slots: 187.5 a second is all the disks serve. */
  private static final double CAPACITY = HARDWARE.hdfsSlots() * 1000 / HARDWARE.chunkMs() / 8;

  /**
   * Per front end, mean weighted badness per window after convergence, as the client saw it and as
   * the controller did, and the client's over the judged windows as one (its p99 of them all).
   */
  record Outcome(double[] client, double[] server, double[] whole) {
    /** Frosting's spread: the largest badness over the smallest. */
    static double spread(double[] b) {
      return Arrays.stream(b).max().orElseThrow() / Arrays.stream(b).min().orElseThrow();
    }

    @Override
    public String toString() {
      return String.format("client %.2f/%.2f/%.2f (spread %.2f), server %.2f/%.2f/%.2f (%.2f)",
          client[0], client[1], client[2], spread(client), server[0], server[1], server[2], spread(server));
    }
  }

  /** The controller decides the shares; or, with {@code heavyShare} in (0, 1), nothing does. */
  private static final double CONTROLLER = Double.NaN;

  /**
   * @param overload the front ends' demand over what the disks serve
   * @param threads client threads per front end (0: none, every request sent when due)
   * @param intervals how many 5 s intervals the controller decides and the clients are judged over
   */
  static Outcome run(double overload, int threads, long seed, ManyTenantParams params, int intervals) {
    return run(overload, threads, seed, params, intervals, SKIPPED, CONTROLLER);
  }

  /**
   * @param skipped the first intervals not judged
   * @param heavyShare NaN: the controller decides; else the heaviest tenant c's share, fixed, the
   *     other two front ends splitting the rest but the least share evenly, and the tenants without
   *     a goal held to one handler in service as the controller holds them under overload (the
   *     server-side badness is then NaN: no controller measured it)
   */
  private static Outcome run(
      double overload, int threads, long seed, ManyTenantParams params, int intervals, int skipped, double heavyShare) {
    double unit = overload * CAPACITY / 4.5; // rates 1, 1.5 and 2 units
    double[] rate = {unit, 1.5 * unit, 2 * unit};
    List<Workload> work = new ArrayList<>();
    for (int k = 0; k < 3; k++) {
      double r = rate[k];
      Workload w = Workload.open(FRONT.get(k), t -> r, 0.5, 8);
      work.add(threads > 0 ? w.withClientThreads(threads) : w);
    }
    work.add(Workload.closed("batch", 8, 1.0, 64));
    SimulatedCluster sim = new SimulatedCluster(HARDWARE, work, seed);
    boolean fixed = !Double.isNaN(heavyShare);
    double least = 0.005;
    double rest = (1 - heavyShare - least) / 2;
    sim.setAllocation(fixed ? new Allocation(Map.of("a", rest, "b", rest, "c", heavyShare, "batch", least), Map.of(), least)
        : new Allocation(Map.of("a", 1.0, "b", 1.0, "c", 1.0, "batch", 1.0), Map.of(), least));
    SecondLevelController.HBasePort hb = sim.hbasePort();
    FirstLevelPort df = sim.hdfsPort();
    if (fixed) {
      try {
        hb.setOthersInService(Set.copyOf(FRONT), 1);
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e); // in memory: never
      }
    }
    SecondLevelController controller = SecondLevelController.inProcess(
        () -> hb, () -> df, new SloDecider(ControllerParams.DEFAULTS.withLanes(0)), SLOS.get(0));
    controller.setSlos(SLOS);
    controller.setManyTenantParams(params);
    sim.start();
    double[] client = new double[3];
    double[] server = new double[3];
    Histogram[] judgedLatency = new Histogram[3];
    int judged = intervals - skipped;
    for (int i = 0; i < intervals; i++) {
      sim.runUntil((i + 1) * INTERVAL_NANOS);
      sim.roll();
      SecondLevelController.Outcome o = fixed ? null : controller.tick();
      if (!fixed) {
        assertThat(o.plan()).as("interval %d: %s", i, o.summary()).isNotNull();
      }
      for (int k = 0; k < 3; k++) {
        Histogram h = sim.takeLatency(FRONT.get(k));
        double clientMs = LatencySummary.percentileMs(h, 99);
        if (i >= skipped) {
          client[k] += badness(k, clientMs) / judged;
          server[k] += fixed ? Double.NaN : badness(k, o.measured(FRONT.get(k)).value()) / judged;
          if (judgedLatency[k] == null) {
            judgedLatency[k] = h.copy();
          } else {
            judgedLatency[k].add(h);
          }
        }
      }
    }
    double[] whole = new double[3];
    for (int k = 0; k < 3; k++) {
      whole[k] = badness(k, LatencySummary.percentileMs(judgedLatency[k], 99));
    }
    return new Outcome(client, server, whole);
  }

  /** Frosting's weighted badness, 0 when met; a window without a measurement counts as met. */
  private static double badness(int k, double ms) {
    return Double.isFinite(ms) ? ManyTenantSimulationTest.badness(k, ms) : 0;
  }

  /** Seeds 1..{@code seeds} of the bench's overload with 64 client threads, each {@code run} as given. */
  private static List<Outcome> bySeed(
      double overload, int seeds, ManyTenantParams params, int intervals, int skipped, double heavyShare) {
    List<Outcome> out = new ArrayList<>();
    for (int seed = 1; seed <= seeds; seed++) {
      out.add(run(overload, 64, seed, params, intervals, skipped, heavyShare));
    }
    return out;
  }

  /** Per seed 1..{@code seeds}, the spread of the client's weighted badness per window. */
  private static double[] spreads(double overload, int seeds, ManyTenantParams params, int intervals) {
    return bySeed(overload, seeds, params, intervals, SKIPPED, CONTROLLER).stream()
        .mapToDouble(o -> Outcome.spread(o.client())).toArray();
  }

  private static long countWithin(double[] spreads, double bound) {
    return Arrays.stream(spreads).filter(x -> x <= bound).count();
  }

  /** The damped steps (the defaults) against Frosting's fixed step, at 1.2x and 1.4x: seeds within 1.2 and spreads summed. */
  record Screen(long damped, long fixed, double dampedSum, double fixedSum, List<String> seen) {}

  /** The bench's overload with 64 client threads, {@code intervals} of 5 s, seeds 1..n of each policy. */
  private static Screen screen(int intervals, int dampedSeeds, int fixedSeeds) {
    List<String> seen = new ArrayList<>();
    long damped = 0;
    long fixed = 0;
    double dampedSum = 0;
    double fixedSum = 0;
    for (double overload : new double[] {1.2, 1.4}) {
      double[] a = spreads(overload, dampedSeeds, ManyTenantParams.DEFAULTS, intervals);
      double[] b = spreads(overload, fixedSeeds, fixedStep(), intervals);
      damped += countWithin(a, 1.2);
      fixed += countWithin(b, 1.2);
      dampedSum += Arrays.stream(a).sum();
      fixedSum += Arrays.stream(b).sum();
      seen.add(String.format("%.1fx: damped %d of %d within 1.2 (mean %.3f) %s, fixed %d of %d %s", overload,
          countWithin(a, 1.2), dampedSeeds, Arrays.stream(a).average().orElseThrow(), Arrays.toString(round(a)),
          countWithin(b, 1.2), fixedSeeds, Arrays.toString(round(b))));
    }
    return new Screen(damped, fixed, dampedSum, fixedSum, seen);
  }

  @Test
  void theClientsThreadsHideAStarvedTenantsBacklogFromTheRegionServer() {
    Outcome bounded = run(1.4, 64, 1, ManyTenantParams.DEFAULTS, INTERVALS);
    Outcome open = run(1.4, 0, 1, ManyTenantParams.DEFAULTS, INTERVALS);
    // With 64 threads the controller sees a and b better off than their clients do; without
    // them both see the same.
    System.out.println("bounded clients, overload 1.4x, seed 1: 64 threads " + bounded + "; none " + open);
    for (int k = 0; k < 3; k++) {
      assertThat(open.server[k]).as("without client threads the RegionServer sees what the client does: %s", open)
          .isCloseTo(open.client[k], within(0.02));
    }
    // a and b, starved below their rates: 64 requests at the RegionServer, the rest at the client.
    for (int k = 0; k < 2; k++) {
      assertThat(bounded.server[k]).as("tenant %s looks better off to the controller: %s", FRONT.get(k), bounded)
          .isLessThan(bounded.client[k] - 0.03);
    }
  }

  @Test
  void judgedAsTheBenchJudgesItDampedStepsMeetFrostingsTwentyPercentOftenAndTheFixedStepRarely() {
    Screen s = screen(INTERVALS, 12, 12);
    System.out.println("bounded clients, overload, as the bench judges it: " + s.seen());
    // Damped steps keep most seeds within 1.2 and Frosting's fixed step few, as on the hdd
    // cluster (docs/decisions/0018-step-damping.md).
    assertThat(s.damped()).as("%s", s.seen()).isGreaterThanOrEqualTo(12);
    assertThat(s.fixed()).as("%s", s.seen()).isLessThanOrEqualTo(5);
    assertThat(s.dampedSum()).as("%s", s.seen()).isLessThan(s.fixedSum());
  }

  @Test
  void overTheBenchsLongerRunDampedStepsMeetFrostingsTwentyPercentInNearlyEverySeed() {
    Screen s = screen(LONG_INTERVALS, 24, 12);
    System.out.println("bounded clients, overload, 240 s as the bench runs it now: " + s.seen());
    // Damped at the least step 0.02 nearly every seed is within 1.2, at Frosting's fixed step few
    // (docs/decisions/0018-step-damping.md). The swing does not settle in 240 s either; it only
    // fits more whole swings.
    assertThat(s.damped()).as("%s", s.seen()).isGreaterThanOrEqualTo(44);
    assertThat(s.fixed()).as("%s", s.seen()).isLessThanOrEqualTo(6);
  }

  /** Per setting, seeds within 1.2 and the mean spread: per window as the bench judges, and over the judged windows as one. */
  record Judged(long perWindow, double perWindowMean, long whole, double wholeMean) {
    static Judged of(List<Outcome> runs) {
      double[] pw = runs.stream().mapToDouble(o -> Outcome.spread(o.client())).toArray();
      double[] wh = runs.stream().mapToDouble(o -> Outcome.spread(o.whole())).toArray();
      return new Judged(countWithin(pw, 1.2), Arrays.stream(pw).average().orElseThrow(), countWithin(wh, 1.2),
          Arrays.stream(wh).average().orElseThrow());
    }

    @Override
    public String toString() {
      return String.format("per window %d (%.2f), whole %d (%.2f)", perWindow, perWindowMean, whole, wholeMean);
    }
  }

  /**
   * Is the heavy tenant's swing the controller's doing? Against it, every fixed share of c in a
   * band 0.05 wide about the share its load needs (0.455-0.505 at 1.2x, 0.505-0.555 at 1.4x; the
   * other two front ends split the rest), 320 s, the first 80 s not judged (a fixed share's start
   * is a backlog of its own). With c at its load's share the disks serve c at a utilisation near 1,
   * where c's p99 over a 5 s window is mostly chance: a fixed share meets Frosting's 20% per window
   * only in a narrow band, and not in every seed there; below it c is starved, above it served far
   * too well. The controller meets it in every seed. Over the judged windows as one the best fixed
   * shares do better than the controller: that is its swing's cost
   * (docs/decisions/0018-step-damping.md).
   */
  @Test
  void noFixedShareOfTheHeavyTenantMeetsFrostingsTwentyPercentPerWindowAsOftenAsTheController() {
    int seeds = 4;
    int intervals = 64;
    int skipped = 16;
    List<String> seen = new ArrayList<>();
    for (double[] o : new double[][] {{1.2, 0.455}, {1.4, 0.505}}) {
      double overload = o[0];
      Judged controller = Judged.of(bySeed(overload, seeds, ManyTenantParams.DEFAULTS, intervals, skipped, CONTROLLER));
      seen.add(String.format("%.1fx controller: %s", overload, controller));
      Judged best = null;
      for (int k = 0; k <= 10; k++) {
        double share = o[1] + 0.005 * k;
        Judged j = Judged.of(bySeed(overload, seeds, ManyTenantParams.DEFAULTS, intervals, skipped, share));
        seen.add(String.format("%.1fx c fixed at %.3f: %s", overload, share, j));
        best = best == null || j.perWindowMean() < best.perWindowMean() ? j : best;
      }
      // The controller within 1.2 in every seed, the best fixed share in fewer and worse on average.
      assertThat(controller.perWindow()).as("%s", seen).isEqualTo(seeds);
      assertThat(best.perWindow()).as("%s", seen).isLessThan(controller.perWindow());
      assertThat(controller.perWindowMean()).as("%s", seen).isLessThan(best.perWindowMean());
    }
    System.out.println("bounded clients, overload, the controller against fixed shares of c: " + String.join("; ", seen));
  }

  /** The defaults with Frosting's fixed step: no damping. */
  private static ManyTenantParams fixedStep() {
    ManyTenantParams d = ManyTenantParams.DEFAULTS;
    return new ManyTenantParams(new MinimaxShares.Params(d.shares().step(), d.shares().target(),
        d.shares().minShare(), 1.0), d.fitWindow(), d.loadMargin(), d.othersCap(), d.peaks(), d.cutOnEveryMiss(),
        d.reservations());
  }

  private static double[] round(double[] xs) {
    return Arrays.stream(xs).map(x -> Math.round(x * 100) / 100.0).toArray();
  }
}
