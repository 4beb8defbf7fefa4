package io.cake.bench.report;

import io.cake.bench.cluster.AllocationPoint;
import io.cake.bench.load.Windows;
import java.io.File;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The PNG plots of a run, drawn with XChart (headless). Returns the files written. */
public final class Plots {
  private static final int W = 1000;
  private static final int H = 600;

  private Plots() {}

  public static List<File> write(List<RunSummary> runs, Double slo, File dir) throws IOException {
    System.setProperty("java.awt.headless", "true");
    List<File> out = new ArrayList<>();
    out.add(cdf(runs, slo, new File(dir, "latency-cdf.png")));
    out.add(p99OverTime(runs, slo, new File(dir, "frontend-p99.png")));
    out.add(batchOverTime(runs, new File(dir, "batch-throughput.png")));
    for (RunSummary r : runs) {
      if (!r.allocation().isEmpty()) {
        out.add(allocation(r, new File(dir, "allocation-" + r.name() + ".png")));
      }
    }
    return out;
  }

  static XYChart chart(String title, String x, String y) {
    XYChart c = new XYChartBuilder().width(W).height(H).title(title).xAxisTitle(x).yAxisTitle(y).build();
    c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    c.getStyler().setMarkerSize(4);
    c.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
    return c;
  }

  /** Latency (log x) against the fraction of requests at or below it, per policy. */
  public static File cdf(List<RunSummary> runs, Double slo, File file) throws IOException {
    XYChart c = chart("Front-end latency CDF (from intended start)", "latency (ms, log)", "fraction of requests <= x");
    c.getStyler().setXAxisLogarithmic(true);
    double maxX = 1;
    double minX = Double.MAX_VALUE;
    for (RunSummary r : runs) {
      if (!r.hasFrontend() || r.frontendOps() == 0) {
        continue;
      }
      Histogram h = r.frontendHistogram();
      List<Double> xs = new ArrayList<>();
      List<Double> ys = new ArrayList<>();
      for (int i = 0; i <= 400; i++) {
        // Dense towards the tail: q = 1 - 10^(-4 i / 400).
        double q = 100.0 * (1 - Math.pow(10, -4.0 * i / 400));
        double v = Math.max(0.001, h.getValueAtPercentile(q) / 1000.0);
        xs.add(v);
        ys.add(q / 100.0);
      }
      xs.add(h.getMaxValue() / 1000.0);
      ys.add(1.0);
      maxX = Math.max(maxX, h.getMaxValue() / 1000.0);
      minX = Math.min(minX, xs.get(0));
      XYSeries s = c.addSeries(r.name(), xs, ys);
      s.setMarker(SeriesMarkers.NONE);
    }
    if (slo != null && minX < Double.MAX_VALUE) {
      XYSeries s = c.addSeries("SLO " + fmt(slo) + " ms", List.of(slo, slo), List.of(0.0, 1.0));
      s.setMarker(SeriesMarkers.NONE);
      s.setLineColor(java.awt.Color.RED);
    }
    if (c.getSeriesMap().isEmpty()) {
      c.addSeries("no data", List.of(1.0), List.of(0.0));
    }
    return save(c, file);
  }

  /** Per-window front-end p99 over the measured period, with the SLO line. */
  public static File p99OverTime(List<RunSummary> runs, Double slo, File file) throws IOException {
    XYChart c = chart("Front-end p99 per window", "time in run (s)", "p99 latency (ms, log)");
    c.getStyler().setYAxisLogarithmic(true);
    double maxT = 1;
    for (RunSummary r : runs) {
      if (!r.hasFrontend()) {
        continue;
      }
      Windows w = r.outcome.frontend();
      List<Double> xs = new ArrayList<>();
      List<Double> ys = new ArrayList<>();
      for (int i = 0; i < w.count(); i++) {
        double v = Windows.ms(w.window(i), 99);
        if (!Double.isNaN(v)) {
          xs.add((i + 0.5) * w.windowSeconds());
          ys.add(Math.max(0.001, v));
        }
      }
      maxT = Math.max(maxT, w.count() * w.windowSeconds());
      if (!xs.isEmpty()) {
        c.addSeries(r.name(), xs, ys);
      }
    }
    if (slo != null) {
      XYSeries s = c.addSeries("SLO " + fmt(slo) + " ms", List.of(0.0, maxT), List.of(slo, slo));
      s.setMarker(SeriesMarkers.NONE);
      s.setLineColor(java.awt.Color.RED);
    }
    return save(c, file);
  }

