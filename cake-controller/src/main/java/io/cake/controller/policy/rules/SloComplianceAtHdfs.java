package io.cake.controller.policy.rules;

import io.cake.controller.policy.ControllerParams;
import io.cake.controller.policy.LatencyAllocation;

/**
 * Cake's Algorithm 1, SLO compliance at HDFS (section 5.3): the latency tenant's share moves by a
 * bounded linear model toward normalised performance 1.0; a miss with share above
 * {@code reserveAboveShare} reserves an HDFS slot instead (beyond the paper, so does a miss the
 * linear model says share cannot fix, or one while the tenant's load runs the slots it already
 * holds more than half busy, each while it waits at the DataNode), and slack with share below
 * {@code releaseBelowShare} releases one. Fewer than {@code minSamples} requests change nothing,
 * unless so many of them were over the SLO that the miss is clear ({@link
 * io.cake.controller.policy.WindowPercentile#clearlyOver}).
 * Sets the performance every later rule reads.
 */
public final class SloComplianceAtHdfs implements DecisionRule {
  @Override
  public void apply(DecisionDraft d) {
    ControllerParams params = d.params;
    boolean clearMiss = d.obs.clearMiss(d.goal, params.minSamples(), params.confidence());
    if ((d.fewSamples() && !clearMiss) || Double.isNaN(d.obs.measured())) {
      d.reasons.add(
          "only " + d.obs.samples() + " samples (< " + params.minSamples() + "): no SLO-driven change");
    } else {
      if (clearMiss) {
        d.reasons.add(String.format("only %d samples (< %d), but %d over the SLO: a clear miss",
            d.obs.samples(), params.minSamples(), d.obs.overGoal()));
      }
      d.perf = d.goal.normalisedPerformance(d.obs.measured());
      if (d.perf < params.lowPerformance()) {
        missed(d);
      } else if (d.perf > params.highPerformance()) {
        exceeded(d);
      } else {
        d.reasons.add(String.format("SLO met (perf %.2f): shares kept", d.perf));
      }
    }
    d.share = LatencyAllocation.clampShare(d.share);
  }

  /** More share, and an HDFS slot where share cannot do it and the tenant waits for slots. */
  private static void missed(DecisionDraft d) {
    ControllerParams params = d.params;
    double perf = d.perf;
    int sharedHdfs = d.obs.hdfsSlots() - d.otherHdfsReserved - d.hdfsRes;
    boolean canReserveHdfs = d.hdfsRes < d.maxHdfsRes;
    boolean waitsAtDataNode = d.obs.hdfsOccupancy() >= params.minOccupancy();
    if (d.share > params.reserveAboveShare() && canReserveHdfs && waitsAtDataNode) {
      d.hdfsRes++;
      d.share -= 1.0 / sharedHdfs;
      d.reasons.add(
          String.format(
              "SLO missed (perf %.2f) with share above %.0f%%: reserve HDFS slot %d, give 1/%d of share back",
              perf, params.reserveAboveShare() * 100, d.hdfsRes, sharedHdfs));
      return;
    }
    String reserveWhy = reserveWhy(d, perf, waitsAtDataNode && canReserveHdfs); // before the step: the model's share
    double step = linearStep(params, d.share, perf);
    d.share += step;
    if (reserveWhy != null) {
      d.hdfsRes++;
      d.reasons.add(String.format(
          "SLO missed (perf %.2f) %s while waiting at the DataNode (occupancy %.2f): reserve HDFS slot %d and share +%.1f points",
          perf, reserveWhy, d.obs.hdfsOccupancy(), d.hdfsRes, step * 100));
      return;
    }
    String why = "";
    if (d.share > params.reserveAboveShare()) {
      // Beyond the paper: a slot reserved for a tenant that does not wait for slots would
      // idle beside it and take the disk from batch (on a CPU-bound RegionServer the paper's
      // rule reserves most of the slots at no DataNode occupancy, and the SLO still misses).
      why = !canReserveHdfs ? " (no HDFS slot left to reserve)"
          : !waitsAtDataNode ? String.format(" (no HDFS reservation: hardly waiting at the DataNode, occupancy %.2f)", d.obs.hdfsOccupancy())
          : "";
    }
    d.reasons.add(String.format("SLO missed (perf %.2f): share +%.1f points%s", perf, step * 100, why));
  }

