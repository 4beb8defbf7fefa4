package io.cake.sim.scenario;

import java.util.function.DoubleUnaryOperator;

/**
 * One SLO tenant of a scenario: an open-loop sender of gets.
 *
 * @param rate its normal rate, requests a second: what its isolated run and its contract are at
 * @param shape its rate's multiplier at t seconds of the run (diurnal, spike, on-off; 1: constant)
 * @param percentile its SLO's percentile (99, 99.9)
 * @param sloFactor its SLO is this many times its percentile in the isolated run
 * @param weight its weight when not every SLO can be met
 * @param joinsAt the interval it starts sending and gets its SLO (0: from the start)
 * @param sends what it sends, as a multiple of {@code rate x shape} (1; a misbehaving tenant 3)
 * @param contract whether it has a throughput contract at its normal rate (calls over it go best effort)
 */
public record FrontEnd(
    String tenant, double rate, DoubleUnaryOperator shape, double percentile, double sloFactor, double weight,
    int joinsAt, double sends, boolean contract) {

  /** A constant rate. */
  public static final DoubleUnaryOperator FLAT = t -> 1.0;

  /** A constant p99 front end from the start, weight 1. */
  public static FrontEnd constant(String tenant, double rate, double sloFactor) {
    return new FrontEnd(tenant, rate, FLAT, 99, sloFactor, 1, 0, 1, false);
  }
}
