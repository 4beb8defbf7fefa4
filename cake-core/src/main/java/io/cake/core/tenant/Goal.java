package io.cake.core.tenant;

/** A tenant's service-level objective. */
public sealed interface Goal permits LatencyGoal, ThroughputGoal, ByteThroughputGoal {

  /**
   * Normalised performance as in Cake section 5.3.1: target / measured for latency, measured /
   * target for throughput (ops/s or MB/s). Above 1.0 means the goal is met.
   */
  double normalisedPerformance(double measured);
}
