package io.cake.bench.experiment;

import io.cake.bench.experiment.TenantExperiments.FrontEnd;
import io.cake.bench.load.Phase;
import io.cake.bench.load.RateShape;
import io.cake.bench.report.RunSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code bursty}: one front end on-off with a p99.9 SLO, against reactive and proactive control. */
final class BurstyExperiment extends TenantRuns {
  /** bursty's front ends: the first one on-off, with a p99.9 SLO at 2x its isolated p99.9. */
  static final List<FrontEnd> BURSTY_FRONT_ENDS = List.of(
      new FrontEnd(Phase.EmbeddedNames.FRONTEND, 1.0 / 3, 2.0, 1, 99.9),
      TenantExperiments.FRONT_ENDS.get(1),
      TenantExperiments.FRONT_ENDS.get(2));

  BurstyExperiment(Lab lab, FigureResult r) {
    super(lab, r, BURSTY_FRONT_ENDS, RateShape.ON_OFF);
  }

  /**
   * The first front end on-off ({@link RateShape#ON_OFF}: bursts at 3x its rate for 5 s in every
   * 20, the mean its rate) with a p99.9 SLO at 2x its isolated p99.9 (measured on-off too); the
   * other two constant with their p99 SLOs, as in multi-tenant. Stock FIFO; Cake's controller
   * reactive only (each interval it answers what the last one measured, and a burst is over by
   * then); sized for peaks (still reactive, from loads observed); and as shipped, with the
   * proactive half, PriorityMeister's in its simplest form: priority lanes ranked bySLO, as wide as
   * twice each tenant's observed peak load ({@code cake.controller.lanes}).
   * The Cake runs settle at the constant mean rates first, so their first burst is beyond what the
   * lanes were fitted to.
   */
  void bursty() throws Exception {
    columns();
    FrontEnd first = fronts.get(0);
    // The isolated p99.9 is taken over the same span as the others': a p99.9 means something only
    // over a thousand requests or so.
    RunSummary iso = run(lab.stock("isolated-frontends", "the three front ends alone, " + first.name() + " on-off"), 1,
        false, o.sloSeconds());
    Map<String, Double> slos = slos(iso);
    describeTenants(slos, iso);
    rows(iso, slos, null, null);
    List<RunSummary> runs = new ArrayList<>();
    if (o.wants("hbase-fifo")) {
      runs.add(run(lab.stock("hbase-fifo", "HBase default"), 1, true, o.mixedSeconds()));
    }
    if (o.wants("cake-static")) {
      Map<String, String> peakKeys = new LinkedHashMap<>(controllerKeys(slos));
      peakKeys.put("cake.controller.lanes", "0");
      Map<String, String> reactiveKeys = new LinkedHashMap<>(peakKeys);
      reactiveKeys.put("cake.controller.headroom", "0");
      runs.add(settledRun(lab.cakeController("cake-reactive", "Cake's controller with several SLO tenants, reactive only: no"
          + " load floor, no lanes (cake.controller.headroom=0, cake.controller.lanes=0)", reactiveKeys, null),
          o.sloSeconds()));
      runs.add(settledRun(lab.cakeController("cake-peaks", "Cake's controller with several SLO tenants, the load floor sized"
          + " for each tenant's recent peak, no lanes (cake.controller.lanes=0)", peakKeys, null),
          o.sloSeconds()));
    }
    RunSummary cake = settledRun(lab.cakeController("cake-slo-tenants", "Cake's controller for several SLO tenants as shipped:"
        + " sized for peaks, and priority lanes bySLO twice each tenant's peak load wide",
        controllerKeys(slos), null), o.sloSeconds());
    runs.add(cake);
    Map<String, Judged> firsts = new LinkedHashMap<>(); // per Cake run
    for (RunSummary run : runs) {
      Map<String, Judged> judged = rows(run, slos, null, null);
      r.summary.put(run.name() + "_windows_met", windowsMetAfter(judged, fronts));
      r.summary.put(run.name() + "_" + first.name() + "_p" + fmt(pct(first)) + "_ms",
          RunSummary.round(judged.get(first.name()).latencyMs()));
      if (run.policy.cake()) {
        firsts.put(run.name(), judged.get(first.name()));
      }
    }
    normalizedChart(cake, slos, "bursty-latency.png", "Cake (peaks and lanes), " + first.name() + " on-off at p"
        + fmt(pct(first)) + ", the others at p" + fmt(o.percentile) + ": per window over each SLO");
    r.summary.put("slos_ms", slos);
    StringBuilder ours = new StringBuilder();
    firsts.forEach((run, j) -> ours.append(ours.length() == 0 ? "" : "; ").append(run).append(": p")
        .append(fmt(pct(first))).append(' ').append(fmt(j.latencyMs())).append(" ms against its SLO ")
        .append(fmt(slos.get(first.name()))).append(" ms (").append(j.sloMet() ? "met" : "missed")
        .append("), windows met ").append(r.summary.get(run + "_windows_met")));
    r.paper.add(new FigureResult.Comparison("target: the bursty tenant's p" + fmt(pct(first))
        + " SLO met with reactive plus proactive control; the report shows reactive alone",
        "PriorityMeister: reactive control (Cake) misses p99.9 under bursts; proactive buckets and priorities meet it",
        ours + ". Proactive here: priority lanes ranked bySLO and bounded by twice each tenant's observed peak"
            + " load in slots (PriorityMeister's own bound is token buckets; contracts are Cake's)"));
    r.notes.add(first.name() + " is on-off: " + fmt(RateShape.ON_TIMES * rate(first)) + " req/s for "
        + fmt(RateShape.ON_SECONDS) + " s, then " + fmt(rate(first) / RateShape.ON_TIMES) + " req/s for "
        + fmt(RateShape.OFF_SECONDS) + " s, over and over (Poisson arrivals, seeded; mean " + fmt(rate(first))
        + " req/s). A window's p99.9 of fewer than a thousand requests is its slowest request.");
    r.notes.add("Each Cake run first settles for " + fmt(Experiments.settleSeconds(o)) + " s ("
        + Experiments.settleIntervals(o) + " controller intervals) with every front end at its constant mean rate"
        + " and batch running, from equal shares, unrecorded, and is measured for the rest of the isolated run's"
        + " length: the first measured burst is one the controller has not seen (its lanes were sized on the"
        + " constant rate), as fig14-17's first spike. Convergence from cold is fig12's; a p99.9 over the whole"
        + " run is its slowest request or two, so a cold start's first windows would decide it.");
  }
}
