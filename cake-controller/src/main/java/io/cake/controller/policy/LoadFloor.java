package io.cake.controller.policy;

/**
 * The load floor, for each SLO tenant: its share never falls below the least share that keeps
 * {@code headroom} times its recent peak load (busy slots, Little's law) within its reservations
 * plus its share of the shared slots, at the DataNode and at HBase (no floor with the headroom
 * off). Under weighted fair queuing a share above what the tenant uses costs the others nothing
 * while it is idle (they get every slot it leaves), but a share below its load makes its queue
 * grow without bound, which a linear model fitted where the queue was stable cannot see coming.
 * The share step gives back until latency says stop, tuned to the load of the moment, so without
 * the floor a burst or a diurnal peak finds the tenant below its load for the interval or two the
 * loop needs to react (docs/decisions/0010-headroom-floor.md, 0019-load-floor.md). Pure.
 */
public final class LoadFloor {
  private LoadFloor() {}

  /**
   * The floor, at most {@code reserveAboveShare}: 0 with the headroom off.
   *
   * @param s the tenant's state, its peaks this interval's
   * @param hdfsOthers, hbaseOthers slots reserved for every other tenant
   */
  public static double share(TenantState s, Observation o, int hdfsReserved, int hbaseReserved, int hdfsOthers,
      int hbaseOthers, ControllerParams p) {
    if (p.headroom() <= 0) {
      return 0.0;
    }
    double need = Math.max(
        needed(p.headroom() * s.hdfsPeak(), hdfsReserved, o.hdfsSlots() - hdfsOthers - hdfsReserved),
        needed(p.headroom() * s.hbasePeak(), hbaseReserved, o.hbaseSlots() - hbaseOthers - hbaseReserved));
    return Math.min(p.reserveAboveShare(), Math.max(0.0, need));
  }

  private static double needed(double slots, int reserved, int shared) {
    return shared <= 0 ? 0.0 : (slots - reserved) / shared;
  }

  /** Why the floor raised a share, for the decision line. */
  static String reason(double from, double to, TenantState s, ControllerParams p) {
    return String.format(
        "headroom: share %.1f%% -> %.1f%%, %.1fx the recent peak load (%.2f HDFS slots, %.2f HBase handlers busy)"
            + " beside the reservations", 100 * from, 100 * to, p.headroom(), s.hdfsPeak(), s.hbasePeak());
  }
}
