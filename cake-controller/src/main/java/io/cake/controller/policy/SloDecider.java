package io.cake.controller.policy;

import io.cake.core.sched.Allocation;
import io.cake.core.tenant.Goal;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Cake's second-level decision (section 5.3) as a pure function of the last interval's
 * observation, the current allocation, the goal and the parameters: Algorithm 1 (SLO compliance at
 * HDFS: shares by a bounded linear model, reservations when share alone cannot do it) then
 * Algorithm 2 (HBase shares follow HDFS shares; HBase reservations follow queue occupancy). No
 * clock, no threads, no I/O.
 */
public final class SloDecider {
  /** Highest utilisation of the reservations left after a slack release. */
  static final double RELEASE_UTILISATION = 0.5;

  /**
   * The pool cap answers contention beside the disk: it stays off while the tenant's DataNode reads
   * take at least this fraction of its handlers' time, read by Little's law as mean DataNode slots
   * busy over mean HBase handlers busy with its calls.
   */
  static final double DISK_BOUND_FRACTION = 0.5;

  /** The throttle's additive step while the SLO holds with slack, in handlers. */
  static final double THROTTLE_STEP = 0.05;

  /** The tightest throttle: the other tenants are slowed, never stopped. */
  static final double MIN_THROTTLE = 0.02;

  private final ControllerParams params;

  public SloDecider(ControllerParams params) {
    this.params = Objects.requireNonNull(params);
  }

  public ControllerParams params() {
    return params;
  }

