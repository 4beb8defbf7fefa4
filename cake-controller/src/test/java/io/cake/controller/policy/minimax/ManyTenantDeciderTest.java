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
  void underAnOverloadThatLastsAShareThatTurnsMovesAtHalfItsStepAfterwards() {
    ManyTenantDecider damped = new ManyTenantDecider(new MinimaxShares.Params(0.2, 1.0, 0.01, 0.5), 4);
    List<TenantGoal> two = List.of(new TenantGoal("a", 2, LatencyGoal.of(99, 100)),
        new TenantGoal("b", 1, LatencyGoal.of(99, 100)), new TenantGoal("batch", 1, null));
    // Both miss (a at a quarter of its SLO, b at half): neither can reach its SLO in one step.
    ManyTenantDecider.Decision first = damped.decide(damped.initial(two), two, Map.of("a", 400.0, "b", 200.0));
    assertThat(first.result().overloaded()).isTrue();
    assertThat(first.state().overloadedRun()).isEqualTo(1);
    assertThat(first.state().steps()).as("the first overloaded decision is no turn").isEqualTo(StepDamping.Steps.NONE);

    // Models from that: performance 0.75 x share for a, 1.5 x share for b. From b holding most of
    // the share, after a decision in which b rose: the heavier a is owed share, b turns.
    Map<String, Double> bHolds = Map.of("a", 0.3, "b", 0.69, "batch", 0.01);
    Map<String, Double> there = Map.of("a", 100 / (0.75 * 0.3), "b", 100 / (1.5 * 0.69));
    StepDamping.Steps rose = new StepDamping.Steps(Map.of(), Map.of("a", -0.1, "b", 0.1));
    ManyTenantDecider.Decision turn =
        damped.decide(new ManyTenantDecider.State(bHolds, first.state().fits(), 1, rose), two, there);
    assertThat(turn.result().overloaded()).isTrue();
    assertThat(turn.state().shares().get("b")).as("the turn itself goes at the whole step, 0.2")
        .isCloseTo(0.49, within(0.005));
    assertThat(turn.state().steps().step()).containsEntry("a", 0.1).containsEntry("b", 0.1);

    // b is still owed less, a more (the models say a at 0.83): half the step now, 0.1.
    Map<String, Double> after = Map.of("a", 100 / (0.75 * 0.5), "b", 100 / (1.5 * 0.49));
    ManyTenantDecider.Decision next = damped.decide(turn.state(), two, after);
    assertThat(next.state().shares().get("b")).isCloseTo(0.39, within(0.005));
    assertThat(next.state().shares().get("a")).isCloseTo(0.60, within(0.005));

    // Room again: the run resets and so do the steps.
    ManyTenantDecider.Decision room = damped.decide(next.state(), two, Map.of("a", 50.0, "b", 50.0));
    assertThat(room.result().overloaded()).isFalse();
    assertThat(room.state().overloadedRun()).isZero();
    assertThat(room.state().steps()).isEqualTo(StepDamping.Steps.NONE);
  }

  @Test
  void aWeightThatIsNotPositiveIsRefusedNamingTheTenant() {
    assertThatThrownBy(() -> new TenantGoal("gold", -1, null)).hasMessageContaining("'gold'");
  }
}
