package io.cake.sim.scenario;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The suite's results as Markdown: one row per scenario, and the gate that compares a build's
 * results with a baseline's (issue 55: no scenario's verdict worse, and on the grid never beaten
 * by the static allocation).
 */
public final class SuiteReport {
  private SuiteReport() {}

  /** One row per scenario: the controller's verdict and figures, the static allocation's beside them. */
  public static String table(List<ScenarioResult> results) {
    StringBuilder sb = new StringBuilder();
    sb.append("| scenario | controller met | windows met | whole / SLO | converge | batch | spread"
        + " | static met | static windows | static batch |\n");
    sb.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (ScenarioResult r : results) {
      PolicySummary c = r.controller();
      PolicySummary s = r.staticShares();
      sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |%n", r.scenario(),
          met(c), pct(worstWindows(c)), ratio(worstWhole(c)), intervals(slowestConverge(c)),
          pctStat(c.batchShare()), r.judge().equals(Scenario.Judge.WEIGHTED_SPREAD.name())
              ? String.format(Locale.ROOT, "%.2f (%.2f)", c.spread().median(), c.spread().worst()) : "-",
          met(s), pct(worstWindows(s)), pctStat(s.batchShare())));
    }
    sb.append("\nMedians over the seeds (the worst seed in brackets); windows met, whole / SLO and converge are"
        + " the worst tenant's; met: seeds met of all.\n");
    return sb.toString();
  }

  /**
   * The gate: every scenario the baseline has, with its verdict here. A scenario the baseline met
   * (on the median) and this build does not, or a grid point where the static allocation meets the
   * SLO and the controller does not, or where both meet and static gives batch more, fails it.
   *
   * <p>"More" is read seed by seed: both policies run on the same seeds against the same isolated
   * runs, so the comparison is the median of the paired differences ({@link #batchGap}). The two
   * medians taken apart come from different seeds and differ by a few tenths of a point where
   * both give batch all its scanners can take, which is noise, not a verdict.
   */
  public static Gate gate(List<ScenarioResult> baseline, List<ScenarioResult> current) {
    Map<String, ScenarioResult> base = new TreeMap<>();
    baseline.forEach(r -> base.put(r.scenario(), r));
    StringBuilder sb = new StringBuilder("| scenario | baseline | now | batch baseline | batch now | static | verdict |\n"
        + "|---|---:|---:|---:|---:|---:|---|\n");
    int failed = 0;
    for (ScenarioResult now : current) {
      ScenarioResult was = base.get(now.scenario());
      String verdict = "ok";
      if (was != null && was.controller().medianMet() && !now.controller().medianMet()) {
        verdict = "WORSE than the baseline";
      } else if (now.staticShares().medianMet() && !now.controller().medianMet()) {
        verdict = "BEATEN by static: it meets, the controller does not";
      } else if (now.staticShares().medianMet() && now.controller().medianMet()
          && batchGap(now.controller(), now.staticShares()) < 0) {
        verdict = String.format(Locale.ROOT, "BEATEN by static: both meet, static gives batch more (%.1f points,"
            + " the median seed's)", -100 * batchGap(now.controller(), now.staticShares()));
      }
      failed += verdict.equals("ok") ? 0 : 1;
      sb.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s | %s |%n", now.scenario(),
          was == null ? "-" : met(was.controller()), met(now.controller()),
          was == null ? "-" : pct(was.controller().batchShare().median()), pct(now.controller().batchShare().median()),
          met(now.staticShares()) + ", batch " + pct(now.staticShares().batchShare().median()), verdict));
    }
    return new Gate(failed, sb.toString());
  }

  /**
   * The median over the seeds both ran of the controller's batch share minus the static
   * allocation's on the same seed: below 0, static gives batch more on most seeds.
   */
  static double batchGap(PolicySummary controller, PolicySummary fixed) {
    Map<Long, Double> staticBatch = new TreeMap<>();
    fixed.seeds().forEach(s -> staticBatch.put(s.seed(), s.batchShare()));
    List<Double> gaps = controller.seeds().stream().filter(s -> staticBatch.containsKey(s.seed()))
        .map(s -> s.batchShare() - staticBatch.get(s.seed())).toList();
    if (gaps.isEmpty()) {
      throw new IllegalArgumentException("the controller and the static allocation share no seed");
    }
    return PolicySummary.stat(gaps, g -> g, true).median();
  }

  /** The gate's table and how many scenarios failed it. */
  public record Gate(int failed, String table) {}

  static double worstWindows(PolicySummary p) {
    return p.tenants().stream().mapToDouble(t -> t.windowsMet().median()).min().orElse(Double.NaN);
  }

  static double worstWhole(PolicySummary p) {
    return p.tenants().stream().mapToDouble(t -> t.wholeOverSlo().median()).max().orElse(Double.NaN);
  }

  static double slowestConverge(PolicySummary p) {
    return p.tenants().stream().mapToDouble(t -> t.converge().median()).max().orElse(Double.NaN);
  }

  private static String met(PolicySummary p) {
    return p.seedsMet() + "/" + p.seeds().size();
  }

  private static String pct(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * v);
  }

  private static String pctStat(PolicySummary.Stat s) {
    return pct(s.median()) + " (" + pct(s.worst()) + ")";
  }

  private static String ratio(double v) {
    return String.format(Locale.ROOT, "%.2f", v);
  }

  private static String intervals(double v) {
    return Double.isInfinite(v) ? "never" : String.format(Locale.ROOT, "%.1f", v);
  }
}
