package io.cake.controller.policy;

import java.util.Map;

/**
 * What the controller carries from one interval to the next: each SLO tenant's state, the limit
 * on the tenants without an SLO (handlers each, 0: none), the lanes' recent peaks, and whether
 * the last interval's shares were settled by weight ({@link Arbitration}).
 */
public record ControllerState(Map<String, TenantState> tenants, double othersLimit, PriorityLanes.State lanes,
    boolean overloaded) {
  public static final ControllerState EMPTY = new ControllerState(Map.of(), 0, PriorityLanes.State.EMPTY, false);

  public ControllerState {
    tenants = Map.copyOf(tenants);
    if (!(othersLimit >= 0) || Double.isInfinite(othersLimit)) {
      throw new IllegalArgumentException("the others' limit must be 0 (none) or a positive number of handlers, got "
          + othersLimit);
    }
  }
}
