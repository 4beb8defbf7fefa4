package io.cake.controller.policy;

/**
 * One SLO tenant's part of the controller's state, carried from one interval to the next.
 *
 * @param share its fraction of the shared slots' service, at both levels
 * @param hdfsReserved DataNode slots reserved for it
 * @param hbaseReserved HBase handlers reserved for it
 * @param hbasePeak its recent peak of busy handlers ({@link #nextPeak})
 * @param hdfsPeak the same for DataNode slots
 * @param hold intervals left before it may give anything back ({@link StepGuard})
 * @param backoff the next hold, should a give-back miss
 * @param probing whether the last interval gave something back, to be judged by this one
 */
public record TenantState(double share, int hdfsReserved, int hbaseReserved, double hbasePeak, double hdfsPeak,
    int hold, int backoff, boolean probing) {
  /** Shares stay strictly inside (0, 1): a weight of zero would starve a tenant outright. */
  public static final double MIN_SHARE = 0.001;
  public static final double MAX_SHARE = 0.999;

  /**
   * A recorded peak fades by this factor per interval (it halves in 10 intervals), so capacity
   * kept for a burst is handed back slowly once bursts stop.
   */
  public static final double PEAK_DECAY = Math.pow(0.5, 1.0 / 10);

  public TenantState {
    if (!(share >= MIN_SHARE && share <= MAX_SHARE)) {
      throw new IllegalArgumentException("share must be in [" + MIN_SHARE + ", " + MAX_SHARE + "], got " + share);
    }
    if (hdfsReserved < 0 || hbaseReserved < 0 || hold < 0 || backoff < 0) {
      throw new IllegalArgumentException("reservations, hold and backoff must be >= 0");
    }
    if (!(hbasePeak >= 0) || !(hdfsPeak >= 0) || Double.isInfinite(hbasePeak) || Double.isInfinite(hdfsPeak)) {
      throw new IllegalArgumentException("peaks must be finite and >= 0");
    }
  }

  /** Where a tenant starts: the share and reservations the schedulers give it now, nothing learnt. */
  public static TenantState start(double share, int hdfsReserved, int hbaseReserved) {
    return new TenantState(clampShare(share), hdfsReserved, hbaseReserved, 0, 0, 0, StepGuard.FIRST_BACKOFF, false);
  }

  /** {@code s} within [{@link #MIN_SHARE}, {@link #MAX_SHARE}]. */
  public static double clampShare(double s) {
    return Math.max(MIN_SHARE, Math.min(MAX_SHARE, s));
  }

  /** The recorded peak after an interval in which {@code busy} slots were busy. */
  public static double nextPeak(double peak, double busy) {
    double b = Double.isFinite(busy) && busy > 0 ? busy : 0.0;
    return Math.max(b, peak * PEAK_DECAY);
  }

  @Override
  public String toString() {
    return String.format("share=%.1f%% hdfsReserved=%d hbaseReserved=%d", share * 100, hdfsReserved, hbaseReserved);
  }
}
