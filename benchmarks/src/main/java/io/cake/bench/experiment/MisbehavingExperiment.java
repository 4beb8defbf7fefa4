package io.cake.bench.experiment;

import io.cake.bench.experiment.TenantExperiments.FrontEnd;
import io.cake.bench.report.RunSummary;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code misbehaving}: one front end at three times its rate; FIFO, Cake without and with a contract. */
final class MisbehavingExperiment extends TenantRuns {
  /** How many times its rate the misbehaving tenant sends. */
  static final double MISBEHAVING_TIMES = 3.0;

  MisbehavingExperiment(Lab lab, FigureResult r) {
    super(lab, r);
  }

  void misbehaving() throws Exception {
    columns();
    FrontEnd bad = fronts.get(0);
    RunSummary iso = run(lab.stock("isolated-frontends", "the three front ends alone, at their contracted rates"), 1, false,
        o.baselineSeconds());
    Map<String, Double> slos = slos(iso);
    describeTenants(slos, iso);
    rows(iso, slos, null, null);
    String over = bad.name() + " at " + fmt(MISBEHAVING_TIMES) + "x its rate";
    RunSummary fifo = run(lab.stock("hbase-fifo", "HBase default, " + over), MISBEHAVING_TIMES, true, o.mixedSeconds());
    List<FrontEnd> others = fronts.subList(1, fronts.size());
    r.summary.put("hbase-fifo_others_windows_met", windowsMetAfter(rows(fifo, slos, null, "all of its calls, client side"),
        others));
    Map<String, String> keys = controllerKeys(slos);
    RunSummary without = run(lab.cakeController("cake-no-contract", "Cake's controller, no contract, " + over, keys, null),
        MISBEHAVING_TIMES, true, o.sloSeconds());
    r.summary.put("cake-no-contract_others_windows_met",
        windowsMetAfter(rows(without, slos, null, "all of its calls, client side"), others));
    Map<String, String> withKeys = new LinkedHashMap<>(keys);
    // RATE:BURST, the burst a whole number of calls (one second's worth).
    double contracted = rate(bad);
    String contract = (contracted == Math.rint(contracted) ? Long.toString((long) contracted) : Double.toString(contracted))
        + ":" + (long) Math.max(1, Math.ceil(contracted));
    withKeys.put("cake.hbase.tenant." + bad.name() + ".contract", contract);
    RunSummary with = run(lab.cakeController("cake-contract", "Cake's controller, contract " + contract + " on "
        + bad.name() + ", " + over, withKeys, null), MISBEHAVING_TIMES, true, o.sloSeconds());
    r.summary.put("cake-contract_others_windows_met", windowsMetAfter(
        rows(with, slos, null, "all of its calls, client side (over-contract ones served best effort)"), others));
    normalizedChart(with, slos, "misbehaving-p99.png", "Cake with a contract, " + over + ": p99 per window over each SLO");

    double inContract = with.serverP99();
    r.summary.put("slos_ms", slos);
    r.summary.put("contract", contract);
    r.summary.put("misbehaving_in_contract_server_p99_ms", RunSummary.round(inContract));
    r.paper.add(new FigureResult.Comparison("target: the other tenants keep their SLOs",
        "PriorityMeister: token buckets contain a misbehaving workload",
        "windows met after convergence, others: " + r.summary.get("cake-contract_others_windows_met")
            + " (without a contract " + r.summary.get("cake-no-contract_others_windows_met") + ", FIFO "
            + r.summary.get("hbase-fifo_others_windows_met") + ")"));
    r.paper.add(new FigureResult.Comparison("target: the misbehaving tenant's in-contract calls keep its SLO",
        "-", "server-side p" + fmt(o.percentile) + " of " + bad.name() + "'s in-contract calls " + fmt(inContract)
            + " ms against its SLO " + fmt(slos.get(bad.name())) + " ms (server-side target "
            + fmt(lab.serverTargetMs(slos.get(bad.name()))) + " ms)"));
    r.notes.add(bad.name() + " sends " + fmt(MISBEHAVING_TIMES * rate(bad)) + " req/s against a contract of "
        + contract + " (calls/s:burst); its rows are all of its calls as the client sees them, over-contract ones included.");
  }
}
