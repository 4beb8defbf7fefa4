package io.cake.controller.policy;

/**
 * Cake's Algorithm 1 share step (section 5.3), for each SLO tenant: share moves by a bounded
 * linear model toward normalised performance 1.0 when the SLO is missed (below {@code
 * lowPerformance}), back when it holds with slack (above {@code highPerformance}), and stays in
 * between. The model is the paper's: performance in proportion to share, through this interval's
 * point. A reservation that does the step's work ({@link ReservationPolicy.Result#shareInstead})
 * replaces it; while the {@link StepGuard} holds, nothing is given back. When the tenants'
 * steps together ask for more than there is, {@link Arbitration} settles it over the same models.
 * Pure.
 */
public final class ShareStep {
  private ShareStep() {}

  /** The tenant's next share, whether it gave share back (a probe), and why. */
  public record Result(double share, boolean giveBack, String reason) {}

  public static Result next(TenantState s, TenantView v, StepGuard.Verdict guard, ReservationPolicy.Result r,
      ControllerParams p) {
    double perf = v.performance();
    if (!Double.isNaN(r.shareInstead())) {
      return new Result(TenantState.clampShare(r.shareInstead()), false, "");
    }
    if (!v.judged()) {
      return new Result(s.share(), false, v.note());
    }
    String note = v.note().isEmpty() ? "" : v.note() + ": ";
    if (perf < p.lowPerformance()) {
      double step = linearStep(p, s.share(), perf);
      return new Result(TenantState.clampShare(s.share() + step), false,
          String.format("%sSLO missed (perf %.2f): share +%.1f points", note, perf, step * 100));
    }
    if (perf > p.highPerformance()) {
      if (guard.holding()) {
        return new Result(s.share(), false, String.format(
            "SLO exceeded (perf %.2f): giving share back on hold for %d more intervals", perf, guard.hold()));
      }
      double step = linearStep(p, s.share(), perf);
      return new Result(TenantState.clampShare(s.share() - step), step > 0,
          String.format("SLO exceeded (perf %.2f): share -%.1f points", perf, step * 100));
    }
    return new Result(s.share(), false, String.format("SLO met (perf %.2f): share kept", perf));
  }

  /**
   * Algorithm 1 lines 16-20: the linear model targets normalised performance 1.0; the change is at
   * most {@code maxStepFraction} of the current share. Beyond the paper, a miss by a factor k
   * (perf = 1/k) allows a step k times that bound: from equal shares a front end 5x over its SLO
   * reaches its share in two or three intervals instead of eight. Near the SLO and when giving
   * share back the paper's bound holds, so the loop stays as calm as the paper's where it matters.
   */
  static double linearStep(ControllerParams p, double share, double perf) {
    double target = Math.min(share / perf, 1.0);
    double change = Math.abs(share - target);
    double gain = perf < 1.0 ? 1.0 / perf : 1.0;
    return Math.min(change, share * p.maxStepFraction() * gain);
  }
}
