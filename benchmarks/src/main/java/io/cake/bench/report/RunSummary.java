package io.cake.bench.report;

import io.cake.bench.cluster.AllocationPoint;
import io.cake.bench.cluster.Policy;
import io.cake.bench.load.Phase;
import io.cake.bench.load.Windows;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/** One run's numbers, as results.json, report.md and the plots need them. */
public final class RunSummary {
  public final Policy policy;
  public final Phase.Outcome outcome;
  /** The other values of the swept knob (not kept), each as a summary map. */
  public final List<Map<String, Object>> sweep = new ArrayList<>();
  /** The emulated disk's work during the run (--disk hdd), else null. */
  public Map<String, Object> disk;

  public RunSummary(Policy policy, Phase.Outcome outcome) {
    this.policy = policy;
    this.outcome = outcome;
  }

  public String name() {
    return policy.name();
  }

  public Double sloMs() {
    return policy.sloMs();
  }

  public boolean hasFrontend() {
    return outcome.frontend() != null;
  }

  public boolean hasBatch() {
    return outcome.batch() != null;
  }

  public Histogram frontendHistogram() {
    return outcome.frontend().total();
  }

  public double p(double percentile) {
    return hasFrontend() ? Windows.ms(outcome.frontend().total(), percentile) : Double.NaN;
  }

  /** The front end's p99 as Cake's RegionServer scheduler measured it (receive to response), NaN off Cake. */
  public double serverP99() {
    org.HdrHistogram.Histogram h = outcome.serverFrontend();
    return h == null ? Double.NaN : h.getValueAtPercentile(99) / 1e6;
  }

  /**
   * What the client sees beyond the server at the p-th percentile: the client's p-th percentile
   * over the windows the server's {@link #serverP99() measured intervals} cover (a window counts
   * if its middle lies in them) minus the server's. The server's intervals leave out the
   * measured period's first and last partial intervals, and tails over different periods are
   * different tails: a burst the server never saw would count as client time. NaN off Cake.
   */
  public double clientBudgetMs(double percentile) {
    double from = outcome.serverFromSeconds();
    double to = outcome.serverToSeconds();
    if (!hasFrontend() || outcome.serverFrontend() == null || Double.isNaN(from) || Double.isNaN(to)) {
      return Double.NaN;
    }
    Windows w = outcome.frontend();
    Histogram client = null;
    for (int i = 0; i < w.count(); i++) {
      double mid = (i + 0.5) * w.windowSeconds();
      if (mid >= from && mid <= to) {
        Histogram h = w.window(i);
        if (client == null) {
          client = h.copy();
        } else {
          client.add(h);
        }
      }
    }
    if (client == null || client.getTotalCount() == 0) {
      return Double.NaN;
    }
    double server = outcome.serverFrontend().getValueAtPercentile(percentile) / 1e6;
    return Windows.ms(client, percentile) - server;
  }

  public double measuredSeconds() {
    return outcome.spec().measureSeconds();
  }

  public long frontendOps() {
    return hasFrontend() ? outcome.frontend().totalOps() : 0;
  }

  public double frontendOpsPerSec() {
    return frontendOps() / measuredSeconds();
  }

  /**
   * Batch scans that completed: a scan that failed (HBase's quota throttles by failing calls until
   * the client gives up) returned part of its rows at most, which count in MB/s, not here
   * (docs/decisions/0022-batch-completed-scans.md).
   */
  public long batchOps() {
    return hasBatch() ? outcome.batch().totalCompleted() : 0;
  }

  /** The run of that name among {@code runs}, or null. */
  public static RunSummary named(List<RunSummary> runs, String name) {
    return runs.stream().filter(r -> r.name().equals(name)).findFirst().orElse(null);
  }

  /** Batch scans that failed, not counted in {@link #batchOps()}. */
  public long batchErrors() {
    return hasBatch() ? outcome.batch().errors() : 0;
  }

  public double batchOpsPerSec() {
    return batchOps() / measuredSeconds();
  }

  public double batchMbPerSec() {
    return hasBatch() ? outcome.batch().totalBytes() / 1e6 / measuredSeconds() : 0;
  }

  /** Whether the whole measured period's front-end p-th percentile is within the SLO (null: no SLO). */
  public Boolean sloMet(double percentile) {
    if (sloMs() == null || !hasFrontend()) {
      return null;
    }
    double v = p(percentile);
    return !Double.isNaN(v) && v <= sloMs();
  }

  /**
   * Controller intervals a cake-slo run may take to converge from equal shares (the target in
   * docs/evaluation.md; the paper took 4): windows before that are left out of {@link
   * #windowFractionMet(double, double)}.
   */
  public static final int CONVERGENCE_INTERVALS = 3;

  /** How long a cake-slo run may take to converge at {@code intervalMs} a controller interval. */
  public static double convergenceSeconds(double intervalMs) {
    return CONVERGENCE_INTERVALS * intervalMs / 1000.0;
  }

  /** Fraction of windows (with at least one request) whose p-th percentile is within the SLO. */
  public Double windowFractionMet(double percentile) {
    return windowFractionMet(percentile, 0);
  }

  /** As {@link #windowFractionMet(double)}, over the windows that start at {@code fromSeconds} or later. */
  public Double windowFractionMet(double percentile, double fromSeconds) {
    return sloMs() == null ? null : windowFractionWithin(sloMs(), percentile, fromSeconds);
  }

  /**
   * As {@link #windowFractionMet(double, double)}, against {@code sloMs} rather than this run's own
   * SLO: the isolated front end has none, and judged against a cake-slo run's it shows how many of
   * that SLO's windows the front end meets alone (null: no front end).
   */
  public Double windowFractionWithin(double sloMs, double percentile, double fromSeconds) {
    if (!hasFrontend()) {
      return null;
    }
    Windows w = outcome.frontend();
    int n = 0;
    int met = 0;
    for (int i = 0; i < w.count(); i++) {
      if (i * w.windowSeconds() < fromSeconds - 1e-9) {
        continue;
      }
      Histogram h = w.window(i);
      if (h.getTotalCount() == 0) {
        continue;
      }
      n++;
      if (Windows.ms(h, percentile) <= sloMs) {
        met++;
      }
    }
    return n == 0 ? 0.0 : (double) met / n;
  }

  /** A short summary (for the sweep list and logs). */
  public Map<String, Object> brief(double percentile) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("label", policy.label());
    m.put("knob", policy.knob());
    m.put("frontend_p99_ms", round(p(99.0)));
    m.put("slo_met", sloMet(percentile));
    m.put("batch_ops_per_s", round(batchOpsPerSec()));
    m.put("batch_errors", batchErrors());
    return m;
  }

  public List<AllocationPoint> allocation() {
    return outcome.allocation();
  }

  public static Double round(double v) {
    if (Double.isNaN(v) || Double.isInfinite(v)) {
      return null;
    }
    return Math.round(v * 1000.0) / 1000.0;
  }
}
