package io.cake.controller.jmx;

import io.cake.controller.policy.SloTarget;
import io.cake.core.tenant.ByteThroughputGoal;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.ThroughputGoal;
import java.beans.ConstructorProperties;

/**
 * One SLO tenant's goal as numbers, for tools ({@link ControllerMXBean#getSloGoals()}; in a JMX
 * client or HBase's /jmx page an object with these fields): a latency goal has a percentile and
 * a bound in ms and the operation it is on ("GET", ...; empty: every call), a throughput goal
 * ops/s ({@code throughput}) or MB/s read at the DataNode ({@code megabytesPerSecond}); the
 * numbers a goal does not have are NaN, and the operation empty.
 */
public final class SloGoal {
  private final String tenant;
  private final double percentile;
  private final double latencyMillis;
  private final double throughput;
  private final double weight;
  private final String operation;
  private final double megabytesPerSecond;

  @ConstructorProperties({"tenant", "percentile", "latencyMillis", "throughput", "weight", "operation",
      "megabytesPerSecond"})
  public SloGoal(String tenant, double percentile, double latencyMillis, double throughput, double weight,
      String operation, double megabytesPerSecond) {
    this.tenant = tenant;
    this.percentile = percentile;
    this.latencyMillis = latencyMillis;
    this.throughput = throughput;
    this.weight = weight;
    this.operation = operation;
    this.megabytesPerSecond = megabytesPerSecond;
  }

  static SloGoal of(SloTarget t) {
    double nan = Double.NaN;
    if (t.goal() instanceof LatencyGoal l) {
      return new SloGoal(t.tenant(), l.percentile(), l.millis(), nan, t.weight(),
          l.operation().map(Enum::name).orElse(""), nan);
    }
    if (t.goal() instanceof ByteThroughputGoal g) {
      return new SloGoal(t.tenant(), nan, nan, nan, t.weight(), "", g.megabytesPerSecond());
    }
    return new SloGoal(t.tenant(), nan, nan, ((ThroughputGoal) t.goal()).opsPerSecond(), t.weight(), "", nan);
  }

  public String getTenant() {
    return tenant;
  }

  public double getPercentile() {
    return percentile;
  }

  public double getLatencyMillis() {
    return latencyMillis;
  }

  public double getThroughput() {
    return throughput;
  }

  public double getWeight() {
    return weight;
  }

  public String getOperation() {
    return operation;
  }

  public double getMegabytesPerSecond() {
    return megabytesPerSecond;
  }
}
