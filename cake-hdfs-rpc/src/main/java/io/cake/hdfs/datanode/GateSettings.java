package io.cake.hdfs.datanode;

import io.cake.core.sched.Allocation;
import io.cake.core.sched.SoftLimitGate;
import io.cake.core.tenant.TenantCap;
import java.util.Objects;
import java.util.function.UnaryOperator;

/** The rules for changing a {@link DataNodeReadScheduler}'s soft limit and allocation. */
final class GateSettings {
  private final SoftLimitGate gate;
  private final TenantCap tenants;

  GateSettings(SoftLimitGate gate, TenantCap tenants) {
    this.gate = gate;
    this.tenants = tenants;
  }

  /** See {@link DataNodeReadScheduler#setLimit}. */
  void setLimit(int newLimit) {
    if (newLimit < 1 || newLimit > SoftLimitGate.MAX_LIMIT) {
      throw new IllegalArgumentException(
          "soft limit must be within [1, " + SoftLimitGate.MAX_LIMIT + "], got " + newLimit);
    }
    gate.scheduler().allocation().checkFits(newLimit, "the soft limit");
    gate.setLimit(newLimit);
  }

  /** See {@link DataNodeReadScheduler#updateAllocation}. */
  Allocation updateAllocation(UnaryOperator<Allocation> change) {
    Allocation next =
        Objects.requireNonNull(change.apply(gate.scheduler().allocation()), "allocation");
    gate.scheduler().setAllocation(next);
    pin(next);
    return next;
  }

  /** Tenants named by an allocation (configured or set by the controller) are never folded. */
  void pin(Allocation a) {
    a.shares().keySet().forEach(tenants::pin);
    a.reservations().keySet().forEach(tenants::pin);
  }
}
