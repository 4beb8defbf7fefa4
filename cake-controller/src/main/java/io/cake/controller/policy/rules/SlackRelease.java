package io.cake.controller.policy.rules;

import io.cake.controller.policy.ControllerParams;

/**
 * Beyond the paper: Cake releases an HDFS reservation only once share is below 1%, and an HBase one
 * only when HDFS occupancy is far above HBase occupancy; reserved slots that sit idle while the SLO
 * holds with slack would be kept from batch for a long time. Release one idle reservation per
 * interval (HBase first), and back off if that makes the SLO miss: the release is a probe, judged
 * by {@link GiveBackBackoff} in the next interval.
 *
 * <p>"Idle" differs by resource. A reserved handler is idle when the tenant hardly waited for one
 * (occupancy) and the handlers left would run at most half busy ({@link Reservations#canRelease}).
 * At the DataNode the occupancy says nothing about the reserved slots: with a limit per device a
 * read waits for its own disk, busy with another tenant's read, while reserved slots stand free,
 * and no reservation shortens that wait. So a DataNode slot goes when the slots left would run
 * at most half busy, whatever the queue did: the tenant's queue stays occupied while its reserved
 * slots are mostly idle, so an occupancy test would keep them from batch for the rest of a run
 * (docs/decisions/0012-slack-release.md).
 */
public final class SlackRelease implements DecisionRule {
  @Override
  public void apply(DecisionDraft d) {
    ControllerParams params = d.params;
    // One release an interval: none beside one Algorithm 1 or 2 made, so that the probe judged
    // next interval is one reservation.
    if (d.perf > params.highPerformance() && !d.releasedAny()) {
      double hbaseOcc = d.obs.hbaseOccupancy();
      boolean idleHbase = hbaseOcc <= params.idleOccupancy()
          && d.hbaseRes > d.hbaseReleaseFloor()
          && Reservations.canRelease(d.hbaseLoad, d.hbaseRes);
      boolean idleHdfs = d.hdfsRes > 0 && Reservations.canRelease(d.hdfsLoad, d.hdfsRes);
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
            "SLO exceeded, %d reserved HDFS slots with %.2f busy: release one, the rest stay at most half busy",
            d.hdfsRes + 1, d.hdfsLoad));
      }
    }
  }
}
