package io.cake.controller.jmx;

import io.cake.controller.config.ControllerConfig;
import io.cake.controller.loop.Outcome;
import io.cake.controller.policy.SloTarget;
import io.cake.controller.loop.SecondLevelController;
import io.cake.controller.policy.Measurement;
import io.cake.controller.policy.Plan;
import io.cake.controller.policy.TenantState;
import io.cake.core.tenant.ByteThroughputGoal;
import io.cake.core.tenant.Goal;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.OperationType;
import io.cake.core.tenant.ThroughputGoal;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * JMX face of a RegionServer's {@link SecondLevelController}, registered for as long as the
 * coprocessor runs: while no controller runs (switched off, no SLO, or a configuration it
 * refused) it says why in {@code NotRunningReason}, reads as unset, and refuses writes with that
 * reason, so an operator's tool sees the same name on every RegionServer.
 */
public final class Controller implements ControllerMXBean {
  /** The operation argument that puts a latency goal on every call. */
  public static final String EVERY_OPERATION = "all";

  private final Supplier<SecondLevelController> controller;
  private final LongSupplier intervalMillis;
  private final Supplier<String> configurationError;
  private final Supplier<ControllerConfig> config;
  private final Supplier<String> notRunningReason;

  /** A face of one running controller. */
  public Controller(SecondLevelController controller, long intervalMillis) {
    this(() -> controller, () -> intervalMillis, () -> "", () -> "");
  }

  /**
   * @param controller the running controller, or null while none runs
   * @param configurationError why the last file was refused, or empty
   * @param notRunningReason why no controller runs (read while {@code controller} gives null)
   */
  public Controller(Supplier<SecondLevelController> controller, LongSupplier intervalMillis,
      Supplier<String> configurationError, Supplier<String> notRunningReason) {
    this(controller, intervalMillis, configurationError, notRunningReason, () -> null);
  }

  /** @param config the configuration in force (null before the first accepted one): which DataNode it steers */
  public Controller(Supplier<SecondLevelController> controller, LongSupplier intervalMillis,
      Supplier<String> configurationError, Supplier<String> notRunningReason, Supplier<ControllerConfig> config) {
    this.controller = controller;
    this.intervalMillis = intervalMillis;
    this.configurationError = configurationError;
    this.notRunningReason = notRunningReason;
    this.config = config;
  }

  @Override
  public String getDataNodeUrl() {
    ControllerConfig c = config.get();
    return c == null ? "" : c.hdfsJmx().url();
  }

  @Override
  public String getDataNodeScheduler() {
    ControllerConfig c = config.get();
    return c == null ? "" : c.hdfsScheduler();
  }

  public static ObjectName objectName(int port) {
    try {
      return new ObjectName("io.cake:type=Controller,port=" + port);
    } catch (MalformedObjectNameException e) {
      throw new IllegalArgumentException(e);
    }
  }

  @Override
  public boolean isRunning() {
    return controller.get() != null;
  }

  @Override
  public String getVersion() {
    return io.cake.core.level.CakeVersion.current();
  }

  @Override
  public String getNotRunningReason() {
    return controller.get() != null ? "" : notRunningReason.get();
  }

  @Override
  public String getSloTenant() {
    SecondLevelController c = controller.get();
    return c == null ? "" : String.join(",", c.slos().stream().map(SloTarget::tenant).toList());
  }

  @Override
  public String getSlo() {
    SecondLevelController c = controller.get();
    if (c == null) {
      return "";
    }
    java.util.List<SloTarget> all = c.slos();
    return all.size() == 1 ? all.get(0).goal().toString()
        : String.join("; ", all.stream().map(SloTarget::toString).toList());
  }

  @Override
  public String[] getSlos() {
    SecondLevelController c = controller.get();
    return c == null ? new String[0] : c.slos().stream().map(SloTarget::toString).toArray(String[]::new);
  }

  @Override
  public SloGoal[] getSloGoals() {
    SecondLevelController c = controller.get();
    return c == null ? new SloGoal[0]
        : c.slos().stream().sorted(java.util.Comparator.comparing(SloTarget::tenant)).map(SloGoal::of).toArray(SloGoal[]::new);
  }

  @Override
  public SloMeasurement[] getSloMeasurements() {
    SecondLevelController c = controller.get();
    if (c == null) {
      return new SloMeasurement[0];
    }
    Outcome last = c.last();
    return c.slos().stream().sorted(java.util.Comparator.comparing(SloTarget::tenant)).map(t -> {
      Measurement m = last.measured(t.tenant()).forGoal(t.goal()); // a goal set since has not been judged yet
      return new SloMeasurement(t.tenant(), m.value(), m.percentile());
    }).toArray(SloMeasurement[]::new);
  }

  @Override
  public String[] getTenantShares() {
    Plan p = plan();
    return p == null ? new String[0] : p.tenants().stream().map(Plan.TenantLine::toString).toArray(String[]::new);
  }

  @Override
  public boolean isSlosFeasible() {
    Plan p = plan();
    return p == null || p.feasible();
  }

