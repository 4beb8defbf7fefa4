package io.cake.core.tenant;

/** What a tenant cares about; the controller treats each class differently. */
public enum TenantClass {
  /** Front end with a latency SLO (the paper's client l). */
  LATENCY_SENSITIVE,
  /** Throughput-hungry jobs that take whatever is left (the paper's client b). */
  BATCH,
  /** No goal at all; untagged traffic lands here. */
  BEST_EFFORT
}
