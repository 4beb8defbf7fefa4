package io.cake.controller.policy;

import java.util.List;

/** The new allocation and, in words, why. */
public record Decision(ControlState state, double performance, List<String> reasons) {
  public Decision {
    reasons = List.copyOf(reasons);
  }

  public LatencyAllocation allocation() {
    return state.allocation();
  }

  /** One line for the decision log. */
  public String describe() {
    return String.format("perf=%.2f -> %s: %s", performance, state.allocation(), String.join("; ", reasons));
  }
}
