package io.cake.controller.jmx;

import io.cake.controller.config.SloTarget;
import io.cake.controller.loop.SecondLevelController;
import io.cake.controller.policy.Decision;
import io.cake.controller.policy.LatencyAllocation;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.ThroughputGoal;
import java.util.function.Supplier;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/** JMX face of a {@link SecondLevelController}. */
public final class Controller implements ControllerMXBean {
  private final SecondLevelController controller;
  private final long intervalMillis;
  private final Supplier<String> configurationError;

  public Controller(SecondLevelController controller, long intervalMillis) {
    this(controller, intervalMillis, () -> "");
  }

  /** @param configurationError why the last reloaded file was refused, or empty */
  public Controller(SecondLevelController controller, long intervalMillis, Supplier<String> configurationError) {
    this.controller = controller;
    this.intervalMillis = intervalMillis;
    this.configurationError = configurationError;
  }

  public static ObjectName objectName(int port) {
    try {
      return new ObjectName("io.cake:type=Controller,port=" + port);
    } catch (MalformedObjectNameException e) {
      throw new IllegalArgumentException(e);
    }
  }

  @Override
  public String getSloTenant() {
    return controller.slo().tenant();
  }

  @Override
  public String getSlo() {
    return controller.slo().goal().toString();
  }

  @Override
  public double getSloPercentile() {
    return controller.slo().goal() instanceof LatencyGoal g ? g.percentile() : Double.NaN;
  }

  @Override
  public double getSloLatencyMillis() {
    return controller.slo().goal() instanceof LatencyGoal g ? g.millis() : Double.NaN;
  }

  @Override
  public double getSloThroughput() {
    return controller.slo().goal() instanceof ThroughputGoal g ? g.opsPerSecond() : Double.NaN;
  }

  @Override
  public void setLatencySlo(String tenant, double percentile, double millis) {
    controller.setSlo(SloTarget.latency(tenant, percentile, millis)); // validates first
  }

  @Override
  public void setThroughputSlo(String tenant, double opsPerSecond) {
    controller.setSlo(new SloTarget(tenant, new ThroughputGoal(opsPerSecond)));
  }

  @Override
  public boolean isPaused() {
    return controller.paused();
  }

  @Override
  public void pause() {
    controller.pause();
  }

  @Override
  public void resume() {
    controller.resume();
  }

  @Override
  public long getIntervalMillis() {
    return intervalMillis;
  }

  @Override
  public String getLastDecision() {
    return controller.last().summary();
  }

  @Override
  public String[] getLastReasons() {
    Decision d = controller.last().decision();
    return d == null ? new String[0] : d.reasons().toArray(String[]::new);
  }

  @Override
  public double getShare() {
    LatencyAllocation a = controller.allocation();
    return a == null ? Double.NaN : a.share();
  }

  @Override
  public int getHdfsReserved() {
    LatencyAllocation a = controller.allocation();
    return a == null ? -1 : a.hdfsReserved();
  }

  @Override
  public int getHbaseReserved() {
    LatencyAllocation a = controller.allocation();
    return a == null ? -1 : a.hbaseReserved();
  }

  @Override
  public int getHbasePoolCap() {
    LatencyAllocation a = controller.allocation();
    return a == null ? -1 : a.hbasePoolCap();
  }

  @Override
  public long getFailures() {
    return controller.failures();
  }

  @Override
  public String getConfigurationError() {
    return configurationError.get();
  }
}