  /**
   * @param otherHdfsReserved HDFS slots reserved for tenants other than the latency tenant (for
   *     example by an operator); they count against the "last shared slot" rule
   * @param otherHbaseReserved the same for HBase handlers
   */
  public Decision decide(
      Observation obs, ControlState state, Goal goal, int otherHdfsReserved, int otherHbaseReserved) {
    LatencyAllocation current = state.allocation();
    int hold = Math.max(0, state.hold() - 1);
    int backoff = state.backoff();
    List<String> reasons = new ArrayList<>();
    double share = current.share();
    int maxHdfsRes = reservableBeside(obs.hdfsSlots(), otherHdfsReserved);
    int hdfsRes = Math.min(current.hdfsReserved(), maxHdfsRes);
    int hbaseRes = current.hbaseReserved();
    double perf = Double.NaN;
    boolean giveBack = false;
    double hbasePeak = ControlState.nextPeak(state.hbasePeak(), obs.hbaseBusy());
    double hdfsPeak = ControlState.nextPeak(state.hdfsPeak(), obs.hdfsBusy());
    // Releases keep the reservations left at most half busy: with the headroom on, with the
    // tenant's recent peak load rather than this interval's, which may be a lull between bursts.
    double hbaseLoad = params.headroom() > 0 ? hbasePeak : obs.hbaseBusy();
    double hdfsLoad = params.headroom() > 0 ? hdfsPeak : obs.hdfsBusy();

    // ---- Algorithm 1: SLO compliance at HDFS.
    if (obs.samples() < params.minSamples() || Double.isNaN(obs.measured())) {
      reasons.add(
          "only " + obs.samples() + " samples (< " + params.minSamples() + "): no SLO-driven change");
    } else {
      perf = goal.normalisedPerformance(obs.measured());
      int sharedHdfs = obs.hdfsSlots() - otherHdfsReserved - hdfsRes;
      boolean canReserveHdfs = hdfsRes < maxHdfsRes;
      if (perf < params.lowPerformance()) {
        boolean waitsAtDataNode = obs.hdfsOccupancy() >= params.minOccupancy();
        if (share > params.reserveAboveShare() && canReserveHdfs && waitsAtDataNode) {
          hdfsRes++;
          share -= 1.0 / sharedHdfs;
          reasons.add(
              String.format(
                  "SLO missed (perf %.2f) with share above %.0f%%: reserve HDFS slot %d, give 1/%d of share back",
                  perf, params.reserveAboveShare() * 100, hdfsRes, sharedHdfs));
        } else if (shareCannotMeet(share, perf) && waitsAtDataNode && canReserveHdfs) {
          // Beyond the paper: the linear model says no share below the bound can meet the SLO and
          // the tenant does wait at the DataNode, so reserve a slot now as well as stepping share,
          // instead of walking share up to the bound first (that walk is where the paper's
          // convergence time went: four intervals in its Fig. 12, eight in our hdd regime).
          double step = linearStep(share, perf);
          share += step;
          hdfsRes++;
          reasons.add(
              String.format(
                  "SLO missed (perf %.2f) beyond what share can fix (the model wants %.0f%%) while waiting at the DataNode (occupancy %.2f): reserve HDFS slot %d and share +%.1f points",
                  perf, Math.min(999, 100 * share / perf), obs.hdfsOccupancy(), hdfsRes, step * 100));
        } else {
          double step = linearStep(share, perf);
          share += step;
          String why = "";
          if (share > params.reserveAboveShare()) {
            // Beyond the paper: a slot reserved for a tenant that does not wait for slots would
            // idle beside it and take the disk from batch (seen on a CPU-bound RegionServer: 5 of
            // 6 DataNode slots reserved at occupancy 0.00, the SLO still missed).
            why = !canReserveHdfs ? " (no HDFS slot left to reserve)"
                : !waitsAtDataNode ? String.format(" (no HDFS reservation: hardly waiting at the DataNode, occupancy %.2f)", obs.hdfsOccupancy())
                : "";
          }
          reasons.add(String.format("SLO missed (perf %.2f): share +%.1f points%s", perf, step * 100, why));
        }
      } else if (perf > params.highPerformance()) {
        if (share < params.releaseBelowShare() && hdfsRes > 0) {
          hdfsRes--;
          int sharedAfter = obs.hdfsSlots() - otherHdfsReserved - hdfsRes;
          share += 1.0 / sharedAfter;
          reasons.add(
              String.format(
                  "SLO exceeded (perf %.2f) with share below %.0f%%: release an HDFS slot, take 1/%d of share",
                  perf, params.releaseBelowShare() * 100, sharedAfter));
        } else if (hold > 0) {
          reasons.add(String.format(
              "SLO exceeded (perf %.2f): giving share back on hold for %d more intervals", perf, hold));
        } else {
          double step = linearStep(share, perf);
          share -= step;
          giveBack = true;
          reasons.add(String.format("SLO exceeded (perf %.2f): share -%.1f points", perf, step * 100));
        }
      } else {
        reasons.add(String.format("SLO met (perf %.2f): shares kept", perf));
      }
    }
    share = LatencyAllocation.clampShare(share);

    // Beyond the paper: giving share or a reservation back probes for slack. If the interval after
    // the probe misses, the next give-back waits (4 intervals, doubling while probes keep failing;
    // a probe that holds resets it). Without this the loop gives back until a window misses, then
    // takes back and gives back again: in the hdd regime that was most of the windows it missed
    // after converging.
    boolean probing = giveBack;
    if (state.probing() && !Double.isNaN(perf)) {
      if (perf < params.lowPerformance()) {
        hold = backoff;
        backoff = Math.min(ControlState.MAX_BACKOFF, backoff * 2);
        reasons.add("the last give-back missed the SLO: nothing given back for " + hold + " intervals");
      } else {
        backoff = ControlState.FIRST_BACKOFF;
      }
    }

    // ---- Algorithm 2: queue occupancy at HBase. HBase shares equal HDFS shares (the same value).
    int maxHbaseRes = reservableBeside(obs.hbaseSlots(), otherHbaseReserved);
    hbaseRes = Math.min(Math.max(hbaseRes, 0), maxHbaseRes);
    double hdfsOcc = obs.hdfsOccupancy();
    double hbaseOcc = obs.hbaseOccupancy();
    if (hdfsOcc < hbaseOcc && hbaseOcc >= params.minOccupancy()) {
      if (hbaseRes < maxHbaseRes) {
        hbaseRes++;
        reasons.add(
            String.format(
                "bottleneck at HBase (occupancy hdfs %.2f < hbase %.2f): reserve HBase handler %d",
                hdfsOcc, hbaseOcc, hbaseRes));
      } else {
        reasons.add(
            String.format(
                "bottleneck at HBase (occupancy hdfs %.2f < hbase %.2f) but no handler left to reserve",
                hdfsOcc, hbaseOcc));
      }
    } else if (hdfsOcc > params.occupancyCoefficient() * hbaseOcc
        && hdfsOcc >= params.minOccupancy()
        && hbaseRes > hdfsRes
        && canRelease(hbaseLoad, hbaseRes)) {
      hbaseRes--;
      reasons.add(
          String.format(
              "HDFS is the bottleneck (occupancy hdfs %.2f > %.1f x hbase %.2f): release an HBase handler",
              hdfsOcc, params.occupancyCoefficient(), hbaseOcc));
    }
    boolean releasedIdle = false;
    if (perf > params.highPerformance()) {
      // Beyond the paper: Cake releases an HDFS reservation only once share is below 1%, and an
      // HBase one only when HDFS occupancy is far above HBase occupancy; reserved slots that sit
      // idle while the SLO holds with slack would be kept from batch for a long time. Release one
      // idle reservation per interval, and back off if that makes the SLO miss.
      // "Idle" means the queue hardly waited and the remaining reservations would still run
      // under half busy with the tenant's mean load.
      boolean idleHbase = hbaseOcc <= params.idleOccupancy() && hbaseRes > hdfsRes
          && canRelease(hbaseLoad, hbaseRes);
      boolean idleHdfs = obs.hdfsOccupancy() <= params.idleOccupancy() && hdfsRes > 0
          && canRelease(hdfsLoad, hdfsRes);
      if ((idleHbase || idleHdfs) && hold > 0) {
        reasons.add("slack release on hold for " + hold + " more intervals");
      } else if (idleHbase) {
        hbaseRes--;
        probing = true;
        releasedIdle = true;
        reasons.add(String.format(
            "SLO exceeded, HBase queue idle (occupancy %.3f): release an idle HBase handler", hbaseOcc));
      } else if (idleHdfs) {
        hdfsRes--;
        probing = true;
        releasedIdle = true;
        reasons.add(String.format(
            "SLO exceeded, HDFS queue idle (occupancy %.3f): release an idle HDFS slot", obs.hdfsOccupancy()));
      }
    }
    double headroom = headroomShare(obs, hbasePeak, hdfsPeak, hbaseRes, hdfsRes,
        current.hbasePoolCap(), otherHbaseReserved, otherHdfsReserved);
    if (share < headroom) {
      if (giveBack && headroom >= current.share()) {
        probing = releasedIdle; // no share was given back: no probe to judge next interval
      }
      reasons.add(String.format(
          "headroom: share %.1f%% -> %.1f%%, %.1fx the recent peak load (%.2f HDFS slots, %.2f HBase handlers busy) beside the reservations",
          100 * share, 100 * headroom, params.headroom(), hdfsPeak, hbasePeak));
      share = headroom;
    }
    int floor = hbaseRes + otherHbaseReserved + 1;
    int cap = poolCap(obs, perf, current.hbasePoolCap(), current.othersThrottle() > 0, floor, reasons);
    double throttle = current.othersThrottle();
    if (params.poolCapFactor() > 0.0 && !Double.isNaN(perf)) {
      // The cap did not move this interval and the pool cannot shrink further.
      int running = running(obs, cap);
      boolean atFloor = running <= floor && cap == current.hbasePoolCap();
      if (perf < params.lowPerformance() && atFloor && cpuBound(obs)) {
        throttle = tighterThrottle(throttle, perf);
        reasons.add(String.format(
            "SLO missed with the pool at its floor of %d: other tenants throttled to %.2f handlers each", cap, throttle));
      } else if (perf > params.highPerformance() && throttle > 0) {
        if (hold > 0) {
          reasons.add("throttle kept while giving back is on hold for " + hold + " more intervals");
        } else {
          throttle = throttle + THROTTLE_STEP >= 1.0 ? 0.0 : throttle + THROTTLE_STEP;
          probing = true;
          reasons.add(throttle == 0.0 ? "SLO exceeded: throttle lifted"
              : String.format("SLO exceeded: throttle +%.2f to %.2f handlers", THROTTLE_STEP, throttle));
        }
      }
    } else if (params.poolCapFactor() <= 0.0) {
      throttle = 0.0;
    }
    return new Decision(
        new ControlState(new LatencyAllocation(share, hdfsRes, hbaseRes, cap, throttle), hold, backoff, probing,
            hbasePeak, hdfsPeak),
        perf,
        reasons);
  }

