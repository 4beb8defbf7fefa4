package io.cake.controller.policy;

import io.cake.core.metrics.SchedulerSnapshot;
import java.util.Objects;

/**
 * One closed HBase metrics interval, read at once: every tenant's numbers and, of the same
 * interval, their latencies per operation. Read apart, an interval could close between the two
 * reads; a pair of two intervals cannot be made.
 */
public record HBaseInterval(SchedulerSnapshot tenants, OperationLatencies operations) {

  public HBaseInterval {
    Objects.requireNonNull(tenants, "tenants");
    Objects.requireNonNull(operations, "operations");
    if (operations.endNanos() != tenants.endNanos()) {
      throw new IllegalArgumentException("the latencies per operation are of another interval (ending at "
          + operations.endNanos() + " ns) than the tenants' (ending at " + tenants.endNanos() + " ns)");
    }
  }

  /** {@code tenants}' interval with no latencies per operation (a scheduler that keeps none). */
  public static HBaseInterval tenantsOnly(SchedulerSnapshot tenants) {
    return new HBaseInterval(tenants, OperationLatencies.none(tenants));
  }
}
