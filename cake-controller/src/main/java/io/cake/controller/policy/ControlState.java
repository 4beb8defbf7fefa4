package io.cake.controller.policy;

/**
 * What the decision carries from one interval to the next: the allocation, and the back-off of
 * give-backs (beyond the paper: when giving share back or releasing an idle-looking reservation
 * made the SLO miss, the next give-back waits {@code backoff} intervals, doubling each time one
 * fails again, and back to the first once one holds).
 *
 * @param hold intervals left before anything may be given back again
 * @param backoff length of the next hold if a give-back fails
 * @param probing true in the interval right after a give-back
 */
public record ControlState(LatencyAllocation allocation, int hold, int backoff, boolean probing) {
  public static final int FIRST_BACKOFF = 4;
  public static final int MAX_BACKOFF = 64;

  public ControlState {
    if (allocation == null) {
      throw new IllegalArgumentException("allocation must not be null");
    }
    if (hold < 0 || backoff < 0) {
      throw new IllegalArgumentException("hold and backoff must be >= 0");
    }
  }

  public static ControlState of(LatencyAllocation allocation) {
    return new ControlState(allocation, 0, FIRST_BACKOFF, false);
  }
}