  /**
   * Beyond the paper: the least share that keeps {@code headroom} times the tenant's recent peak
   * load (busy slots, Little's law) within its reservations plus its share of the shared slots, at
   * HDFS and at HBase (0 when the headroom is off). Under weighted fair queuing a share above what
   * the tenant uses costs the others nothing while it is idle (they get every slot it leaves), but
   * a share below its load makes its queue grow without bound. The paper's loop gives share back
   * until latency says stop, tuned to the load of the moment, so a burst or a diurnal peak finds
   * the tenant below its load for the interval or two the loop needs to react: in the hdd regime a
   * front end given back to 28% of the share while it kept 1.5 handlers and 0.8 disk slots busy
   * took 1.6 s at the p99 when a spike doubled its rate (docs/controller.md).
   */
  double headroomShare(Observation obs, double hbasePeak, double hdfsPeak, int hbaseRes, int hdfsRes, int cap,
      int otherHbaseReserved, int otherHdfsReserved) {
    if (params.headroom() <= 0) {
      return 0.0;
    }
    int pool = running(obs, cap);
    double need = Math.max(
        needed(params.headroom() * hdfsPeak, hdfsRes, obs.hdfsSlots() - otherHdfsReserved - hdfsRes),
        needed(params.headroom() * hbasePeak, hbaseRes, pool - otherHbaseReserved - hbaseRes));
    return Math.min(params.reserveAboveShare(), Math.max(0.0, need));
  }