  @Override
  public String[] getServedFirst() {
    SecondLevelController c = controller.get();
    return c == null ? new String[0] : SecondLevelController.servedFirst(c.slos()).toArray(String[]::new);
  }

  private Plan plan() {
    SecondLevelController c = controller.get();
    return c == null ? null : c.last().plan();
  }

  /** The one SLO tenant's goal; null with several (their numbers read as NaN) or none. */
  private Goal single() {
    SecondLevelController c = controller.get();
    return c == null || c.slos().size() != 1 ? null : c.slo().goal();
  }

  @Override
  public double getSloPercentile() {
    return single() instanceof LatencyGoal g ? g.percentile() : Double.NaN;
  }

  @Override
  public double getSloLatencyMillis() {
    return single() instanceof LatencyGoal g ? g.millis() : Double.NaN;
  }

  @Override
  public double getSloThroughput() {
    return single() instanceof ThroughputGoal g ? g.opsPerSecond() : Double.NaN;
  }

  @Override
  public void setLatencySlo(String tenant, double percentile, double millis) {
    SecondLevelController c = running();
    c.setSlo(new SloTarget(tenant, new LatencyGoal(percentile, millis, operationOf(c, tenant)))); // validates first
  }

  @Override
  public void setLatencySlo(String tenant, double percentile, double millis, String operation) {
    running().setSlo(new SloTarget(tenant, new LatencyGoal(percentile, millis, operation("operation", operation))));
  }

  /** The operation {@code tenant}'s latency goal is on now: none for every call, or no such goal. */
  private static Optional<OperationType> operationOf(SecondLevelController c, String tenant) {
    return c.slos().stream()
        .filter(t -> t.tenant().equals(tenant) && t.goal() instanceof LatencyGoal)
        .findFirst()
        .flatMap(t -> ((LatencyGoal) t.goal()).operation());
  }

  /**
   * An operation as {@link #setLatencySlo(String, double, double, String)} and {@code cake slo set
   * --operation} take it: get, scan, mutation or other (any case, trimmed), or {@value
   * #EVERY_OPERATION} for every call (empty); anything else is refused naming {@code what}.
   */
  public static Optional<OperationType> operation(String what, String value) {
    if (value != null && value.trim().equalsIgnoreCase(EVERY_OPERATION)) {
      return Optional.empty();
    }
    try {
      return Optional.of(OperationType.parse(what, value));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          what + " must be " + OperationType.NAMES + ", or " + EVERY_OPERATION + " for every call, got '" + value + "'");
    }
  }

  @Override
  public void setThroughputSlo(String tenant, double opsPerSecond) {
    running().setSlo(new SloTarget(tenant, new ThroughputGoal(opsPerSecond)));
  }

  @Override
  public void setThroughputMbSlo(String tenant, double megabytesPerSecond) {
    running().setSlo(new SloTarget(tenant, new ByteThroughputGoal(megabytesPerSecond)));
  }

  @Override
  public boolean isPaused() {
    SecondLevelController c = controller.get();
    return c != null && c.paused();
  }

  @Override
  public void pause() {
    running().pause();
  }

  @Override
  public void resume() {
    running().resume();
  }

  @Override
  public long getIntervalMillis() {
    return intervalMillis.getAsLong();
  }

  @Override
  public String getLastDecision() {
    SecondLevelController c = controller.get();
    return c == null ? "not running: " + notRunningReason.get() : c.last().summary();
  }

  @Override
  public String[] getLastReasons() {
    Plan p = plan();
    if (p == null) {
      return new String[0];
    }
    java.util.List<String> out = new java.util.ArrayList<>();
    p.tenants().forEach(t -> t.reasons().forEach(r -> out.add(t.view().tenant() + ": " + r)));
    if (!p.othersReason().isEmpty()) {
      out.add(p.othersReason());
    }
    return out.toArray(String[]::new);
  }

  @Override
  public double getShare() {
    TenantState a = allocation();
    return a == null ? Double.NaN : a.share();
  }

  @Override
  public int getHdfsReserved() {
    TenantState a = allocation();
    return a == null ? -1 : a.hdfsReserved();
  }

  @Override
  public int getHbaseReserved() {
    TenantState a = allocation();
    return a == null ? -1 : a.hbaseReserved();
  }

  @Override
  public double getOthersLimit() {
    SecondLevelController c = controller.get();
    return c == null ? -1 : c.othersLimit();
  }

  @Override
  public long getFailures() {
    SecondLevelController c = controller.get();
    return c == null ? 0L : c.failures();
  }

  @Override
  public String getConfigurationError() {
    return configurationError.get();
  }

  /** The one SLO tenant's part of the allocation; null with several (see TenantShares) or none. */
  private TenantState allocation() {
    SecondLevelController c = controller.get();
    return c == null || c.slos().size() != 1 ? null : c.allocation(c.slo().tenant());
  }

  /** The running controller, or IllegalStateException saying why none runs. */
  private SecondLevelController running() {
    SecondLevelController c = controller.get();
    if (c == null) {
      throw new IllegalStateException("cake-controller is not running: " + notRunningReason.get());
    }
    return c;
  }
}
