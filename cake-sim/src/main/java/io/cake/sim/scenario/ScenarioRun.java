package io.cake.sim.scenario;

import io.cake.controller.policy.SloTarget;
import io.cake.controller.loop.FirstLevelPort;
import io.cake.controller.loop.SecondLevelController;
import io.cake.core.contract.Contract;
import io.cake.core.metrics.LatencySummary;
import io.cake.core.sched.Allocation;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.OperationType;
import io.cake.sim.SimulatedCluster;
import io.cake.sim.Workload;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleUnaryOperator;
import org.HdrHistogram.Histogram;

/**
 * One scenario, one seed, one policy, on the simulated cluster: what each interval measured, as
 * the bench measures it (the client's latency from when each request was due, per window).
 */
public final class ScenarioRun {
  public static final String BATCH = "batch";

  /** Who allocates. */
  public enum Policy {
    /** The controller as shipped, from equal shares. */
    CONTROLLER,
    /** No controller: every SLO tenant weighs 0.9, everything else 0.1 (the bench's cake-static). */
    STATIC,
    /** The front ends alone at their normal rates, equal shares: where the SLOs come from. */
    ISOLATED_FRONT_ENDS,
    /** Batch alone: what its share is a share of. */
    ISOLATED_BATCH
  }

  /**
   * Per tenant its latency at its SLO's percentile in each interval (NaN: no request), and its
   * latencies over the intervals it is judged in as one; batch chunks read per interval. A tenant
   * with a contract is timed at the RegionServer, its calls within the contract only.
   */
  public record Trace(Map<String, double[]> windowMs, Map<String, Histogram> judged, long[] batchChunks) {}

  private ScenarioRun() {}

  /**
   * @param isolatedMs per front end, its percentile in the isolated run: its SLO's unit (ignored
   *     by the isolated policies)
   * @param tuning the controller's keys
   */
  public static Trace run(Scenario s, Policy policy, long seed, Map<String, Double> isolatedMs, Tuning tuning) {
    boolean isolated = policy == Policy.ISOLATED_FRONT_ENDS || policy == Policy.ISOLATED_BATCH;
    Regime r = s.regime();
    List<Workload> work = new ArrayList<>();
    Map<String, Contract> contracts = new TreeMap<>();
    if (policy != Policy.ISOLATED_BATCH) {
      for (FrontEnd f : s.frontEnds()) {
        work.add(Workload.open(f.tenant(), rate(f, isolated), r.getCpuMs(), r.getChunks())
            .withClientThreads(r.clientThreads()));
        if (f.contract() && !isolated) {
          contracts.put(f.tenant(), Contract.of(f.rate(), Math.max(1, Math.round(f.rate()))));
        }
      }
    }
    if (policy != Policy.ISOLATED_FRONT_ENDS && s.batchThreads() > 0) {
      work.add(Workload.closed(BATCH, s.batchThreads(), r.scanCpuMs(), r.scanChunks()));
    }
    SimulatedCluster sim = new SimulatedCluster(r.hardware(), work, contracts, seed);
    sim.setAllocation(policy == Policy.STATIC ? staticShares(s) : Allocation.equalShares());
    SecondLevelController controller = null;
    List<SloTarget> inForce = List.of();
    if (policy == Policy.CONTROLLER) {
      inForce = targets(s, 0, isolatedMs);
      SecondLevelController.HBasePort hb = sim.hbasePort();
      FirstLevelPort df = sim.hdfsPort();
      controller = SecondLevelController.inProcess(() -> hb, () -> df, tuning.params(), inForce);
    }
    List<FrontEnd> fronts = policy == Policy.ISOLATED_BATCH ? List.of() : s.frontEnds();
    boolean batchRuns = work.stream().anyMatch(w -> w.tenant().equals(BATCH));
    Map<String, double[]> windows = new LinkedHashMap<>();
    Map<String, Histogram> judged = new LinkedHashMap<>();
    for (FrontEnd f : fronts) {
      windows.put(f.tenant(), new double[s.intervals()]);
      judged.put(f.tenant(), new Histogram(TimeUnit.MINUTES.toNanos(10), 3));
    }
    long[] batch = new long[s.intervals()];
    long batchBefore = 0;
    sim.start();
    for (int i = 0; i < s.intervals(); i++) {
      if (controller != null) {
        List<SloTarget> next = targets(s, i, isolatedMs);
        if (!next.equals(inForce)) {
          controller.setSlos(next);
          inForce = next;
        }
      }
      sim.runUntil((i + 1L) * Scenario.INTERVAL_S * 1_000_000_000L);
      sim.roll();
      for (FrontEnd f : fronts) {
        Histogram h = sim.takeLatency(f.tenant());
        if (f.contract() && !isolated) {
          h = server(sim, f.tenant()); // its in-contract calls, as the bench judges them: its client waits on the rest too
        }
        windows.get(f.tenant())[i] = h.getTotalCount() == 0 ? Double.NaN : LatencySummary.percentileMs(h, f.percentile());
        if (i >= (isolated ? Scenario.CONVERGE : s.judgedFrom(f))) {
          judged.get(f.tenant()).add(h);
        }
      }
      long chunks = batchRuns ? sim.chunks(BATCH) : 0;
      batch[i] = chunks - batchBefore;
      batchBefore = chunks;
      if (controller != null) {
        controller.tick();
      }
    }
    return new Trace(windows, judged, batch);
  }

  /** {@code tenant}'s gets in the interval just closed, as the RegionServer timed them (arrival to response). */
  private static Histogram server(SimulatedCluster sim, String tenant) {
    return sim.hbasePort().lastInterval().operations().of(tenant, OperationType.GET)
        .orElseGet(() -> new Histogram(TimeUnit.MINUTES.toNanos(10), 3));
  }

  /** The SLO tenants sending in {@code interval}, each with the SLO in force then. */
  static List<SloTarget> targets(Scenario s, int interval, Map<String, Double> isolatedMs) {
    List<SloTarget> out = new ArrayList<>();
    for (FrontEnd f : s.frontEnds()) {
      if (f.joinsAt() <= interval) {
        double ms = s.factorAt(f, interval) * isolatedMs.get(f.tenant());
        out.add(new SloTarget(f.tenant(), LatencyGoal.of(f.percentile(), ms), f.weight()));
      }
    }
    return List.copyOf(out);
  }

  private static DoubleUnaryOperator rate(FrontEnd f, boolean isolated) {
    if (isolated) {
      return t -> f.rate() * f.shape().applyAsDouble(t);
    }
    double joinS = (double) f.joinsAt() * Scenario.INTERVAL_S;
    return t -> t < joinS ? 0 : f.rate() * f.sends() * f.shape().applyAsDouble(t);
  }

  private static Allocation staticShares(Scenario s) {
    Map<String, Double> shares = new TreeMap<>();
    s.frontEnds().forEach(f -> shares.put(f.tenant(), 0.9));
    return new Allocation(shares, Map.of(), 0.1);
  }
}
