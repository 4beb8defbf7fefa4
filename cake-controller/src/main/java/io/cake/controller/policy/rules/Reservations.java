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

  /**
   * Beyond the paper: the tenant's load has outgrown its {@code reserved} slots, running them more
   * than half busy; the mirror of {@link #canRelease}, so one more slot is exactly what the release
   * rule would keep and the two never undo each other.
   */
  public static boolean outgrown(double busySlots, int reserved) {
    return !canRelease(busySlots, reserved + 1);
  }

  /**
   * Beyond the paper: the HBase handlers it takes to keep {@code hdfsReserved} DataNode slots busy
   * (Little's law). A get holds its handler for the whole call, its DataNode reads included, so a
   * tenant whose handlers are busy {@code hbaseBusy} while its reads keep {@code hdfsBusy} slots
   * busy needs {@code hbaseBusy / hdfsBusy} handlers per slot it reads on (never fewer than one).
   * Fewer reserved handlers leave reserved slots the tenant cannot reach while batch scans hold
   * every shared handler: a front end holding most of the slots and nearly all the share still
   * waits for a handler, since a scan starved at the gate holds its handler for seconds
   * (docs/decisions/0011-fill-reserved-slots.md). Cake's own Algorithm 2 already never releases a
   * handler below the HDFS reservation; this is that floor, scaled by what the tenant's calls do
   * besides reading. The scale stops at
   * what {@link PoolCap} still calls disk-bound (1 / {@link PoolCap#DISK_BOUND_FRACTION} handlers
   * per slot): handler time beyond that is CPU, which the pool cap limits rather than reserves.
   *
   * @param hbaseBusy the tenant's busy handlers (its recent peak, as the releases use)
   * @param hdfsBusy its busy DataNode slots, measured alike; at or under 0 the ratio is 1
   */
  public static int handlersToFill(int hdfsReserved, double hbaseBusy, double hdfsBusy) {
    if (hdfsReserved <= 0) {
      return 0;
    }
    double ratio = hdfsBusy > 0 ? hbaseBusy / hdfsBusy : 1.0;
    double perSlot = Math.max(1.0, Math.min(ratio, 1.0 / PoolCap.DISK_BOUND_FRACTION));
    // A hair over an integer is that integer: 2 x (2.1 / 1.4) is 3.0000000000000004 in doubles.
    return (int) Math.ceil(hdfsReserved * perSlot - 1e-9);
  }
}
