package io.cake.bench.experiment;

import io.cake.bench.cluster.Policy;
import io.cake.bench.load.RateShape;
import io.cake.bench.report.RunSummary;
import io.cake.core.sched.Allocation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** Sections 6.1 and 6.2: Cake's first levels at fixed allocations, no controller (figures 8 to 11). */
final class AllocationFigures extends FigureRuns {
  AllocationFigures(Lab lab, FigureResult r) {
    super(lab, r);
  }

  // ------------------------------------------------------------------ 6.1 shares and reservations

  /** Figure 8: p99 against the HDFS reservation at a low and a high rate; HBase thread per request. */
  void fig8() throws Exception {
    int maxRes = Allocation.maxReservable(lab.softLimit());
    double low = Math.max(1, Math.round(base() / 3));
    double high = 2 * base();
    double[] rates = {low, high};
    double secs = pointSeconds(rates.length * (maxRes + 1));
    r.columns.addAll(List.of("rate", "hdfs_reserved", "p50_ms", "p99_ms", "batch_scans_per_s"));
    List<FigureResult.Series> series = new ArrayList<>();
    double[][] p99 = new double[rates.length][maxRes + 1];
    for (int i = 0; i < rates.length; i++) {
      List<double[]> line = new ArrayList<>();
      for (int res = 0; res <= maxRes; res++) {
        Policy p = lab.fixed("fig8-r" + fmt(rates[i]) + "-res" + res,
            "HDFS 50/50 shares, front end reserves " + res + " of " + lab.softLimit() + " slots; HBase thread per request, "
                + fmt(rates[i]) + " req/s", Fixed.hdfsOnly(0.5, res));
        RunSummary run = lab.run(p, true, true, secs, rates[i], RateShape.CONSTANT);
        r.runs.add(run);
        var pt = r.point(run, o.percentile);
        pt.put("rate", rates[i]);
        pt.put("hdfs_reserved", res);
        p99[i][res] = run.p(o.percentile);
        line.add(new double[] {res, p99[i][res]});
      }
      series.add(new FigureResult.Series(fmt(rates[i]) + " req/s", line));
    }
    r.charts.add(new FigureResult.Chart("fig8.png", "Figure 8: front-end p99 against the HDFS reservation",
        "front end's reserved DataNode slots (of " + lab.softLimit() + ")", "p99 (ms)", series, null, false));
    double lowGain = change(p99[0][0], p99[0][maxRes]);
    double highGain = change(p99[1][0], p99[1][maxRes]);
    r.summary.put("low_rate", low);
    r.summary.put("high_rate", high);
    r.summary.put("low_rate_p99_change_0_to_max_reservation", RunSummary.round(lowGain));
    r.summary.put("high_rate_p99_change_0_to_max_reservation", RunSummary.round(highGain));
    r.paper.add(new FigureResult.Comparison("load", "low 50 and high (up to 200) req/s; soft limit 6; reservations 0 to 5",
        fmt(low) + " and " + fmt(high) + " req/s; soft limit " + lab.softLimit() + "; reservations 0 to " + maxRes));
    r.paper.add(new FigureResult.Comparison("low load: p99 from no reservation to the most",
        "falls progressively (proportional share alone lets batch run whenever the front-end queue is empty)",
        ms(p99[0][0]) + " -> " + ms(p99[0][maxRes]) + " (" + pct(lowGain) + ")"));
    r.paper.add(new FigureResult.Comparison("high load: p99 from no reservation to the most",
        "about the same (both queues stay full)",
        ms(p99[1][0]) + " -> " + ms(p99[1][maxRes]) + " (" + pct(highGain) + ")"));
    r.notes.add("HBase does not schedule (the paper's thread per request): Cake's RPC scheduler with a fixed pool of "
        + Fixed.THREAD_PER_REQUEST_HANDLERS + " handlers, more than every client thread, AIMD off, equal shares. "
        + "HDFS: Cake's gate, 50/50 shares, the reservation shown. " + fmt(secs) + " s per point.");
  }

