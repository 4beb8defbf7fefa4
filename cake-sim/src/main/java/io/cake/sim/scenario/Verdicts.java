package io.cake.sim.scenario;

import io.cake.core.metrics.LatencySummary;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Turns one run's {@link ScenarioRun.Trace} into its {@link SeedVerdict}, as the bench judges its runs. */
final class Verdicts {
  /** The share of judged windows a tenant must meet its SLO in (the bench's target). */
  static final double WINDOWS_MET = 0.95;
  /** Frosting's bound on the weighted badness spread under overload. */
  static final double MAX_SPREAD = 1.2;
  /** Windows in a row within the SLO that count as converged. */
  private static final int SETTLED = 3;

  private Verdicts() {}

  static SeedVerdict judge(Scenario s, long seed, ScenarioRun.Trace run, Map<String, Double> isolatedMs,
      ScenarioRun.Trace isolatedBatch) {
    List<SeedVerdict.Tenant> tenants = new ArrayList<>();
    for (FrontEnd f : s.frontEnds()) {
      tenants.add(tenant(s, f, run, isolatedMs.get(f.tenant())));
    }
    double spread = spread(tenants);
    boolean met = s.judge() == Scenario.Judge.SLO
        ? tenants.stream().allMatch(SeedVerdict.Tenant::met)
        : spread <= MAX_SPREAD;
    return new SeedVerdict(seed, tenants, batchShare(run, isolatedBatch), spread, met);
  }

  private static SeedVerdict.Tenant tenant(Scenario s, FrontEnd f, ScenarioRun.Trace run, double isolatedMs) {
    double[] w = run.windowMs().get(f.tenant());
    int from = s.judgedFrom(f);
    double slo = s.factorAt(f, s.intervals() - 1) * isolatedMs;
    int windows = 0;
    int met = 0;
    double badness = 0;
    for (int i = from; i < s.intervals(); i++) {
      if (!Double.isNaN(w[i])) {
        windows++;
        met += w[i] <= slo ? 1 : 0;
        badness += f.weight() * (1 - Math.min(1.0, slo / w[i]));
      }
    }
    Integer converge = null;
    int start = s.startOf(f);
    for (int i = start; i + SETTLED <= s.intervals() && converge == null; i++) {
      boolean settled = true;
      for (int k = i; k < i + SETTLED; k++) {
        settled &= !Double.isNaN(w[k]) && w[k] <= s.factorAt(f, k) * isolatedMs;
      }
      converge = settled ? i - start : null;
    }
    double whole = LatencySummary.percentileMs(run.judged().get(f.tenant()), f.percentile());
    return new SeedVerdict.Tenant(f.tenant(), slo, whole, windows == 0 ? 0 : (double) met / windows, converge,
        windows == 0 ? f.weight() : badness / windows);
  }

  /** Largest weighted badness over the smallest; 1 when every tenant has none. */
  static double spread(List<SeedVerdict.Tenant> tenants) {
    double lo = tenants.stream().mapToDouble(SeedVerdict.Tenant::badness).min().orElse(0);
    double hi = tenants.stream().mapToDouble(SeedVerdict.Tenant::badness).max().orElse(0);
    return hi == 0 ? 1.0 : lo == 0 ? Double.POSITIVE_INFINITY : hi / lo;
  }

  /** Batch chunks from the first judged interval on, over its isolated run's in the same intervals. */
  private static double batchShare(ScenarioRun.Trace run, ScenarioRun.Trace isolated) {
    long got = 0;
    long alone = 0;
    for (int i = Scenario.CONVERGE; i < run.batchChunks().length; i++) {
      got += run.batchChunks()[i];
      alone += isolated.batchChunks()[i];
    }
    return alone == 0 ? Double.NaN : (double) got / alone;
  }
}