  /** Handlers running now: the pool, or the cap where one binds. */
  private static int running(Observation obs, int cap) {
    return cap > 0 ? Math.min(cap, obs.hbaseSlots()) : obs.hbaseSlots();
  }

  private static double needed(double slots, int reserved, int shared) {
    return shared <= 0 ? 0.0 : (slots - reserved) / shared;
  }

  /**
   * Beyond the pool cap: at its floor one shared handler still runs the other tenants' calls
   * back to back, and on a CPU-bound RegionServer that handler, the DataNode reads and the client
   * work behind it take most of the machine (seen in the memory regime: the pool at 2, share at
   * 99.9%, batch still at 95% of isolated, the front end still missing). The throttle starts at
   * that one handler times the pool-cap factor and shrinks by the same factor, or by the miss
   * when it is larger (perf 0.6: times 0.6), never below {@link #MIN_THROTTLE}.
   */
  double tighterThrottle(double throttle, double perf) {
    double from = throttle > 0 ? throttle : 1.0;
    return Math.max(MIN_THROTTLE, from * shrinkFactor(perf));
  }

  /**
   * The pool cap's and the throttle's multiplicative decrease: the pool-cap factor, or the miss
   * when it is larger (perf 0.6: times 0.6), at most halving. A front end far over its SLO gets
   * there in half the intervals; near it the steps stay as small as the factor.
   */
  double shrinkFactor(double perf) {
    return Math.min(params.poolCapFactor(), Math.max(perf, 0.5));
  }

  /** What the pool cap and the throttle answer: a miss not spent waiting in a queue nor on disk. */
  private boolean cpuBound(Observation obs) {
    return !diskBound(obs) && obs.hdfsOccupancy() < params.minOccupancy();
  }

