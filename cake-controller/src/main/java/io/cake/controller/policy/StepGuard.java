package io.cake.controller.policy;

/**
 * The guard against oscillation, one for every tenant: giving share or a reservation back probes
 * for slack, and if the interval after the probe misses, the next give-back waits ({@link
 * #FIRST_BACKOFF} intervals, doubling while probes keep failing, up to {@link #MAX_BACKOFF}; a
 * probe that holds resets it). Without it the loop gives back until a window misses, takes back,
 * and gives back again; in the hdd regime that cycle is most of the windows missed after
 * converging (docs/decisions/0010-headroom-floor.md). It runs before the stages that give back,
 * which read its verdict: while {@link Verdict#hold} is positive they give nothing back.
 */
public final class StepGuard {
  public static final int FIRST_BACKOFF = 4;
  public static final int MAX_BACKOFF = 64;

  private StepGuard() {}

  /**
   * @param hold intervals left, this one included, before anything may be given back
   * @param backoff the hold the next failed probe starts
   * @param reason why the hold started, or empty
   */
  public record Verdict(int hold, int backoff, String reason) {
    public boolean holding() {
      return hold > 0;
    }
  }

  /** Judges the last interval's probe, if it made one, by this interval's performance. */
  public static Verdict judge(TenantState s, double performance, double lowPerformance) {
    int hold = Math.max(0, s.hold() - 1);
    if (s.probing() && !Double.isNaN(performance)) {
      if (performance < lowPerformance) {
        return new Verdict(s.backoff(), Math.min(MAX_BACKOFF, s.backoff() * 2),
            "the last give-back missed the SLO: nothing given back for " + s.backoff() + " intervals");
      }
      return new Verdict(hold, FIRST_BACKOFF, "");
    }
    return new Verdict(hold, s.backoff(), "");
  }
}
