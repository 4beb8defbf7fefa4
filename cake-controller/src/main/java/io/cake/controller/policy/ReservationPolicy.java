package io.cake.controller.policy;

import io.cake.core.sched.Allocation;
import java.util.ArrayList;
import java.util.List;

/**
 * Reservations, one policy for every SLO tenant and both levels: what shares cannot buy is a slot
 * that is free when a request arrives (Cake's Fig. 8: reservations matter at low load, shares at
 * high load). Per tenant, each interval, in this order:
 *
 * <ul>
 *   <li><b>DataNode, Algorithm 1.</b> A miss with share above {@code reserveAboveShare} while the
 *       tenant waits at the DataNode reserves a slot instead of a share step (1/shared of share
 *       goes back); so, beside the share step, does a miss the linear model says share cannot fix,
 *       or one whose recent peak runs the slots it holds more than half busy ({@link #outgrown}).
 *       Slack with share below {@code releaseBelowShare} releases a slot instead of a give-back.
 *   <li><b>HBase, Algorithm 2.</b> One more handler when the tenant's HBase queue was busier than
 *       its DataNode queue; one fewer when DataNode occupancy is {@code occupancyCoefficient} times
 *       HBase occupancy. Never below the handlers it takes to reach the reserved DataNode slots
 *       ({@link #handlersToFill}).
 *   <li><b>Slack release.</b> With slack and no release above, one idle reservation goes (HBase
 *       first), as a probe the {@link StepGuard} judges next interval; not while it holds.
 * </ul>
 *
 * Occupancies under {@code minOccupancy} are noise, and a release always leaves the reservations
 * left at most half busy with the tenant's recent peak load ({@link #canRelease}). The tenants
 * reserve one after the other, the worst off first ({@link Planner}), within what the last shared
 * slot, the tenants before them and the configured reservations of the tenants without an SLO
 * leave. Pure.
 */
public final class ReservationPolicy {
  /** Highest utilisation of the reservations left after a release. */
  static final double RELEASE_UTILISATION = 0.5;

  /**
   * The handler time beyond which a tenant's calls count as CPU rather than reads: below half of
   * it spent reading at the DataNode ({@link OthersLimit#diskBound}), and the most handlers a
   * reserved DataNode slot is given.
   */
  static final double DISK_BOUND_FRACTION = 0.5;

  private ReservationPolicy() {}

  /**
   * One tenant's reservations for the next interval.
   *
   * @param shareInstead the share that replaces the share step when a reservation does its work
   *     (NaN: the step decides)
   * @param probe whether an idle reservation was released as a probe
   */
  public record Result(int hdfsReserved, int hbaseReserved, double shareInstead, boolean probe, List<String> reasons) {
    public Result {
      reasons = List.copyOf(reasons);
    }
  }

