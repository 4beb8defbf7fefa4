package io.cake.controller.policy.minimax;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.cake.controller.policy.minimax.ManyTenantDecider.TenantGoal;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.ThroughputGoal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ManyTenantDeciderTest {
  private final ManyTenantDecider decider = new ManyTenantDecider(new MinimaxShares.Params(0.2, 1.0, 0.01), 4);
  private final List<TenantGoal> goals = List.of(
      new TenantGoal("front", 1, LatencyGoal.of(99, 100)),
      new TenantGoal("floor", 1, new ThroughputGoal(500)),
      new TenantGoal("batch", 1, null));

  @Test
  void measurementsBecomePerformanceAndSharesFollowTheModels() {
    ManyTenantDecider.State s = decider.initial(goals);
    assertThat(s.shares().values()).allSatisfy(v -> assertThat(v).isCloseTo(1.0 / 3, within(1e-12)));
    // front at 200 ms is at half its SLO with a third; floor does 1,000 ops/s, twice its goal.
    ManyTenantDecider.Decision d = decider.decide(s, goals, Map.of("front", 200.0, "floor", 1000.0));
    assertThat(d.performance()).containsEntry("front", 0.5).containsEntry("floor", 2.0);
    // Proportional models: front needs 2/3 (one step: +0.2), floor 1/6.
    assertThat(d.state().shares().get("front")).isGreaterThan(0.5);
    assertThat(d.state().shares().get("floor")).isCloseTo(1.0 / 6 / 1.0, within(0.02));
    assertThat(d.state().shares().values().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(1, within(1e-12));
    assertThat(d.state().fits().get("front").size()).isEqualTo(1);
  }

  @Test
  void anIntervalWithoutAMeasurementKeepsTheModelAndTheShare() {
    ManyTenantDecider.State s = decider.initial(goals);
    ManyTenantDecider.Decision d = decider.decide(s, goals, Map.of("floor", 500.0));
    assertThat(d.performance().get("front")).isNaN();
    assertThat(d.state().fits()).doesNotContainKey("front");
    assertThat(d.state().shares().get("front")).as("as if at its target").isCloseTo(1.0 / 3, within(1e-9));
  }

  @Test
  void aWeightThatIsNotPositiveIsRefusedNamingTheTenant() {
    assertThatThrownBy(() -> new TenantGoal("gold", -1, null)).hasMessageContaining("'gold'");
  }
}
