package io.cake.controller.policy.rules;

import io.cake.controller.policy.ControllerParams;

/**
 * Beyond the paper: Cake releases an HDFS reservation only once share is below 1%, and an HBase one
 * only when HDFS occupancy is far above HBase occupancy; reserved slots that sit idle while the SLO
 * holds with slack would be kept from batch for a long time. Release one idle reservation per
 * interval (HBase first), and back off if that makes the SLO miss: the release is a probe, judged
 * by {@link GiveBackBackoff} in the next interval.
 */
public final class SlackRelease implements DecisionRule {
  @Override
  public void apply(DecisionDraft d) {
    ControllerParams params = d.params;
    if (d.perf > params.highPerformance()) {
      // "Idle" means the queue hardly waited and the remaining reservations would still run
      // under half busy with the tenant's mean load.
      double hbaseOcc = d.obs.hbaseOccupancy();
      boolean idleHbase = hbaseOcc <= params.idleOccupancy()
          && d.hbaseRes > d.hbaseReleaseFloor()
          && Reservations.canRelease(d.hbaseLoad, d.hbaseRes);
      boolean idleHdfs = d.obs.hdfsOccupancy() <= params.idleOccupancy() && d.hdfsRes > 0
          && Reservations.canRelease(d.hdfsLoad, d.hdfsRes);
      if ((idleHbase || idleHdfs) && d.hold > 0) {
        d.reasons.add("slack release on hold for " + d.hold + " more intervals");
      } else if (idleHbase) {
        d.hbaseRes--;
        d.probing = true;
        d.releasedIdle = true;
        d.reasons.add(String.format(
            "SLO exceeded, HBase queue idle (occupancy %.3f): release an idle HBase handler", hbaseOcc));
      } else if (idleHdfs) {
        d.hdfsRes--;
        d.probing = true;
        d.releasedIdle = true;
        d.reasons.add(String.format(
            "SLO exceeded, HDFS queue idle (occupancy %.3f): release an idle HDFS slot", d.obs.hdfsOccupancy()));
      }
    }
  }
}