  /**
   * @param s the tenant's state, its peaks already this interval's
   * @param v its interval
   * @param hdfsOthers, hbaseOthers slots reserved for everyone served before it and for the
   *     tenants without an SLO
   */
  public static Result next(TenantState s, TenantView v, StepGuard.Verdict guard, int hdfsOthers, int hbaseOthers,
      ControllerParams p) {
    Observation o = v.obs();
    double perf = v.performance();
    List<String> why = new ArrayList<>();
    double hdfsLoad = p.headroom() > 0 ? s.hdfsPeak() : o.hdfsBusy();
    double hbaseLoad = p.headroom() > 0 ? s.hbasePeak() : o.hbaseBusy();
    int hdfsLeft = reservableBeside(o.hdfsSlots(), hdfsOthers);
    int hbaseLeft = reservableBeside(o.hbaseSlots(), hbaseOthers);
    int hdfs = Math.min(s.hdfsReserved(), hdfsLeft);
    int hbase = Math.min(s.hbaseReserved(), hbaseLeft);
    double instead = Double.NaN;
    boolean released = false;
    // DataNode, Algorithm 1: a miss, and a slot left to reserve.
    boolean missed = v.judged() && perf < p.lowPerformance() && hdfs < hdfsLeft;
    if (missed && !v.missShown(p.lowPerformance())) {
      why.add(String.format("no HDFS reservation: no request over the SLO (perf %.2f is the tail fitted to them)", perf));
    } else if (missed && o.hdfsOccupancy() >= p.minOccupancy()) {
      if (s.share() > p.reserveAboveShare()) {
        instead = s.share() - 1.0 / (o.hdfsSlots() - hdfsOthers - hdfs);
        hdfs++;
        why.add(String.format("SLO missed (perf %.2f) with share above %.0f%%: reserve HDFS slot %d, give share back",
            perf, p.reserveAboveShare() * 100, hdfs));
      } else if (s.share() / perf > p.reserveAboveShare()) {
        hdfs++;
        why.add(String.format("SLO missed (perf %.2f) beyond what share can fix (the model wants %.0f%%), waiting at the"
            + " DataNode (occupancy %.2f): reserve HDFS slot %d", perf, Math.min(999, 100 * s.share() / perf),
            o.hdfsOccupancy(), hdfs));
      } else if (hdfs > 0 && outgrown(hdfsLoad, hdfs)) {
        hdfs++;
        why.add(String.format("SLO missed (perf %.2f) with %.2f HDFS slots busy, more than half of %d reserved:"
            + " reserve HDFS slot %d", perf, hdfsLoad, hdfs - 1, hdfs));
      }
    } else if (missed && s.share() > p.reserveAboveShare()) {
      why.add(String.format("no HDFS reservation: hardly waiting at the DataNode (occupancy %.2f)", o.hdfsOccupancy()));
    } else if (v.judged() && perf > p.highPerformance() && s.share() < p.releaseBelowShare() && hdfs > 0) {
      hdfs--;
      instead = s.share() + 1.0 / (o.hdfsSlots() - hdfsOthers - hdfs);
      why.add(String.format("SLO exceeded (perf %.2f) with share below %.0f%%: release an HDFS slot, take share",
          perf, p.releaseBelowShare() * 100));
    }
    boolean releasedHdfs = hdfs < Math.min(s.hdfsReserved(), hdfsLeft);
    // HBase, Algorithm 2.
    double hdfsOcc = o.hdfsOccupancy();
    double hbaseOcc = o.hbaseOccupancy();
    int fill = p.fillReservedSlots() ? Math.min(hbaseLeft, handlersToFill(hdfs, s.hbasePeak(), s.hdfsPeak())) : 0;
    int floor = Math.max(hdfs, fill);
    if (hdfsOcc < hbaseOcc && hbaseOcc >= p.minOccupancy()) {
      if (hbase < hbaseLeft) {
        hbase++;
        why.add(String.format("bottleneck at HBase (occupancy hdfs %.2f < hbase %.2f): reserve HBase handler %d",
            hdfsOcc, hbaseOcc, hbase));
      }
    } else if (hdfsOcc > p.occupancyCoefficient() * hbaseOcc && hdfsOcc >= p.minOccupancy() && hbase > floor
        && canRelease(hbaseLoad, hbase)) {
      hbase--;
      why.add(String.format("HDFS is the bottleneck (occupancy hdfs %.2f > %.1f x hbase %.2f): release an HBase handler",
          hdfsOcc, p.occupancyCoefficient(), hbaseOcc));
    }
    if (hbase < fill) {
      why.add(String.format("%d HDFS slots reserved, handlers busy %.2f per %.2f slots reading: reserve HBase"
          + " handlers %d -> %d to reach them", hdfs, s.hbasePeak(), s.hdfsPeak(), hbase, fill));
      hbase = fill;
    }
    // Slack release: one an interval, none beside one above, so the probe judged next is one reservation.
    if (v.judged() && perf > p.highPerformance() && !releasedHdfs && hbase >= s.hbaseReserved()) {
      boolean idleHbase = hbaseOcc <= p.idleOccupancy() && hbase > floor && canRelease(hbaseLoad, hbase);
      boolean idleHdfs = hdfs > 0 && canRelease(hdfsLoad, hdfs);
      if ((idleHbase || idleHdfs) && guard.holding()) {
        why.add("slack release on hold for " + guard.hold() + " more intervals");
      } else if (idleHbase) {
        hbase--;
        released = true;
        why.add(String.format("SLO exceeded, HBase queue idle (occupancy %.3f): release an idle HBase handler", hbaseOcc));
      } else if (idleHdfs) {
        hdfs--;
        released = true;
        why.add(String.format("SLO exceeded, %d reserved HDFS slots with %.2f busy: release one, the rest stay at"
            + " most half busy", hdfs + 1, hdfsLoad));
      }
    }
    return new Result(hdfs, hbase, instead, released, why);
  }

  /** Slots a tenant may reserve beside {@code othersReserved}: the last shared slot is never reserved. */
  public static int reservableBeside(int slots, int othersReserved) {
    return Math.max(0, Allocation.maxReservable(slots) - othersReserved);
  }

  /**
   * A reservation is released only if the ones left would run at most half busy with the
   * tenant's load. Without this the occupancy rule releases the last reserved handler when a low
   * share makes the tenant wait at HDFS, and a front end whose every request then finds all
   * handlers held by scans misses its SLO by seconds.
   */
  public static boolean canRelease(double busySlots, int reserved) {
    return busySlots <= (reserved - 1) * RELEASE_UTILISATION;
  }

  /** The load has outgrown {@code reserved} slots: the mirror of {@link #canRelease}, so the two never undo each other. */
  public static boolean outgrown(double busySlots, int reserved) {
    return !canRelease(busySlots, reserved + 1);
  }

  /**
   * The HBase handlers it takes to keep {@code hdfsReserved} DataNode slots busy (Little's law): a
   * get holds its handler for the whole call, its reads included, so a tenant whose handlers are
   * busy {@code hbaseBusy} while its reads keep {@code hdfsBusy} slots busy needs that ratio of
   * handlers per slot (at least one, at most 1 / {@link #DISK_BOUND_FRACTION}: beyond, the time is
   * CPU, which the others' limit answers). Fewer leave reserved slots the tenant cannot reach while
   * scans hold every shared handler (docs/decisions/0011-fill-reserved-slots.md).
   */
  public static int handlersToFill(int hdfsReserved, double hbaseBusy, double hdfsBusy) {
    if (hdfsReserved <= 0) {
      return 0;
    }
    double ratio = hdfsBusy > 0 ? hbaseBusy / hdfsBusy : 1.0;
    double perSlot = Math.max(1.0, Math.min(ratio, 1.0 / DISK_BOUND_FRACTION));
    // A hair over an integer is that integer: 2 x (2.1 / 1.4) is 3.0000000000000004 in doubles.
    return (int) Math.ceil(hdfsReserved * perSlot - 1e-9);
  }
}
