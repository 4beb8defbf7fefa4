package io.cake.bench.experiment;

import io.cake.bench.load.RateShape;
import io.cake.bench.report.MarkdownReport;
import io.cake.bench.report.RunSummary;
import java.util.Locale;

/** What the paper's figures share: the lab, the result they fill, the isolated runs, each point's time. */
abstract class FigureRuns {
  final Lab lab;
  final Options o;
  final FigureResult r;

  FigureRuns(Lab lab, FigureResult r) {
    this.lab = lab;
    this.o = lab.options();
    this.r = r;
  }

  /** Seconds for each of {@code n} equal points: the budget shared, whole windows, at most a sweep. */
  double pointSeconds(int n) {
    double w = o.window();
    double each = Math.floor(Experiments.budget(o) / n / w) * w;
    double max = o.measureSeconds != null ? o.measureSeconds : Math.max(o.sweepSeconds(), w);
    return Math.max(w, Math.min(each, max));
  }

  double base() {
    return o.rate();
  }

  RunSummary isolated(double rate) throws Exception {
    RunSummary iso = lab.run(lab.stock("isolated-frontend", "front end alone on stock HBase"), true, false,
        o.baselineSeconds(), rate, RateShape.CONSTANT);
    r.runs.add(iso);
    return iso;
  }

  RunSummary isolatedBatch() throws Exception {
    RunSummary b = lab.run(lab.stock("isolated-batch", "batch alone on stock HBase"), false, true,
        o.isolatedSeconds(), base(), RateShape.CONSTANT);
    r.runs.add(b);
    return b;
  }

  double slo(RunSummary iso, double factor) {
    double p = iso.p(o.percentile);
    if (Double.isNaN(p)) {
      throw new IllegalStateException("the isolated front end completed no requests; cannot derive the SLO");
    }
    return Math.max(1, Math.ceil(factor * p));
  }

  static String ms(double v) {
    return MarkdownReport.num(v) + " ms";
  }

  static String pct(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.0f%%", 100 * v);
  }

  static double change(double from, double to) {
    return (to - from) / from;
  }

  /** "1 interval", "3 intervals". */
  static String intervals(double n) {
    return fmt(n) + (n == 1 ? " interval" : " intervals");
  }

  static String fmt(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.1f", v);
  }
}