  /** Figure 9: p99 against HDFS share and reservation at a high rate; HBase thread per request. */
  void fig9() throws Exception {
    double rate = 2 * base();
    double[] shares = {0.5, 0.75, 0.9, 0.99};
    int[] res = {0, lab.softLimit() / 2};
    double secs = pointSeconds(shares.length * res.length);
    r.columns.addAll(List.of("front_share", "hdfs_reserved", "p50_ms", "p99_ms", "batch_scans_per_s"));
    List<FigureResult.Series> series = new ArrayList<>();
    double[][] p99 = new double[res.length][shares.length];
    for (int j = 0; j < res.length; j++) {
      List<double[]> line = new ArrayList<>();
      for (int i = 0; i < shares.length; i++) {
        String split = Math.round(shares[i] * 100) + "/" + Math.round((1 - shares[i]) * 100);
        Policy p = lab.fixed("fig9-" + split.replace('/', '-') + "-res" + res[j],
            "HDFS shares " + split + ", front end reserves " + res[j] + "; HBase thread per request",
            Fixed.hdfsOnly(shares[i], res[j]));
        RunSummary run = lab.run(p, true, true, secs, rate, RateShape.CONSTANT);
        r.runs.add(run);
        var pt = r.point(run, o.percentile);
        pt.put("front_share", shares[i]);
        pt.put("hdfs_reserved", res[j]);
        p99[j][i] = run.p(o.percentile);
        line.add(new double[] {shares[i] * 100, p99[j][i]});
      }
      series.add(new FigureResult.Series("reservation " + res[j], line));
    }
    r.charts.add(new FigureResult.Chart("fig9.png", "Figure 9: front-end p99 against the HDFS share at " + fmt(rate) + " req/s",
        "front end's HDFS share (%)", "p99 (ms)", series, null, false));
    double shareGain = change(p99[0][0], p99[0][2]);
    double resGain = change(p99[0][2], p99[1][2]);
    r.summary.put("rate", rate);
    r.summary.put("p99_change_50_50_to_90_10", RunSummary.round(shareGain));
    r.summary.put("p99_change_reservation_at_90_10", RunSummary.round(resGain));
    r.paper.add(new FigureResult.Comparison("front-end rate", "200 req/s (its queue at HDFS stays full)", fmt(rate) + " req/s"));
    r.paper.add(new FigureResult.Comparison("p99, 50/50 -> 90/10 shares", "about 20% lower",
        ms(p99[0][0]) + " -> " + ms(p99[0][2]) + " (" + pct(shareGain) + ")"));
    r.paper.add(new FigureResult.Comparison("p99 at 90/10, no reservation -> " + res[1], "no significant effect",
        ms(p99[0][2]) + " -> " + ms(p99[1][2]) + " (" + pct(resGain) + ")"));
    r.notes.add("HBase does not schedule (thread per request, as in fig8). " + fmt(secs) + " s per point.");
  }

  // ------------------------------------------------------------------ 6.2 single vs multi-resource

