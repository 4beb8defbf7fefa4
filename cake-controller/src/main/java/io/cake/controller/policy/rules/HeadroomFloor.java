package io.cake.controller.policy.rules;

import io.cake.controller.policy.ControllerParams;
import io.cake.controller.policy.Observation;

/**
 * Beyond the paper: share never falls below the least share that keeps {@code headroom} times the
 * tenant's recent peak load (busy slots, Little's law) within its reservations plus its share of
 * the shared slots, at HDFS and at HBase (no floor when the headroom is off). Under weighted fair
 * queuing a share above what the tenant uses costs the others nothing while it is idle (they get
 * every slot it leaves), but a share below its load makes its queue grow without bound. The
 * paper's loop gives share back until latency says stop, tuned to the load of the moment, so a
 * burst or a diurnal peak finds the tenant below its load for the interval or two the loop needs
 * to react, and a spike or peak then costs windows of seconds at the p99
 * (docs/decisions/0010-headroom-floor.md).
 */
public final class HeadroomFloor implements DecisionRule {
  @Override
  public void apply(DecisionDraft d) {
    double headroom = share(d);
    if (d.share < headroom) {
      if (d.giveBack && headroom >= d.current.share()) {
        d.probing = d.releasedIdle; // no share was given back: no probe to judge next interval
      }
      d.reasons.add(String.format(
          "headroom: share %.1f%% -> %.1f%%, %.1fx the recent peak load (%.2f HDFS slots, %.2f HBase handlers busy) beside the reservations",
          100 * d.share, 100 * headroom, d.params.headroom(), d.hdfsPeak, d.hbasePeak));
      d.share = headroom;
    }
  }

  /** The floor: 0 when the headroom is off, at most {@code reserveAboveShare}. */
  static double share(DecisionDraft d) {
    ControllerParams params = d.params;
    if (params.headroom() <= 0) {
      return 0.0;
    }
    Observation obs = d.obs;
    int pool = PoolCap.running(obs, d.current.hbasePoolCap());
    double need = Math.max(
        needed(params.headroom() * d.hdfsPeak, d.hdfsRes, obs.hdfsSlots() - d.otherHdfsReserved - d.hdfsRes),
        needed(params.headroom() * d.hbasePeak, d.hbaseRes, pool - d.otherHbaseReserved - d.hbaseRes));
    return Math.min(params.reserveAboveShare(), Math.max(0.0, need));
  }

  private static double needed(double slots, int reserved, int shared) {
    return shared <= 0 ? 0.0 : (slots - reserved) / shared;
  }
}
