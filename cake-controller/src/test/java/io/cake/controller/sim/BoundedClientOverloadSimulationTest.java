package io.cake.controller.sim;

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
  private static final SimulatedCluster.Hardware HARDWARE = ManyTenantSimulationTest.HARDWARE;
  private static final List<String> FRONT = ManyTenantSimulationTest.FRONT;
  private static final List<SloTarget> SLOS = ManyTenantSimulationTest.SLOS;
  private static final long INTERVAL_NANOS = 5_000_000_000L;
  private static final int SKIPPED = 3;
  /** 90 s of 5 s intervals, as the bench's controller run at default scale before ccf9bfe. */
  private static final int INTERVALS = 18;
  /** 240 s of 5 s intervals, as the bench's overload experiment runs the controller now. */
  private static final int LONG_INTERVALS = 48;
  /** Requests of 8 chunks of 4 ms on 6 disk slots: 187.5 a second is all the disks serve. */
  private static final double CAPACITY = HARDWARE.hdfsSlots() * 1000 / HARDWARE.chunkMs() / 8;

  /** Per front end, mean weighted badness per window after convergence: as the client saw it, and as the controller did. */
  record Outcome(double[] client, double[] server) {
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

  /**
   * @param overload the front ends' demand over what the disks serve
   * @param threads client threads per front end (0: none, every request sent when due)
   */
  static Outcome run(double overload, int threads, long seed, ManyTenantParams params) {
    return run(overload, threads, seed, params, INTERVALS);
  }

  /** The same over {@code intervals} intervals of 5 s. */
  static Outcome run(double overload, int threads, long seed, ManyTenantParams params, int intervals) {
    double unit = overload * CAPACITY / 4.5; // rates 1, 1.5 and 2 units
    double[] rate = {unit, 1.5 * unit, 2 * unit};
    List<SimulatedCluster.Workload> work = new ArrayList<>();
    for (int k = 0; k < 3; k++) {
      double r = rate[k];
      SimulatedCluster.Workload w = SimulatedCluster.Workload.open(FRONT.get(k), t -> r, 0.5, 8);
      work.add(threads > 0 ? w.withClientThreads(threads) : w);
    }
    work.add(SimulatedCluster.Workload.closed("batch", 8, 1.0, 64));
    SimulatedCluster sim = new SimulatedCluster(HARDWARE, work, seed);
    sim.setAllocation(new Allocation(Map.of("a", 1.0, "b", 1.0, "c", 1.0, "batch", 1.0), Map.of(), 0.005));
    SecondLevelController.HBasePort hb = sim.hbasePort();
    FirstLevelPort df = sim.hdfsPort();
    SecondLevelController controller = SecondLevelController.inProcess(
        () -> hb, () -> df, new SloDecider(ControllerParams.DEFAULTS.withLanes(0)), SLOS.get(0));
    controller.setSlos(SLOS);
    controller.setManyTenantParams(params);
    sim.start();
    double[] client = new double[3];
    double[] server = new double[3];
    int judged = intervals - SKIPPED;
    for (int i = 0; i < intervals; i++) {
      sim.runUntil((i + 1) * INTERVAL_NANOS);
      sim.roll();
      SecondLevelController.Outcome o = controller.tick();
      assertThat(o.plan()).as("interval %d: %s", i, o.summary()).isNotNull();
      for (int k = 0; k < 3; k++) {
        double clientMs = LatencySummary.percentileMs(sim.takeLatency(FRONT.get(k)), 99);
        double serverMs = o.measured(FRONT.get(k)).value();
        if (i >= SKIPPED) {
          client[k] += badness(k, clientMs) / judged;
          server[k] += badness(k, serverMs) / judged;
        }
      }
    }
    return new Outcome(client, server);
  }

  /** Frosting's weighted badness, 0 when met; a window without a measurement counts as met. */
  private static double badness(int k, double ms) {
    return Double.isFinite(ms) ? ManyTenantSimulationTest.badness(k, ms) : 0;
  }

  /** Per seed 1..{@code seeds}, the spread of the client's weighted badness per window. */
  private static double[] spreads(double overload, int threads, int seeds, ManyTenantParams params) {
    return spreads(overload, threads, seeds, params, INTERVALS);
  }

  private static double[] spreads(double overload, int threads, int seeds, ManyTenantParams params, int intervals) {
    double[] out = new double[seeds];
    for (int seed = 1; seed <= seeds; seed++) {
      out[seed - 1] = Outcome.spread(run(overload, threads, seed, params, intervals).client);
    }
    return out;
  }

  private static long countWithin(double[] spreads, double bound) {
    return Arrays.stream(spreads).filter(x -> x <= bound).count();
  }

  @Test
  void theClientsThreadsHideAStarvedTenantsBacklogFromTheRegionServer() {
    Outcome bounded = run(1.4, 64, 1, ManyTenantParams.DEFAULTS);
    Outcome open = run(1.4, 0, 1, ManyTenantParams.DEFAULTS);
    // Seed 1: with 64 threads the clients saw 0.99/0.99/1.18, the controller 0.93/0.93/0.78;
    // without, both 0.99/0.99/0.71.
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
    ManyTenantParams d = ManyTenantParams.DEFAULTS;
    ManyTenantParams fixedStep = fixedStep();
    List<String> seen = new ArrayList<>();
    long damped = 0;
    long fixed = 0;
    double dampedSum = 0;
    double fixedSum = 0;
    for (double overload : new double[] {1.2, 1.4}) {
      double[] a = spreads(overload, 64, 12, d);
      double[] b = spreads(overload, 64, 12, fixedStep);
      damped += countWithin(a, 1.2);
      fixed += countWithin(b, 1.2);
      dampedSum += Arrays.stream(a).sum();
      fixedSum += Arrays.stream(b).sum();
      seen.add(String.format("%.1fx: damped %d of 12 within 1.2 %s, fixed %d %s", overload, countWithin(a, 1.2),
          Arrays.toString(round(a)), countWithin(b, 1.2), Arrays.toString(round(b))));
    }
    System.out.println("bounded clients, overload, as the bench judges it: " + seen);
    // Seeds 1-12: damped 9 and 6 of 12 (mean spread 1.16 and 1.21), Frosting's fixed step 3 and 0
    // (1.43 and 1.47); on the hdd cluster the damped steps met 1.2 in about two runs of three and
    // the fixed step's seven runs gave 1.13-1.52 (docs/benchmarks.md, overload).
    assertThat(damped).as("%s", seen).isGreaterThanOrEqualTo(12);
    assertThat(fixed).as("%s", seen).isLessThanOrEqualTo(5);
    assertThat(dampedSum).as("%s", seen).isLessThan(fixedSum);
  }

  @Test
  void overTheBenchsLongerRunDampedStepsMeetFrostingsTwentyPercentInNearlyEverySeed() {
    List<String> seen = new ArrayList<>();
    long damped = 0;
    long fixed = 0;
    for (double overload : new double[] {1.2, 1.4}) {
      double[] a = spreads(overload, 64, 24, ManyTenantParams.DEFAULTS, LONG_INTERVALS);
      double[] b = spreads(overload, 64, 12, fixedStep(), LONG_INTERVALS);
      damped += countWithin(a, 1.2);
      fixed += countWithin(b, 1.2);
      seen.add(String.format("%.1fx: damped %d of 24 within 1.2 (mean %.3f) %s, fixed %d of 12 %s", overload,
          countWithin(a, 1.2), Arrays.stream(a).average().orElseThrow(), Arrays.toString(round(a)), countWithin(b, 1.2),
          Arrays.toString(round(b))));
    }
    System.out.println("bounded clients, overload, 240 s as the bench runs it now: " + seen);
    // Damped, least step 0.02: 24 and 22 of 24 (mean 1.07 and 1.09); 0.01 gave 22 and 24, 0.05 19
    // and 5 (docs/benchmarks.md, "overload: a shorter swing"). Frosting's fixed step: 3 and 1 of 12.
    // The swing does not settle in 240 s either; it only fits more whole swings.
    assertThat(damped).as("%s", seen).isGreaterThanOrEqualTo(44);
    assertThat(fixed).as("%s", seen).isLessThanOrEqualTo(6);
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
