package io.cake.controller.policy.rules;

import io.cake.controller.policy.ControllerParams;

/**
 * Beyond the pool cap: at its floor one shared handler still runs the other tenants' calls
 * back to back, and on a CPU-bound RegionServer that handler, the DataNode reads and the client
 * work behind it take most of the machine: batch keeps nearly all its throughput through that one
 * handler and the front end still misses (docs/decisions/0005-pool-cap-and-throttle.md). So a
 * CPU-bound miss with the cap at its floor for a second interval throttles every other tenant to
 * a number of handlers' worth of service ({@link #tighter}); while the SLO holds with slack the throttle
 * loosens by {@link #THROTTLE_STEP} as a give-back probe, and is lifted at a whole handler. Off
 * (0) with the pool cap.
 */
public final class OthersThrottle implements DecisionRule {
  /** The throttle's additive step while the SLO holds with slack, in handlers. */
  static final double THROTTLE_STEP = 0.05;

  /** The tightest throttle: the other tenants are slowed, never stopped. */
  public static final double MIN_THROTTLE = 0.02;

  @Override
  public void apply(DecisionDraft d) {
    ControllerParams params = d.params;
    double perf = d.perf;
    if (params.poolCapFactor() > 0.0 && !Double.isNaN(perf) && !d.fewSamples()) { // as PoolCap
      // The cap did not move this interval and the pool cannot shrink further.
      int floor = PoolCap.floor(d);
      int running = PoolCap.running(d.obs, d.cap);
      boolean atFloor = running <= floor && d.cap == d.current.hbasePoolCap();
      if (perf < params.lowPerformance() && atFloor && PoolCap.cpuBound(params, d.obs)) {
        d.throttle = tighter(params, d.throttle, perf);
        d.reasons.add(String.format(
            "SLO missed with the pool at its floor of %d: other tenants throttled to %.2f handlers each", d.cap, d.throttle));
      } else if (perf > params.highPerformance() && d.throttle > 0) {
        if (d.hold > 0) {
          d.reasons.add("throttle kept while giving back is on hold for " + d.hold + " more intervals");
        } else {
          d.throttle = d.throttle + THROTTLE_STEP >= 1.0 ? 0.0 : d.throttle + THROTTLE_STEP;
          d.probing = true;
          d.reasons.add(d.throttle == 0.0 ? "SLO exceeded: throttle lifted"
              : String.format("SLO exceeded: throttle +%.2f to %.2f handlers", THROTTLE_STEP, d.throttle));
        }
      }
    } else if (params.poolCapFactor() <= 0.0) {
      d.throttle = 0.0;
    }
  }

  /**
   * The throttle starts at the one shared handler times the pool-cap factor and shrinks by the same
   * factor, or by the miss when it is larger (perf 0.6: times 0.6), never below {@link #MIN_THROTTLE}
   * ({@link PoolCap#shrinkFactor}).
   */
  static double tighter(ControllerParams params, double throttle, double perf) {
    double from = throttle > 0 ? throttle : 1.0;
    return Math.max(MIN_THROTTLE, from * PoolCap.shrinkFactor(params, perf));
  }
}
