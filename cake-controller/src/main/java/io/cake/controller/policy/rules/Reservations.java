package io.cake.controller.policy.rules;

import io.cake.core.sched.Allocation;

/**
 * How many slots the latency tenant may reserve, and when it may give one back; the release rule
 * holds for each of several SLO tenants too ({@link io.cake.controller.policy.minimax.TenantReservations}).
 */
public final class Reservations {
  /** Highest utilisation of the reservations left after a slack release. */
  public static final double RELEASE_UTILISATION = 0.5;

  private Reservations() {}

  /**
   * Slots the latency tenant may reserve beside {@code othersReserved}: the last shared slot is
   * never reserved ({@link Allocation#maxReservable}), and others' reservations count against it.
   */
  static int reservableBeside(int slots, int othersReserved) {
    return Math.max(0, Allocation.maxReservable(slots) - othersReserved);
  }

  /**
   * Beyond the paper: a reservation is released only if the ones left would run at most half busy
   * with the tenant's mean load. Without this guard the occupancy rule releases the last reserved
   * handler when a low share makes the tenant wait at HDFS, and a front end whose every request
   * then finds all handlers held by scans misses its SLO by seconds (seen in the simulator).
   */
  public static boolean canRelease(double busySlots, int reserved) {
    return busySlots <= (reserved - 1) * RELEASE_UTILISATION;
  }
}
