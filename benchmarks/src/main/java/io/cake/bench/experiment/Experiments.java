package io.cake.bench.experiment;


/**
 * Cake's section 6 experiments, scaled to one 2-core machine: one emulated DataNode of 4 volumes
 * instead of the paper's cluster, a front end at tens of requests per second instead of hundreds,
 * and minutes instead of the paper's 24-minute days. Each method measures its points through the
 * {@link Lab} and fills a {@link FigureResult} with the points, the paper's numbers beside ours, and
 * the charts. What each scales, and how, is said in its notes and in docs/paper.md.
 *
 * <p>This class picks the experiment and sets the time budgets; the figures are in
 * {@code AllocationFigures} (6.1, 6.2) and {@code SloFigures} (6.3 to 6.6), the experiments
 * beyond the paper in {@code TenantExperiments}.
 */
public final class Experiments {
  private Experiments() {}

  public static FigureResult run(Figure f, Lab lab) throws Exception {
    FigureResult r = new FigureResult();
    switch (f) {
      case FIG8 -> new AllocationFigures(lab, r).fig8();
      case FIG9 -> new AllocationFigures(lab, r).fig9();
      case FIG10_11 -> new AllocationFigures(lab, r).fig10and11();
      case FIG12 -> new SloFigures(lab, r).fig12();
      case FIG14_17 -> new SloFigures(lab, r).fig14to17();
      case FIG18 -> new SloFigures(lab, r).fig18();
      case MULTI_TENANT -> new TenantExperiments(lab, r).multiTenant();
      case MISBEHAVING -> new TenantExperiments(lab, r).misbehaving();
      case OVERLOAD -> new TenantExperiments(lab, r).overload();
      case BURSTY -> new TenantExperiments(lab, r).bursty();
      case HOTSPOT -> throw new IllegalStateException("hotspot drives a cluster of its own (--zk), not the lab");
      default -> throw new IllegalStateException("unreachable");
    }
    return r;
  }

  // ------------------------------------------------------------------ budgets

  /**
   * Controller intervals a shaped or trade-off run settles at the base rate before it is measured.
   * A point measures a few intervals, so a cold start would be a large part of it, where the
   * paper's long runs hid theirs. fig12 measures convergence itself (docs/decisions/0023-warm-runs.md).
   */
  static final int SETTLE_INTERVALS = 4;

  /** --quick and --tiny settle for half as long, to keep each figure within its time limit. */
  static final int SHORT_SETTLE_INTERVALS = 2;

  /** Rough wall-clock estimate of an experiment, for the progress line. */
  public static double plannedSeconds(Options o) {
    int settled = o.experiment == Figure.FIG14_17 || o.experiment == Figure.FIG18 ? 6 : 0;
    double baseline = o.baselineSeconds() - o.isolatedSeconds(); // beyond the budget's isolated run
    return 60 + o.records() / 700.0 + o.jvmWarmupSeconds() + 1.35 * budget(o) + settled * settleSeconds(o) + baseline + 60;
  }

  static int settleIntervals(Options o) {
    return o.scale == Options.Scale.QUICK || o.scale == Options.Scale.TINY ? SHORT_SETTLE_INTERVALS : SETTLE_INTERVALS;
  }

  static double settleSeconds(Options o) {
    return settleIntervals(o) * o.controllerIntervalMs() / 1000.0;
  }

  /** Measured seconds an experiment may spend in all, so each figure fits its time limit. */
  static double budget(Options o) {
    return switch (o.scale) {
      case TINY -> 24;
      case QUICK -> 110;
      case DEFAULT -> 330;
      case FULL -> 3_600;
    };
  }
}
