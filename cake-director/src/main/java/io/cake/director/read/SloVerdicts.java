package io.cake.director.read;

import io.cake.director.model.CapacityModel.Verdict;
import java.util.Collection;

/**
 * One RegionServer's verdict from its controller's per-tenant SLO beans ({@code
 * io.cake:type=ControllerSlo,...}, attribute {@code Met}: 1 met, 0 missed, NaN not judged). Any
 * miss makes the server's verdict a miss: an SLO tenant the server cannot serve is what the
 * director moves load for. With none judged, there is nothing to learn.
 */
public final class SloVerdicts {
  private SloVerdicts() {}

  public static Verdict of(Collection<Double> met) {
    boolean anyMet = false;
    for (Double m : met) {
      if (m == null || m.isNaN()) {
        continue;
      }
      if (m < 1) {
        return Verdict.MISSED;
      }
      anyMet = true;
    }
    return anyMet ? Verdict.MET : Verdict.NONE;
  }
}
