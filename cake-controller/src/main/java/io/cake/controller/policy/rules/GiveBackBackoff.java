package io.cake.controller.policy.rules;

import io.cake.controller.policy.ControlState;

/**
 * Beyond the paper: giving share or a reservation back probes for slack. If the interval after
 * the probe misses, the next give-back waits (4 intervals, doubling while probes keep failing;
 * a probe that holds resets it). Without this the loop gives back until a window misses, then
 * takes back and gives back again, and in the hdd regime that cycle is most of the windows it
 * misses after converging (docs/decisions/0010-headroom-floor.md). This rule judges the last
 * interval's probe and starts this interval's with
 * the share Algorithm 1 gave back; the other rules that give back add theirs.
 */
public final class GiveBackBackoff implements DecisionRule {
  @Override
  public void apply(DecisionDraft d) {
    d.probing = d.giveBack;
    if (d.state.probing() && !Double.isNaN(d.perf)) {
      if (d.perf < d.params.lowPerformance()) {
        d.hold = d.backoff;
        d.backoff = Math.min(ControlState.MAX_BACKOFF, d.backoff * 2);
        d.reasons.add("the last give-back missed the SLO: nothing given back for " + d.hold + " intervals");
      } else {
        d.backoff = ControlState.FIRST_BACKOFF;
      }
    }
  }
}
