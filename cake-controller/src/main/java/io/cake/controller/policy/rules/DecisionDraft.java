package io.cake.controller.policy.rules;

import io.cake.controller.policy.ControlState;
import io.cake.controller.policy.ControllerParams;
import io.cake.controller.policy.Decision;
import io.cake.controller.policy.LatencyAllocation;
import io.cake.controller.policy.Observation;
import io.cake.core.tenant.Goal;
import java.util.ArrayList;
import java.util.List;

/**
 * One interval's decision while the {@link DecisionRule}s make it: what they read (the
 * observation, the state carried over, the goal, the parameters, the other tenants' reservations,
 * the tenant's recent peak load) and what they change, starting from the current allocation.
 * {@link #decision()} is the result.
 */
public final class DecisionDraft {
  // What the rules read.
  final Observation obs;
  final ControlState state;
  final LatencyAllocation current;
  final Goal goal;
  final ControllerParams params;
  /** HDFS slots reserved for tenants other than the latency tenant. */
  final int otherHdfsReserved;
  /** The same for HBase handlers. */
  final int otherHbaseReserved;
  /** HDFS slots the latency tenant may reserve beside the others'. */
  final int maxHdfsRes;
  /** The tenant's recent peak of busy HBase handlers, this interval included. */
  final double hbasePeak;
  /** The same for DataNode slots. */
  final double hdfsPeak;
  /** The HBase load a release must leave room for. */
  final double hbaseLoad;
  /** The same at HDFS. */
  final double hdfsLoad;

  // What the rules change.
  /** Normalised performance; NaN when the interval had too few samples to say. */
  double perf = Double.NaN;
  double share;
  int hdfsRes;
  int hbaseRes;
  int cap;
  double throttle;
  /** Intervals left before anything may be given back again. */
  int hold;
  /** Length of the next hold if a give-back fails. */
  int backoff;
  /** Share was given back this interval. */
  boolean giveBack;
  /** What was given back this interval is a probe, judged in the next one. */
  boolean probing;
  /** An idle reservation was released this interval. */
  boolean releasedIdle;
  final List<String> reasons = new ArrayList<>();

  /**
   * @param otherHdfsReserved HDFS slots reserved for tenants other than the latency tenant
   * @param otherHbaseReserved the same for HBase handlers
   */
  public DecisionDraft(
      Observation obs, ControlState state, Goal goal, ControllerParams params, int otherHdfsReserved,
      int otherHbaseReserved) {
    this.obs = obs;
    this.state = state;
    this.current = state.allocation();
    this.goal = goal;
    this.params = params;
    this.otherHdfsReserved = otherHdfsReserved;
    this.otherHbaseReserved = otherHbaseReserved;
    this.hold = Math.max(0, state.hold() - 1);
    this.backoff = state.backoff();
    this.share = current.share();
    this.maxHdfsRes = Reservations.reservableBeside(obs.hdfsSlots(), otherHdfsReserved);
    this.hdfsRes = Math.min(current.hdfsReserved(), maxHdfsRes);
    this.hbaseRes = current.hbaseReserved();
    this.cap = current.hbasePoolCap();
    this.throttle = current.othersThrottle();
    this.hbasePeak = ControlState.nextPeak(state.hbasePeak(), obs.hbaseBusy());
    this.hdfsPeak = ControlState.nextPeak(state.hdfsPeak(), obs.hdfsBusy());
    // Releases keep the reservations left at most half busy: with the headroom on, with the
    // tenant's recent peak load rather than this interval's, which may be a lull between bursts.
    this.hbaseLoad = params.headroom() > 0 ? hbasePeak : obs.hbaseBusy();
    this.hdfsLoad = params.headroom() > 0 ? hdfsPeak : obs.hdfsBusy();
  }

  /**
   * Fewer than {@code minSamples} requests: with a performance set, a clear miss (often the first
   * part-interval of a load, whose DataNode interval may predate the load).
   */
  boolean fewSamples() {
    return obs.samples() < params.minSamples();
  }

  /**
   * The fewest HBase handlers to keep reserved beside this draft's HDFS reservation ({@link
   * Reservations#handlersToFill}, from the recent peaks), at most what may be reserved; 0 with
   * {@link ControllerParams#fillReservedSlots} off.
   */
  int handlersForReservedSlots() {
    if (!params.fillReservedSlots()) {
      return 0;
    }
    int most = Reservations.reservableBeside(obs.hbaseSlots(), otherHbaseReserved);
    return Math.min(most, Reservations.handlersToFill(hdfsRes, hbasePeak, hdfsPeak));
  }

  /**
   * No HBase handler is released at or below this: the paper's floor, the HDFS reservation, or
   * {@link #handlersForReservedSlots} where that is more.
   */
  int hbaseReleaseFloor() {
    return Math.max(hdfsRes, handlersForReservedSlots());
  }

  /**
   * Whether a rule before has released a reservation this interval; clipping the tenant's slots to
   * what others' reservations leave is not a release.
   */
  boolean releasedAny() {
    return hdfsRes < Math.min(current.hdfsReserved(), maxHdfsRes) || hbaseRes < current.hbaseReserved();
  }

  /** The new allocation and state, the performance and, in words, why. */
  public Decision decision() {
    return new Decision(
        new ControlState(new LatencyAllocation(share, hdfsRes, hbaseRes, cap, throttle), hold, backoff, probing,
            hbasePeak, hdfsPeak),
        perf,
        reasons);
  }
}