  /**
   * Beyond the paper: why a miss reserves an HDFS slot beside the share step, or null for the share
   * step alone. Only while the tenant waits at the DataNode and a slot is left to reserve.
   * <ul>
   *   <li>The linear model says no share below the bound can meet the SLO: reserve now instead of
   *       walking share up to the bound first (that walk is where the paper's convergence time
   *       went: four intervals in its Fig. 12, more in the hdd regime).
   *   <li>The tenant holds a slot and its recent peak load runs its slots more than half busy
   *       ({@link Reservations#outgrown}). A share is a turn at the next slot that frees, and with
   *       one read per disk a read waits for its own disk's batch read whatever the share; a
   *       reserved slot keeps batch off a disk, where a narrow miss only steps share a point
   *       while the spike goes on. Not the first slot: reserving it for any miss takes one at
   *       every cold start, at every SLO, and the slack release keeps a front end's lightly busy
   *       slots, which costs batch (docs/decisions/0013-outgrown-reservation.md).
   * </ul>
   */
  private static String reserveWhy(DecisionDraft d, double perf, boolean canReserveWhileWaiting) {
    if (!canReserveWhileWaiting) {
      return null;
    }
    if (shareCannotMeet(d.params, d.share, perf)) {
      return String.format("beyond what share can fix (the model wants %.0f%%)", Math.min(999, 100 * d.share / perf));
    }
    if (d.hdfsRes > 0 && Reservations.outgrown(d.hdfsLoad, d.hdfsRes)) {
      return String.format("with %.2f HDFS slots busy, more than half of %d reserved", d.hdfsLoad, d.hdfsRes);
    }
    return null;
  }

  /** Share back, or an HDFS slot back once share is below the bound; not while on hold. */
  private static void exceeded(DecisionDraft d) {
    ControllerParams params = d.params;
    double perf = d.perf;
    if (d.share < params.releaseBelowShare() && d.hdfsRes > 0) {
      d.hdfsRes--;
      int sharedAfter = d.obs.hdfsSlots() - d.otherHdfsReserved - d.hdfsRes;
      d.share += 1.0 / sharedAfter;
      d.reasons.add(
          String.format(
              "SLO exceeded (perf %.2f) with share below %.0f%%: release an HDFS slot, take 1/%d of share",
              perf, params.releaseBelowShare() * 100, sharedAfter));
    } else if (d.hold > 0) {
      d.reasons.add(String.format(
          "SLO exceeded (perf %.2f): giving share back on hold for %d more intervals", perf, d.hold));
    } else {
      double step = linearStep(params, d.share, perf);
      d.share -= step;
      d.giveBack = true;
      d.reasons.add(String.format("SLO exceeded (perf %.2f): share -%.1f points", perf, step * 100));
    }
  }

  /** The linear model's share for the SLO (current share / perf) is beyond {@code reserveAboveShare}. */
  static boolean shareCannotMeet(ControllerParams params, double share, double perf) {
    return share / perf > params.reserveAboveShare();
  }

  /**
   * Algorithm 1 lines 16-20: the linear model targets normalised performance 1.0; the change is at
   * most {@code maxStepFraction} of the current share. Beyond the paper, a miss by a factor k
   * (perf = 1/k) allows a step k times that bound: from equal shares a front end 5x over its SLO
   * reaches its share in two or three intervals instead of eight (the paper's Fig. 12 converged in
   * four, and its misses were convergence-bound). Near the SLO and when giving share back the
   * paper's bound holds, so the loop stays as calm as the paper's where it matters.
   */
  static double linearStep(ControllerParams params, double share, double perf) {
    double target = Math.min(share / perf, 1.0);
    double change = Math.abs(share - target);
    double gain = perf < 1.0 ? 1.0 / perf : 1.0;
    return Math.min(change, share * params.maxStepFraction() * gain);
  }
}
