package io.cake.controller.jmx;

import io.cake.controller.loop.SecondLevelController;
import io.cake.controller.policy.Measurement;
import io.cake.core.tenant.ByteThroughputGoal;
import io.cake.core.tenant.Goal;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.ThroughputGoal;
import java.util.Optional;
import java.util.function.Supplier;

/** One SLO tenant's bean; it reads the controller of the moment, as {@link Controller} does. */
public final class ControllerSlo implements ControllerSloMXBean {
  private static final double NAN = Double.NaN;

  private final Supplier<SecondLevelController> controller;
  private final String tenant;

  public ControllerSlo(Supplier<SecondLevelController> controller, String tenant) {
    this.controller = controller;
    this.tenant = tenant;
  }

  private Optional<Goal> goal() {
    SecondLevelController c = controller.get();
    return c == null ? Optional.empty()
        : c.slos().stream().filter(t -> t.tenant().equals(tenant)).findFirst().map(t -> t.goal());
  }

  private Measurement measured() {
    SecondLevelController c = controller.get();
    Optional<Goal> g = goal();
    return c == null || g.isEmpty() ? Measurement.NONE : c.last().measured(tenant).forGoal(g.get());
  }

  @Override
  public double getTargetSeconds() {
    return goal().filter(LatencyGoal.class::isInstance).map(g -> ((LatencyGoal) g).millis() / 1000).orElse(NAN);
  }

  @Override
  public double getPercentile() {
    return goal().filter(LatencyGoal.class::isInstance).map(g -> ((LatencyGoal) g).percentile()).orElse(NAN);
  }

  @Override
  public double getTargetOpsPerSecond() {
    return goal().filter(ThroughputGoal.class::isInstance).map(g -> ((ThroughputGoal) g).opsPerSecond()).orElse(NAN);
  }

  @Override
  public double getTargetBytesPerSecond() {
    return goal().filter(ByteThroughputGoal.class::isInstance)
        .map(g -> ((ByteThroughputGoal) g).megabytesPerSecond() * 1e6).orElse(NAN);
  }

  @Override
  public double getMeasuredSeconds() {
    Measurement m = measured();
    return m.goal() instanceof LatencyGoal ? m.value() / 1000 : NAN;
  }

  @Override
  public double getMeasuredOpsPerSecond() {
    Measurement m = measured();
    return m.goal() instanceof ThroughputGoal ? m.value() : NAN;
  }

  @Override
  public double getMeasuredBytesPerSecond() {
    Measurement m = measured();
    return m.goal() instanceof ByteThroughputGoal ? m.value() * 1e6 : NAN;
  }

  @Override
  public double getMet() {
    return measured().met();
  }

  @Override
  public double getWeight() {
    SecondLevelController c = controller.get();
    return c == null ? NAN : c.slos().stream().filter(t -> t.tenant().equals(tenant)).mapToDouble(t -> t.weight())
        .findFirst().orElse(NAN);
  }
}
