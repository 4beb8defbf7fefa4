package io.cake.controller.policy.minimax;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Fits a tenant's {@link PerformanceModel} online from its last {@code window} intervals' (share,
 * performance) points, by least squares. Where the points cannot give a slope that means anything
 * (fewer than two, shares too close together, or a slope that is not positive: more share never
 * makes a tenant slower, so that is noise), it falls back on proportionality through the latest
 * point, performance = share x (p / a): twice the share, twice the performance. Immutable.
 */
public final class ModelFit {
  /** Shares closer together than this give no slope. */
  static final double MIN_SPREAD = 0.01;
  /** The flattest and steepest slopes believed, so one noisy point cannot send a step anywhere. */
  static final double MIN_SLOPE = 0.05;
  static final double MAX_SLOPE = 1_000.0;

  private final int window;
  private final Deque<double[]> points;

  public ModelFit(int window) {
    if (window < 2) {
      throw new IllegalArgumentException("the fit window must be at least 2 intervals, got " + window);
    }
    this.window = window;
    this.points = new ArrayDeque<>();
  }

  private ModelFit(int window, Deque<double[]> points) {
    this.window = window;
    this.points = points;
  }

  /** This fit with one more interval: the tenant had {@code share} and performed {@code performance}. */
  public ModelFit with(double share, double performance) {
    if (!(share > 0 && share <= 1) || !Double.isFinite(performance) || performance < 0) {
      throw new IllegalArgumentException("a point needs a share in (0, 1] and a finite performance >= 0, got "
          + share + ", " + performance);
    }
    Deque<double[]> next = new ArrayDeque<>(points);
    next.addLast(new double[] {share, performance});
    while (next.size() > window) {
      next.removeFirst();
    }
    return new ModelFit(window, next);
  }

  public int size() {
    return points.size();
  }

  /** The model, or null if there is no point yet. */
  public PerformanceModel model() {
    if (points.isEmpty()) {
      return null;
    }
    double n = points.size();
    double sa = 0;
    double sp = 0;
    for (double[] p : points) {
      sa += p[0];
      sp += p[1];
    }
    double ma = sa / n;
    double mp = sp / n;
    double saa = 0;
    double sap = 0;
    double lo = Double.MAX_VALUE;
    double hi = -Double.MAX_VALUE;
    for (double[] p : points) {
      saa += (p[0] - ma) * (p[0] - ma);
      sap += (p[0] - ma) * (p[1] - mp);
      lo = Math.min(lo, p[0]);
      hi = Math.max(hi, p[0]);
    }
    if (hi - lo >= MIN_SPREAD && saa > 0) {
      double slope = sap / saa;
      if (slope >= MIN_SLOPE && slope <= MAX_SLOPE) {
        return new PerformanceModel(mp - slope * ma, slope);
      }
    }
    double[] last = points.peekLast();
    double slope = Math.max(MIN_SLOPE, Math.min(MAX_SLOPE, last[1] / last[0]));
    return new PerformanceModel(last[1] - slope * last[0], slope);
  }
}