  /** Figures 10 and 11: one resource scheduling, the other not, and both, against the rate. */
  void fig10and11() throws Exception {
    double[] rates = {Math.round(base() / 2), base(), 2 * base()};
    int res = Allocation.maxReservable(lab.softLimit());
    record Config(String name, String label, Fixed f) {}
    List<Config> configs = List.of(
        new Config("hdfs-only", "HDFS 90/10 + " + res + " reserved; HBase thread per request",
            Fixed.hdfsOnly(0.9, res)),
        new Config("hbase-only-unlimited", "HBase 99/1 + 2 reserved; HDFS thread per request (no gate)",
            new Fixed(Fixed.HBaseMode.CAKE, Fixed.HdfsMode.UNLIMITED, 0.99, 2, 0.5, 0)),
        new Config("hbase-only-chunked", "HBase 99/1 + 2 reserved; HDFS chunked under the soft limit, equal shares",
            new Fixed(Fixed.HBaseMode.CAKE, Fixed.HdfsMode.CHUNKED_EQUAL, 0.99, 2, 0.5, 0)),
        new Config("both", "HBase 99/1 + 2 reserved; HDFS 90/10 + " + res + " reserved",
            new Fixed(Fixed.HBaseMode.CAKE, Fixed.HdfsMode.CAKE, 0.99, 2, 0.9, res)));
    double secs = pointSeconds(configs.size() * rates.length + 1);
    RunSummary iso = isolated(base());
    r.columns.addAll(List.of("config", "rate", "p50_ms", "p99_ms", "server_p99_ms", "batch_scans_per_s"));
    r.point(iso, o.percentile).put("rate", base());
    List<FigureResult.Series> series = new ArrayList<>();
    Map<String, double[]> byConfig = new java.util.LinkedHashMap<>();
    for (Config c : configs) {
      List<double[]> line = new ArrayList<>();
      double[] p99s = new double[rates.length];
      for (int i = 0; i < rates.length; i++) {
        Policy p = lab.fixed("fig10-" + c.name() + "-" + fmt(rates[i]), c.label() + ", " + fmt(rates[i]) + " req/s", c.f());
        RunSummary run = lab.run(p, true, true, secs, rates[i], RateShape.CONSTANT);
        r.runs.add(run);
        var pt = r.point(run, o.percentile);
        pt.put("config", c.name());
        pt.put("rate", rates[i]);
        pt.put("server_p99_ms", RunSummary.round(run.serverP99()));
        p99s[i] = run.p(o.percentile);
        line.add(new double[] {rates[i], p99s[i]});
      }
      byConfig.put(c.name(), p99s);
      series.add(new FigureResult.Series(c.name(), line));
    }
    double isoP99 = iso.p(o.percentile);
    r.charts.add(new FigureResult.Chart("fig10-11.png", "Figures 10 and 11: front-end p99 against the front-end rate",
        "front-end rate (req/s)", "p99 (ms, log)", series, isoP99, true));
    r.summary.put("isolated_p99_ms", RunSummary.round(isoP99));
    for (var e : byConfig.entrySet()) {
      r.summary.put(e.getKey() + "_p99_ms", java.util.Arrays.stream(e.getValue()).mapToObj(RunSummary::round).toList());
    }
    r.paper.add(new FigureResult.Comparison("isolated front end (baseline)", "about 44 ms p99", ms(isoP99) + " at " + fmt(base()) + " req/s"));
    r.paper.add(new FigureResult.Comparison("HDFS only (HBase thread per request)",
        "about 100 ms until CPU contention in HBase beyond about 160 req/s", series(byConfig.get("hdfs-only"), rates)));
    r.paper.add(new FigureResult.Comparison("HBase only, HDFS thread per request", "greatly increased latency",
        series(byConfig.get("hbase-only-unlimited"), rates)));
    r.paper.add(new FigureResult.Comparison("HBase only, HDFS FIFO with chunking", "about 200 ms at every load",
        series(byConfig.get("hbase-only-chunked"), rates)));
    r.paper.add(new FigureResult.Comparison("both (our addition: the first level alone, static)", "(not in the figure; sections 6.3-6.5 run both with the controller)",
        series(byConfig.get("both"), rates)));
    r.notes.add("The paper's FIFO pool at HDFS is here the gate with one equal share per tenant (the nearest we have); its FIFO "
        + "HBase pool is left out: without Cake's handler the reads carry no tenant and the gate could not tell them apart. "
        + fmt(secs) + " s per point.");
  }

  private static String series(double[] p99s, double[] rates) {
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < rates.length; i++) {
      b.append(i == 0 ? "" : ", ").append(ms(p99s[i])).append(" @").append(fmt(rates[i]));
    }
    return b.toString();
  }
}
