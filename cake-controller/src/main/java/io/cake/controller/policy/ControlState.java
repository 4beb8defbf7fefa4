package io.cake.controller.policy;

/**
 * What the decision carries from one interval to the next: the allocation, the back-off of
 * give-backs (beyond the paper: when giving share back or releasing an idle-looking reservation
 * made the SLO miss, the next give-back waits {@code backoff} intervals, doubling each time one
 * fails again, and back to the first once one holds), and the tenant's recent peak load.
 *
 * @param hold intervals left before anything may be given back again
 * @param backoff length of the next hold if a give-back fails
 * @param probing true in the interval right after a give-back
 * @param hbasePeak the tenant's recent peak of busy HBase handlers ({@link #PEAK_DECAY})
 * @param hdfsPeak the same for DataNode slots
 */
public record ControlState(
    LatencyAllocation allocation, int hold, int backoff, boolean probing, double hbasePeak, double hdfsPeak) {
  public static final int FIRST_BACKOFF = 4;
  public static final int MAX_BACKOFF = 64;

  /**
   * A recorded peak fades by this factor per interval (it halves in 10 intervals: 100 s at the
   * default interval), so capacity kept for a burst is handed back slowly once bursts stop.
   */
  public static final double PEAK_DECAY = Math.pow(0.5, 1.0 / 10);

  public ControlState {
    if (allocation == null) {
      throw new IllegalArgumentException("allocation must not be null");
    }
    if (hold < 0 || backoff < 0) {
      throw new IllegalArgumentException("hold and backoff must be >= 0");
    }
    if (!(hbasePeak >= 0) || !(hdfsPeak >= 0) || Double.isInfinite(hbasePeak) || Double.isInfinite(hdfsPeak)) {
      throw new IllegalArgumentException("peaks must be finite and >= 0");
    }
  }

  /** No peak recorded yet. */
  public ControlState(LatencyAllocation allocation, int hold, int backoff, boolean probing) {
    this(allocation, hold, backoff, probing, 0.0, 0.0);
  }

  public static ControlState of(LatencyAllocation allocation) {
    return new ControlState(allocation, 0, FIRST_BACKOFF, false);
  }

  /** The recorded peak after an interval in which {@code busy} slots were busy. */
  public static double nextPeak(double peak, double busy) {
    double b = Double.isFinite(busy) && busy > 0 ? busy : 0.0;
    return Math.max(b, peak * PEAK_DECAY);
  }
}
