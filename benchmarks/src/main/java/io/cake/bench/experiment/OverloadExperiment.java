package io.cake.bench.experiment;

import io.cake.bench.report.RunSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code overload}: every front end beyond what the disks serve; does each degrade by its weight? */
final class OverloadExperiment extends TenantRuns {
  /** How many times their rates the front ends send in {@code overload}. */
  static final double OVERLOAD_TIMES = 3.0;

  OverloadExperiment(Lab lab, FigureResult r) {
    super(lab, r);
  }

  /**
   * The front ends' SLOs come from their normal rates alone (as in multi-tenant); then every front
   * end sends {@link #OVERLOAD_TIMES} its rate, more than the disks can serve within the SLOs.
   * Under Frosting's criterion each tenant then degrades in proportion to its weight: the weighted
   * badness w (1 - SLO / p99) is the same for all. Stock FIFO, Cake with equal shares and no
   * controller, and Cake with the controller, side by side.
   */
  void overload() throws Exception {
    columns();
    RunSummary iso = run(lab.stock("isolated-frontends", "the three front ends alone at their normal rates"), 1, false,
        o.baselineSeconds());
    Map<String, Double> slos = slos(iso);
    describeTenants(slos, iso);
    rows(iso, slos, null, null);
    String over = "every front end at " + fmt(OVERLOAD_TIMES) + "x its rate";
    Map<String, String> keys = controllerKeys(slos);
    List<RunSummary> runs = new ArrayList<>();
    if (o.wants("hbase-fifo")) {
      runs.add(run(lab.stock("hbase-fifo", "HBase default, " + over), OVERLOAD_TIMES, OVERLOAD_TIMES, true,
          o.mixedSeconds()));
    }
    if (o.wants("cake-static")) {
      Map<String, String> equal = new LinkedHashMap<>(keys);
      equal.put("cake.controller.enabled", "false");
      runs.add(run(lab.cakeController("cake-equal-shares", "Cake's first levels, equal shares, no controller, " + over,
          equal, null), OVERLOAD_TIMES, OVERLOAD_TIMES, true, o.sloSeconds()));
    }
    RunSummary cake = run(lab.cakeController("cake-slo-tenants", "Cake with the controller for several SLO tenants, "
        + over, keys, null), OVERLOAD_TIMES, OVERLOAD_TIMES, true, o.overloadSloSeconds());
    runs.add(cake);
    for (RunSummary run : runs) {
      Map<String, Judged> judged = rows(run, slos, null, null);
      Map<String, Object> m = new LinkedHashMap<>();
      judged.forEach((t, j) -> m.put(t, RunSummary.round(j.badness())));
      r.summary.put(run.name() + "_weighted_badness", m);
      r.summary.put(run.name() + "_badness_spread",
          RunSummary.round(WeightedBadness.spread(judged.values().stream().map(Judged::badness).toList())));
      r.summary.put(run.name() + "_badness_spread_per_window",
          RunSummary.round(WeightedBadness.spread(judged.values().stream().map(Judged::windowBadness).toList())));
    }
    normalizedChart(cake, slos, "overload-p99.png", "Cake, three SLO tenants, " + over + ": p99 per window over each SLO");
    r.summary.put("slos_ms", slos);
    r.paper.add(new FigureResult.Comparison(
        "target: weighted badness of the tenants within 20% of each other (largest / smallest <= 1.2)",
        "Frosting: every client degrades in proportion to its weight",
        "Cake: whole-run p" + fmt(o.percentile) + " " + show(r.summary.get("cake-slo-tenants_badness_spread"))
            + ", mean per window after convergence " + show(r.summary.get("cake-slo-tenants_badness_spread_per_window"))
            + spreadOf("cake-equal-shares", "equal shares") + spreadOf("hbase-fifo", "FIFO")));
    r.notes.add("Cake's controller run starts from equal shares and measures " + fmt(cake.measuredSeconds()) + " s; \"after"
        + " convergence\" skips its first " + convergenceWindows(cake) + " windows"
        + (cake.measuredSeconds() > o.sloSeconds() ? ". It is longer than the other runs because under the overload the"
            + " heaviest tenant's share swings, about 100 s a swing on the hdd cluster, and the mean per window should hold"
            + " more than one." : "."));
    r.notes.add("Weighted badness = weight x (1 - SLO / p" + fmt(o.percentile) + "), 0 when the SLO is met; the spread is the"
        + " largest over the smallest (undefined when a tenant meets its SLO). The SLOs are from the front ends alone at"
        + " their normal rates; the runs send " + fmt(OVERLOAD_TIMES) + "x that.");
  }

  private String spreadOf(String run, String label) {
    return r.runs.stream().anyMatch(x -> x.name().equals(run))
        ? "; " + label + " " + show(r.summary.get(run + "_badness_spread")) : "";
  }

  /** A spread, or why there is none (a tenant met its SLO: no badness to compare). */
  private static String show(Object spread) {
    return spread == null ? "undefined (a tenant met its SLO)" : fmt((Double) spread);
  }
}
