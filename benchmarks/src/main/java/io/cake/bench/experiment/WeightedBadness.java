package io.cake.bench.experiment;

import io.cake.bench.experiment.TenantExperiments.FrontEnd;
import java.util.List;

/** Frosting's weighted badness: how far a tenant misses its SLO, times its weight, and its spread. */
final class WeightedBadness {
  private WeightedBadness() {}

  /**
   * Frosting's weighted badness of a measured percentile: weight x (1 - performance), performance
   * being SLO over measured, capped at 1 (meeting a goal with room to spare is no badness at all).
   */
  static double badness(FrontEnd f, double slo, double measuredMs) {
    return Double.isNaN(measuredMs) ? Double.NaN : f.weight() * Math.max(0, 1 - slo / measuredMs);
  }

  /** The mean weighted badness of the windows from {@code from} on that had requests. */
  static double windowBadness(double[] windowMs, FrontEnd f, double slo, int from) {
    double sum = 0;
    int n = 0;
    for (int i = from; i < windowMs.length; i++) {
      if (!Double.isNaN(windowMs[i])) {
        sum += badness(f, slo, windowMs[i]);
        n++;
      }
    }
    return n == 0 ? Double.NaN : sum / n;
  }

  /** The largest weighted badness over the smallest; 1 is perfectly even, NaN when one is 0. */
  static double spread(List<Double> badness) {
    double lo = Double.MAX_VALUE;
    double hi = 0;
    for (double b : badness) {
      lo = Math.min(lo, b);
      hi = Math.max(hi, b);
    }
    return lo > 0 ? hi / lo : Double.NaN;
  }
}
