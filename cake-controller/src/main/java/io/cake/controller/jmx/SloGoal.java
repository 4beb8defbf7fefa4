package io.cake.controller.jmx;

import io.cake.controller.config.SloTarget;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.ThroughputGoal;
import java.beans.ConstructorProperties;

/**
 * One SLO tenant's goal as numbers, for tools ({@link ControllerMXBean#getSloGoals()}; in a JMX
 * client or HBase's /jmx page an object with these fields): a latency goal has a percentile and
 * a bound in ms (throughput NaN) and the operation it is on ("GET", ...; empty: every call), a
 * throughput goal ops/s (the other two NaN, the operation empty).
 */
public final class SloGoal {
  private final String tenant;
  private final double percentile;
  private final double latencyMillis;
  private final double throughput;
  private final double weight;
  private final String operation;

  @ConstructorProperties({"tenant", "percentile", "latencyMillis", "throughput", "weight", "operation"})
  public SloGoal(String tenant, double percentile, double latencyMillis, double throughput, double weight,
      String operation) {
    this.tenant = tenant;
    this.percentile = percentile;
    this.latencyMillis = latencyMillis;
    this.throughput = throughput;
    this.weight = weight;
    this.operation = operation;
  }

  static SloGoal of(SloTarget t) {
    if (t.goal() instanceof LatencyGoal l) {
      return new SloGoal(t.tenant(), l.percentile(), l.millis(), Double.NaN, t.weight(),
          l.operation().map(Enum::name).orElse(""));
    }
    return new SloGoal(t.tenant(), Double.NaN, Double.NaN, ((ThroughputGoal) t.goal()).opsPerSecond(), t.weight(), "");
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
}
