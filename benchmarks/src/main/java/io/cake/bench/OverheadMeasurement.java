package io.cake.bench;

import io.cake.bench.experiment.Options;
import io.cake.bench.cluster.Policy;
import io.cake.bench.report.RunSummary;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What Cake costs a single tenant: stock, then Cake one part at a time, closed loop, front end only. */
final class OverheadMeasurement {
  private final Options o;
  private final PhaseRunner runner;
  private final Policies policies;

  OverheadMeasurement(Options o, PhaseRunner runner, Policies policies) {
    this.o = o;
    this.runner = runner;
    this.policies = policies;
  }

  /**
   * Single-tenant overhead: stock, then Cake one part at a time (the RPC scheduler alone, plus the
   * tenant file system, plus the DataNode gate: the whole of Cake), so a ratio below 1 can be
   * pinned on a part. Closed loop, front end only. The machine warms up and drifts during a run
   * (JIT, caches, neighbours), so the sequence runs forwards and then backwards (A B C D D C B A)
   * and each variant is judged on the mean of its two runs: a linear drift cancels out. The first
   * minutes after loading are not linear (stock's throughput can double over them), so one
   * uncounted stock run goes first (docs/evaluation.md).
   */
  void measure(Policy stock, Double slo, Map<String, Object> overhead) throws Exception {
    double secs = o.overheadSeconds();
    overhead.put("threads", o.overheadThreads);
    overhead.put("measure_s", secs);
    overhead.put("order", backAndForth(o)
        ? "one uncounted stock warm-up run, then forwards and backwards; each figure is the mean of its two runs"
        : "forwards only");
    Policy full = policies.cakeStatic(slo);
    Map<String, String> rpcOnly = new LinkedHashMap<>(full.regionServer());
    rpcOnly.remove("hbase.fs.wrapper");
    List<Policy> variants = new ArrayList<>();
    variants.add(stock.withName("overhead-stock", "single tenant, stock"));
    if (o.scale != Options.Scale.QUICK) {
      // --quick measures only the whole of Cake, to fit its 4 minutes.
      variants.add(new Policy("overhead-cake-rpc", "single tenant, Cake RPC scheduler only", rpcOnly, false, Map.of(), 0, slo, Map.of(), true));
      variants.add(new Policy("overhead-cake-rpc-fs", "single tenant, Cake RPC scheduler + tenant file system", full.regionServer(), false, Map.of(), 0, slo, Map.of(), true));
    }
    variants.add(full.withName("overhead-cake", "single tenant, Cake (scheduler + file system + DataNode gate)"));
    Map<String, List<RunSummary>> byName = new LinkedHashMap<>();
    List<Policy> order = new ArrayList<>(variants);
    if (backAndForth(o)) {
      // --tiny and --quick run forwards only (time budget): their ratio is the drift's as much as Cake's.
      List<Policy> back = new ArrayList<>(variants);
      java.util.Collections.reverse(back);
      order.addAll(back);
    }
    if (backAndForth(o)) {
      runner.run(variants.get(0).withName("overhead-warmup", "single tenant, stock, warm-up (not counted)"), true, false, secs, true);
    }
    for (Policy p : order) {
      byName.computeIfAbsent(p.name(), k -> new ArrayList<>()).add(runner.run(p, true, false, secs, true));
    }
    double stockOps = meanOps(byName.get("overhead-stock"));
    overhead.put("stock_ops_per_s", round(stockOps));
    overhead.put("stock_p99_ms", round(meanP99(byName.get("overhead-stock"))));
    List<Map<String, Object>> rows = new ArrayList<>();
    for (Policy p : variants.subList(1, variants.size())) {
      List<RunSummary> rs = byName.get(p.name());
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("name", p.name());
      row.put("ops_per_s", round(meanOps(rs)));
      row.put("p99_ms", round(meanP99(rs)));
      row.put("ratio", stockOps > 0 ? round(meanOps(rs) / stockOps) : null);
      row.put("runs_ops_per_s", rs.stream().map(r -> round(r.frontendOpsPerSec())).toList());
      rows.add(row);
    }
    overhead.put("stock_runs_ops_per_s", byName.get("overhead-stock").stream().map(r -> round(r.frontendOpsPerSec())).toList());
    Map<String, Object> whole = rows.get(rows.size() - 1);
    overhead.put("cake_ops_per_s", whole.get("ops_per_s"));
    overhead.put("cake_p99_ms", whole.get("p99_ms"));
    if (stockOps > 0) {
      overhead.put("ratio", whole.get("ratio"));
    }
    overhead.put("parts", rows);
  }

  /** Whether the sequence runs forwards and then backwards (not under --tiny and --quick). */
  static boolean backAndForth(Options o) {
    return o.scale != Options.Scale.TINY && o.scale != Options.Scale.QUICK;
  }

  private static double meanOps(List<RunSummary> runs) {
    return runs.stream().mapToDouble(RunSummary::frontendOpsPerSec).average().orElse(Double.NaN);
  }

  private static double meanP99(List<RunSummary> runs) {
    return runs.stream().mapToDouble(r -> r.p(99)).average().orElse(Double.NaN);
  }

  private static Double round(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return null;
    }
    return Math.round(v * 1000.0) / 1000.0;
  }
}
