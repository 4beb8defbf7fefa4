package io.cake.controller.policy.rules;

import io.cake.controller.policy.ControllerParams;

/**
 * Cake's Algorithm 2, queue occupancy at HBase (section 5.3). HBase shares equal HDFS shares (the
 * same value, so there is nothing to set). HBase reservations follow where the tenant waits: one
 * more handler when its HBase queue was busier than its HDFS queue, one fewer when HDFS occupancy
 * is {@code occupancyCoefficient} times HBase occupancy and the HBase reservation exceeds the HDFS
 * one. Beyond the paper, occupancies under {@code minOccupancy} are noise, and a release must leave
 * the remaining handlers at most half busy ({@link Reservations#canRelease}), and the HBase
 * reservation is raised to, and never released below, the handlers it takes to keep the HDFS
 * reservation busy ({@link Reservations#handlersToFill}; the paper's floor is the HDFS reservation
 * itself).
 */
public final class QueueOccupancyAtHbase implements DecisionRule {
  @Override
  public void apply(DecisionDraft d) {
    ControllerParams params = d.params;
    int maxHbaseRes = Reservations.reservableBeside(d.obs.hbaseSlots(), d.otherHbaseReserved);
    d.hbaseRes = Math.min(Math.max(d.hbaseRes, 0), maxHbaseRes);
    double hdfsOcc = d.obs.hdfsOccupancy();
    double hbaseOcc = d.obs.hbaseOccupancy();
    if (hdfsOcc < hbaseOcc && hbaseOcc >= params.minOccupancy()) {
      if (d.hbaseRes < maxHbaseRes) {
        d.hbaseRes++;
        d.reasons.add(
            String.format(
                "bottleneck at HBase (occupancy hdfs %.2f < hbase %.2f): reserve HBase handler %d",
                hdfsOcc, hbaseOcc, d.hbaseRes));
      } else {
        d.reasons.add(
            String.format(
                "bottleneck at HBase (occupancy hdfs %.2f < hbase %.2f) but no handler left to reserve",
                hdfsOcc, hbaseOcc));
      }
    } else if (hdfsOcc > params.occupancyCoefficient() * hbaseOcc
        && hdfsOcc >= params.minOccupancy()
        && d.hbaseRes > d.hbaseReleaseFloor()
        && Reservations.canRelease(d.hbaseLoad, d.hbaseRes)) {
      d.hbaseRes--;
      d.reasons.add(
          String.format(
              "HDFS is the bottleneck (occupancy hdfs %.2f > %.1f x hbase %.2f): release an HBase handler",
              hdfsOcc, params.occupancyCoefficient(), hbaseOcc));
    }
    int fill = d.handlersForReservedSlots();
    if (d.hbaseRes < fill) {
      d.reasons.add(String.format(
          "%d HDFS slots reserved, handlers busy %.2f per %.2f slots reading: reserve HBase handlers %d -> %d to reach them",
          d.hdfsRes, d.hbasePeak, d.hdfsPeak, d.hbaseRes, fill));
      d.hbaseRes = fill;
    }
  }
}
