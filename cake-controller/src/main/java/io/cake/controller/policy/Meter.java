package io.cake.controller.policy;

import io.cake.core.tenant.LatencyGoal;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The first stage: one rule that measures every SLO tenant alike. A latency goal is read at the
 * percentile that keeps a window of the interval's size within it ({@link WindowPercentile}, with
 * {@code confidence}), from the tenant's recent intervals pooled until they hold enough requests
 * ({@link TailPool}, at least {@code minSamples}); fewer than that judge nothing, unless so many
 * of this interval's requests were over the SLO that the miss is clear ({@link
 * Observation#clearMiss}). SCADS Director's lesson: a p99 over a handful of requests is noise.
 *
 * <p>Its state is its own: each tenant's pool, new when the tenant or its goal changes.
 */
public final class Meter {
  private final Map<SloTarget, TailPool> pools = new HashMap<>();

  /** Each tenant's view of the interval, in the order of {@code targets}. */
  public Map<String, TenantView> measure(
      List<SloTarget> targets, HBaseInterval interval, ResourceLoad hdfs, ControllerParams params) {
    pools.keySet().retainAll(targets);
    Map<String, TenantView> out = new LinkedHashMap<>();
    for (SloTarget t : targets) {
      TailPool pool = pools.computeIfAbsent(t, k -> new TailPool(params.tailIntervals(), params.minSamples()));
      Observation o = Observation.of(t.tenant(), t.goal(), params.confidence(), interval, hdfs, pool);
      boolean slowSeen = !(t.goal() instanceof LatencyGoal lg) || pool.slowerThan(lg) > 0;
      out.put(t.tenant(), view(t, o, t.goal() instanceof LatencyGoal ? pool.pooled() : Long.MAX_VALUE, slowSeen, params));
    }
    return out;
  }

  /**
   * The view of {@code o}, whose percentile was read from {@code pooled} requests, {@code slowSeen}
   * whether any of them was slower than a latency goal.
   */
  static TenantView view(SloTarget t, Observation o, long pooled, boolean slowSeen, ControllerParams params) {
    if (Double.isNaN(o.measured())) {
      return new TenantView(t, o, Double.NaN, "nothing measured: no SLO-driven change", slowSeen);
    }
    double perf = t.goal().normalisedPerformance(o.measured());
    if (pooled >= params.minSamples()) {
      return new TenantView(t, o, perf, "", slowSeen);
    }
    if (o.clearMiss(t.goal(), params.minSamples(), params.confidence())) {
      return new TenantView(t, o, perf, String.format("only %d samples (< %d), but %d over the SLO: a clear miss",
          o.samples(), params.minSamples(), o.overGoal()), slowSeen);
    }
    return new TenantView(t, o, Double.NaN,
        "only " + pooled + " samples (< " + params.minSamples() + "): no SLO-driven change", slowSeen);
  }
}
