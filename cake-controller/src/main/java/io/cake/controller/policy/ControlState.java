package io.cake.controller.policy;

/**
 * What the decision carries from one interval to the next: the allocation, and the back-off of
 * slack releases (beyond the paper: when releasing an idle-looking HBase reservation made the SLO
 * miss, the next such release waits {@code backoff} intervals, doubling each time it fails again).
 *
 * @param hold intervals left before another slack release may be tried
 * @param backoff length of the next hold if a slack release fails
 * @param probing true in the interval right after a slack release
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