  /**
   * Beyond the paper: AIMD on the SLO for the HBase pool. Shares and reservations fix waiting in a
   * queue; when the SLO misses while the tenant hardly waited at the DataNode and its calls were
   * not {@link #diskBound disk-bound}, they are slow
   * because of everything running beside them (on a CPU-bound RegionServer, every batch handler
   * slows every get). Then the pool is capped at {@link #shrinkFactor} of what runs now, never
   * below one shared handler besides the reservations ({@code floor}); while the SLO holds with
   * slack the cap grows by one per interval while the pool is at it.
   */
  int poolCap(Observation obs, double perf, int cap, boolean throttled, int floor, List<String> reasons) {
    if (params.poolCapFactor() <= 0.0) {
      return 0;
    }
    if (Double.isNaN(perf)) {
      return cap;
    }
    int running = running(obs, cap);
    if (perf < params.lowPerformance() && diskBound(obs)) {
      reasons.add(String.format(
          "SLO missed with the tenant's calls mostly reading at the DataNode (%.1f of %.1f busy handlers): pool cap kept",
          obs.hdfsBusy(), obs.hbaseBusy()));
      return cap;
    }
    if (perf < params.lowPerformance() && cpuBound(obs)) {
      int next = Math.max(floor, (int) Math.floor(running * shrinkFactor(perf)));
      if (next < running) {
        reasons.add(String.format(
            "SLO missed while hardly waiting at the DataNode (occupancy %.2f): cap the HBase pool at %d handlers (%d now)",
            obs.hdfsOccupancy(), next, running));
        return next;
      }
      return cap;
    }
    if (perf > params.highPerformance() && cap > 0 && obs.hbaseSlots() >= cap && !throttled) {
      // Only while the cap binds: below it AIMD holds the pool, and a cap running ahead of the
      // pool would no longer mean anything. A throttle is lifted before the cap grows.
      reasons.add(String.format("SLO exceeded: HBase pool cap +1 to %d", cap + 1));
      return cap + 1;
    }
    return cap;
  }

  /**
   * Slots the latency tenant may reserve beside {@code othersReserved}: the last shared slot is
   * never reserved ({@link Allocation#maxReservable}), and others' reservations count against it.
   */
  static int reservableBeside(int slots, int othersReserved) {
    return Math.max(0, Allocation.maxReservable(slots) - othersReserved);
  }

  /**
   * The tenant's handlers spend most of their time in DataNode reads (waiting in a device queue
   * below Cake's gate counts, and shows no occupancy at the gate once slots are reserved): a slow
   * call is then slow at the disk, and fewer handlers beside it would not make it faster. Without
   * this the cap read disk queueing as CPU contention and shrank the pool 10 to 5 in the hdd
   * regime, leaving batch one handler beside the front end's reservations.
   */
  static boolean diskBound(Observation obs) {
    return obs.hbaseBusy() > 0 && obs.hdfsBusy() >= DISK_BOUND_FRACTION * obs.hbaseBusy();
  }

  /** The linear model's share for the SLO (current share / perf) is beyond {@code reserveAboveShare}. */
  boolean shareCannotMeet(double share, double perf) {
    return share / perf > params.reserveAboveShare();
  }

  /**
   * Beyond the paper: a reservation is released only if the ones left would run at most half busy
   * with the tenant's mean load. Without this guard the occupancy rule releases the last reserved
   * handler when a low share makes the tenant wait at HDFS, and a front end whose every request
   * then finds all handlers held by scans misses its SLO by seconds (seen in the simulator).
   */
  static boolean canRelease(double busySlots, int reserved) {
    return busySlots <= (reserved - 1) * RELEASE_UTILISATION;
  }

  /**
   * Algorithm 1 lines 16-20: the linear model targets normalised performance 1.0; the change is at
   * most {@code maxStepFraction} of the current share. Beyond the paper, a miss by a factor k
   * (perf = 1/k) allows a step k times that bound: from equal shares a front end 5x over its SLO
   * reaches its share in two or three intervals instead of eight (the paper's Fig. 12 converged in
   * four, and its misses were convergence-bound). Near the SLO and when giving share back the
   * paper's bound holds, so the loop stays as calm as the paper's where it matters.
   */
  double linearStep(double share, double perf) {
    double target = Math.min(share / perf, 1.0);
    double change = Math.abs(share - target);
    double gain = perf < 1.0 ? 1.0 / perf : 1.0;
    return Math.min(change, share * params.maxStepFraction() * gain);
  }
}
