package io.cake.cli.status;

import io.cake.core.tenant.ByteThroughputGoal;
import io.cake.core.tenant.Goal;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.OperationType;
import io.cake.core.tenant.ThroughputGoal;
import java.util.Optional;

/**
 * One SLO tenant's goal as the controller's MBean gives it: a latency goal (percentile and bound
 * in ms, and the operation it is on: "GET", ...; empty or null for every call), a throughput
 * goal (ops/s) or an MB/s goal ({@code megabytesPerSecond}, read at the DataNode), and its weight
 * (null from a controller too old to say).
 */
public record TenantGoal(String tenant, Double percentile, Double latencyMs, Double throughput, Double weight,
    String operation, Double megabytesPerSecond) {

  /** A goal on every call. */
  public TenantGoal(String tenant, Double percentile, Double latencyMs, Double throughput, Double weight) {
    this(tenant, percentile, latencyMs, throughput, weight, null);
  }

  /** Not an MB/s goal. */
  public TenantGoal(String tenant, Double percentile, Double latencyMs, Double throughput, Double weight,
      String operation) {
    this(tenant, percentile, latencyMs, throughput, weight, operation, null);
  }

  /** The goal as cake-core states it, or null when the page did not give all of it. */
  Goal goal() {
    try {
      return megabytesPerSecond != null ? new ByteThroughputGoal(megabytesPerSecond)
          : throughput != null ? new ThroughputGoal(throughput)
          : percentile != null && latencyMs != null ? new LatencyGoal(percentile, latencyMs, onOperation()) : null;
    } catch (IllegalArgumentException e) {
      return null; // not a goal the controller could hold: nothing to judge by
    }
  }

  /** The operation a latency goal is on (empty: every call); an unknown one is refused. */
  private Optional<OperationType> onOperation() {
    return onEveryCall() ? Optional.empty() : Optional.of(OperationType.parse("operation", operation));
  }

  private boolean onEveryCall() {
    return operation == null || operation.isBlank();
  }

  /**
   * What the scheduler published for the tenant's last interval that the goal is about: the p50,
   * p99 or p99.9 latency in ms (null for another percentile: those are not published, nor for a
   * goal on one operation: the row's latencies are of every call), or the throughput in ops/s;
   * null when nothing was measured, and for an MB/s goal: its bytes are counted at the DataNode,
   * not on the RegionServer's row, and are not guessed from it. {@link #verdict} judges those two
   * by what the controller measured.
   */
  public Double measured(TenantRow row) {
    if (megabytesPerSecond != null) {
      return null;
    }
    if (throughput != null) {
      return row.throughput();
    }
    if (percentile == null || !onEveryCall()) {
      return null;
    }
    double p = percentile;
    return p == 50.0 ? row.p50Ms() : p == 99.0 ? row.p99Ms() : p == 99.9 ? row.p999Ms() : null;
  }

  /** Whether {@code measured} met the goal (its normalised performance at least 1); null when there is nothing to judge. */
  private Boolean met(Double measured) {
    Goal g = goal();
    return measured == null || g == null ? null : g.normalisedPerformance(measured) >= 1.0;
  }

  /**
   * Whether the scheduler's row cannot say what the goal is about, so what the controller
   * measured for its decision judges it: a latency goal on one operation (the row's latencies are
   * of every call) or an MB/s goal (its bytes are counted at the DataNode).
   */
  private boolean judgedByController() {
    return megabytesPerSecond != null || (throughput == null && !onEveryCall());
  }

  /**
   * The goal against the scheduler's row ({@link #measured}, at the goal's own percentile), or
   * where that cannot say ({@link #judgedByController}) against what the controller's last
   * decision measured; unknown when the one it is judged by is null or measured nothing.
   */
  public SloVerdict verdict(TenantRow row, ControllerMeasurement controller) {
    Double m;
    Double at;
    if (judgedByController()) {
      m = controller == null ? null : controller.measured();
      at = controller == null || megabytesPerSecond != null ? null : controller.percentile();
    } else {
      m = row == null ? null : measured(row);
      at = throughput == null ? percentile : null;
    }
    return m == null ? SloVerdict.UNKNOWN : new SloVerdict(m, at, met(m));
  }

  /** "ms", "ops/s" or "MB/s". */
  public String unit() {
    return megabytesPerSecond != null ? "MB/s" : throughput != null ? "ops/s" : "ms";
  }

  /**
   * The goal as the controller writes it ("p99.0 <= 50.0 ms", "p99.0 <= 50.0 ms (GET)", ">= 40.0
   * ops/s", ">= 50.0 MB/s"), with " weight w" unless 1.
   */
  public String text() {
    Goal g = goal();
    return (g == null ? "?" : g.toString()) + (weight == null || weight == 1.0 ? "" : " weight " + weight);
  }
}