  public static File batchOverTime(List<RunSummary> runs, File file) throws IOException {
    XYChart c = chart("Batch throughput per window", "time in run (s)", "500-row scans per second");
    for (RunSummary r : runs) {
      if (!r.hasBatch()) {
        continue;
      }
      Windows w = r.outcome.batch();
      List<Double> xs = new ArrayList<>();
      List<Double> ys = new ArrayList<>();
      for (int i = 0; i < w.count(); i++) {
        xs.add((i + 0.5) * w.windowSeconds());
        ys.add(w.completed(i) / w.windowSeconds());
      }
      c.addSeries(r.name(), xs, ys);
    }
    if (c.getSeriesMap().isEmpty()) {
      c.addSeries("no data", List.of(0.0), List.of(0.0));
    }
    return save(c, file);
  }

  /** Cake's allocation for the front end over a run: shares (left axis), slots (right axis). */
  public static File allocation(RunSummary r, File file) throws IOException {
    XYChart c = chart("Cake allocation for the front end: " + r.name(), "time in run (s)", "front end's share of all weights");
    List<Double> t = new ArrayList<>();
    List<Double> hs = new ArrayList<>();
    List<Double> ds = new ArrayList<>();
    List<Double> hr = new ArrayList<>();
    List<Double> dr = new ArrayList<>();
    List<Double> pool = new ArrayList<>();
    List<Double> othersLimit = new ArrayList<>();
    for (AllocationPoint a : r.allocation()) {
      t.add(a.tSeconds());
      hs.add(a.hbaseShare());
      ds.add(a.hdfsShare());
      hr.add((double) a.hbaseReserved());
      dr.add((double) a.hdfsReserved());
      pool.add((double) a.hbasePool());
      othersLimit.add(a.hbaseOthersLimit());
    }
    c.addSeries("HBase share", t, hs).setYAxisGroup(0);
    c.addSeries("HDFS share", t, ds).setYAxisGroup(0);
    c.addSeries("HBase reserved handlers", t, hr).setYAxisGroup(1);
    c.addSeries("HDFS reserved slots", t, dr).setYAxisGroup(1);
    c.addSeries("HBase handler pool", t, pool).setYAxisGroup(1);
    if (othersLimit.stream().anyMatch(v -> v > 0)) {
      c.addSeries("HBase limit on the others (handlers)", t, othersLimit).setYAxisGroup(1);
    }
    c.setYAxisGroupTitle(0, "front end's share of all weights");
    c.setYAxisGroupTitle(1, "handlers / slots");
    c.getStyler().setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
    c.getStyler().setYAxisMin(0, 0.0);
    c.getStyler().setYAxisMax(0, 1.0);
    c.getStyler().setYAxisMin(1, 0.0);
    return save(c, file);
  }

  /** Lines through (x, y) points, one per series, with an optional horizontal line (an SLO). */
  public static File lines(
      File file, String title, String xLabel, String yLabel, List<String> names, List<List<double[]>> series,
      Double line, String lineName, boolean logY) throws IOException {
    System.setProperty("java.awt.headless", "true");
    XYChart c = chart(title, xLabel, yLabel);
    c.getStyler().setYAxisLogarithmic(logY);
    double minX = Double.MAX_VALUE;
    double maxX = -Double.MAX_VALUE;
    for (int i = 0; i < names.size(); i++) {
      List<Double> xs = new ArrayList<>();
      List<Double> ys = new ArrayList<>();
      for (double[] p : series.get(i)) {
        if (Double.isNaN(p[1]) || (logY && p[1] <= 0)) {
          continue;
        }
        xs.add(p[0]);
        ys.add(p[1]);
        minX = Math.min(minX, p[0]);
        maxX = Math.max(maxX, p[0]);
      }
      if (!xs.isEmpty()) {
        c.addSeries(names.get(i), xs, ys);
      }
    }
    if (line != null && maxX >= minX) {
      XYSeries s = c.addSeries(lineName, List.of(minX, maxX), List.of(line, line));
      s.setMarker(SeriesMarkers.NONE);
      s.setLineColor(java.awt.Color.RED);
    }
    if (c.getSeriesMap().isEmpty()) {
      c.addSeries("no data", List.of(0.0), List.of(1.0));
    }
    return save(c, file);
  }

  private static File save(XYChart c, File file) throws IOException {
    BitmapEncoder.saveBitmap(c, file.getPath(), BitmapEncoder.BitmapFormat.PNG);
    return file;
  }

  static String fmt(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format("%.1f", v);
  }
}
