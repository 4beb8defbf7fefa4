package io.cake.sim.scenario;

import io.cake.core.metrics.LatencySummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

/**
 * Runs scenarios over seeds: per seed, the isolated runs the SLOs and batch's share come from, then
 * the controller and the static allocation on the same seed. Each (scenario, seed) is one task and
 * repeatable on its own, so the pool's size changes how long the suite takes, never what it finds.
 */
public final class ScenarioSuite {
  private ScenarioSuite() {}

  /** Both policies' verdicts on one seed. */
  record SeedPair(SeedVerdict controller, SeedVerdict staticShares) {}

  public static ScenarioResult run(Scenario s, List<Long> seeds, Tuning tuning, ExecutorService pool)
      throws InterruptedException, ExecutionException {
    List<Future<SeedPair>> futures = new ArrayList<>();
    for (long seed : seeds) {
      futures.add(pool.submit(() -> runSeed(s, seed, tuning)));
    }
    List<SeedVerdict> controller = new ArrayList<>();
    List<SeedVerdict> fixed = new ArrayList<>();
    for (Future<SeedPair> f : futures) {
      controller.add(f.get().controller());
      fixed.add(f.get().staticShares());
    }
    return new ScenarioResult(ScenarioResult.SCHEMA, s.name(), s.summary(), s.judge().name(), model(s),
        tuning.keys(), List.copyOf(seeds), PolicySummary.of(controller), PolicySummary.of(fixed));
  }

  static SeedPair runSeed(Scenario s, long seed, Tuning tuning) {
    ScenarioRun.Trace alone = ScenarioRun.run(s, ScenarioRun.Policy.ISOLATED_FRONT_ENDS, seed, Map.of(), tuning);
    Map<String, Double> isolatedMs = new TreeMap<>();
    for (FrontEnd f : s.frontEnds()) {
      isolatedMs.put(f.tenant(), LatencySummary.percentileMs(alone.judged().get(f.tenant()), f.percentile()));
    }
    ScenarioRun.Trace batch = ScenarioRun.run(s, ScenarioRun.Policy.ISOLATED_BATCH, seed, Map.of(), tuning);
    return new SeedPair(
        Verdicts.judge(s, seed, ScenarioRun.run(s, ScenarioRun.Policy.CONTROLLER, seed, isolatedMs, tuning), isolatedMs, batch),
        Verdicts.judge(s, seed, ScenarioRun.run(s, ScenarioRun.Policy.STATIC, seed, isolatedMs, tuning), isolatedMs, batch));
  }

  private static String model(Scenario s) {
    Regime r = s.regime();
    return String.format("%s: %d handlers, %d disk slots, reads %s; gets %.1f ms CPU + %d chunk(s), %d client"
            + " threads each; %d scanners, %.1f ms CPU + %d chunks a request; %d intervals of %d s, %d to converge",
        r.name(), r.hardware().hbaseHandlers(), r.hardware().hdfsSlots(), r.hardware().disk(), r.getCpuMs(),
        r.getChunks(), r.clientThreads(), s.batchThreads(), r.scanCpuMs(), r.scanChunks(), s.intervals(),
        Scenario.INTERVAL_S, Scenario.CONVERGE);
  }
}
