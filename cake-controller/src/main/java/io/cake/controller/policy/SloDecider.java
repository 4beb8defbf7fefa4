package io.cake.controller.policy;

import io.cake.controller.policy.rules.DecisionDraft;
import io.cake.controller.policy.rules.DecisionRule;
import io.cake.controller.policy.rules.GiveBackBackoff;
import io.cake.controller.policy.rules.HeadroomFloor;
import io.cake.controller.policy.rules.OthersThrottle;
import io.cake.controller.policy.rules.PoolCap;
import io.cake.controller.policy.rules.QueueOccupancyAtHbase;
import io.cake.controller.policy.rules.SloComplianceAtHdfs;
import io.cake.controller.policy.rules.SlackRelease;
import io.cake.core.tenant.Goal;
import java.util.List;
import java.util.Objects;

/**
 * Cake's second-level decision (section 5.3) as a pure function of the last interval's
 * observation, the current allocation, the goal and the parameters. No clock, no threads, no I/O.
 *
 * <p>The decision is a fixed sequence of {@link DecisionRule}s, each changing one interval's
 * {@link DecisionDraft} in turn: Algorithm 1 ({@link SloComplianceAtHdfs}: shares by a bounded
 * linear model, HDFS reservations when share alone cannot do it), the back-off of give-backs that
 * missed ({@link GiveBackBackoff}), Algorithm 2 ({@link QueueOccupancyAtHbase}: HBase shares follow
 * HDFS shares, HBase reservations follow queue occupancy), then the project's additions: the
 * release of idle reservations ({@link SlackRelease}), the share floor for the recent peak load
 * ({@link HeadroomFloor}), the cap on the HBase pool ({@link PoolCap}) and the throttle on the
 * other tenants ({@link OthersThrottle}). Each rule reads what the ones before it decided.
 */
public final class SloDecider {
  /** In the order they run. */
  private static final List<DecisionRule> RULES = List.of(
      new SloComplianceAtHdfs(),
      new GiveBackBackoff(),
      new QueueOccupancyAtHbase(),
      new SlackRelease(),
      new HeadroomFloor(),
      new PoolCap(),
      new OthersThrottle());

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
    DecisionDraft draft = new DecisionDraft(obs, state, goal, params, otherHdfsReserved, otherHbaseReserved);
    for (DecisionRule rule : RULES) {
      rule.apply(draft);
    }
    return draft.decision();
  }
}
