package io.cake.controller.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.controller.loop.Outcome;
import io.cake.controller.policy.ControllerState;
import io.cake.controller.policy.Plan;
import io.cake.controller.policy.PriorityLanes;
import io.cake.controller.policy.TenantState;
import io.cake.core.sched.Allocation;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DecisionHistoryTest {
  private static final Instant T0 = Instant.parse("2026-12-07T12:00:00Z");

  static Outcome decided(long tick, Map<String, Double> shares) {
    Map<String, TenantState> tenants = new java.util.TreeMap<>();
    shares.forEach((t, s) -> tenants.put(t, TenantState.start(s, 1, 0)));
    Plan plan = new Plan(new ControllerState(tenants, 0, PriorityLanes.State.EMPTY, false), Allocation.equalShares(),
        Allocation.equalShares(), shares.keySet(), List.of(), "", false, true, "");
    return new Outcome(tick, "decided " + tick, plan, Map.of());
  }

  @Test
  void keepsTheLastThirtyOutcomesNewestFirstAndEachOutcomeOnce() {
    DecisionHistory h = new DecisionHistory();
    Outcome repeated = null;
    for (int i = 1; i <= 40; i++) {
      repeated = decided(i, Map.of("front", 0.5));
      h.record(T0.plusSeconds(10L * i), repeated);
    }
    h.record(T0.plusSeconds(500), repeated); // the controller's last outcome, read again after an idle tick
    List<DecisionHistory.Decision> d = h.decisions();
    assertThat(d).hasSize(DecisionHistory.DECISIONS);
    assertThat(d.get(0).outcome().tick()).isEqualTo(40);
    assertThat(d.get(0).at()).isEqualTo(T0.plusSeconds(400));
    assertThat(d.get(29).outcome().tick()).isEqualTo(11);
    assertThat(h.samples(T0.plusSeconds(500))).hasSize(40);
  }

  @Test
  void samplesReachBackOneHourAndOnlyDecisionsMakeThem() {
    DecisionHistory h = new DecisionHistory();
    h.record(T0, decided(1, Map.of("front", 0.2, "back", 0.3)));
    h.record(T0.plus(Duration.ofMinutes(30)), new Outcome(2, "paused: allocation left as it is"));
    h.record(T0.plus(Duration.ofMinutes(40)), decided(3, Map.of("front", 0.7)));

    List<DecisionHistory.Sample> s = h.samples(T0.plus(Duration.ofMinutes(50)));
    assertThat(s).extracting(DecisionHistory.Sample::at).containsExactly(T0, T0.plus(Duration.ofMinutes(40)));
    assertThat(s.get(0).shares()).containsEntry("front", 0.2).containsEntry("back", 0.3);
    assertThat(h.decisions()).hasSize(3);

    assertThat(h.samples(T0.plus(Duration.ofMinutes(61)))).extracting(DecisionHistory.Sample::at)
        .containsExactly(T0.plus(Duration.ofMinutes(40)));
  }

  @Test
  void aSubSecondIntervalKeepsAtMostTheSampleBound() {
    DecisionHistory h = new DecisionHistory();
    for (int i = 0; i < DecisionHistory.MAX_SAMPLES + 50; i++) {
      h.record(T0.plusMillis(100L * i), decided(i, Map.of("front", 0.5)));
    }
    List<DecisionHistory.Sample> s = h.samples(T0.plusMillis(100L * DecisionHistory.MAX_SAMPLES));
    assertThat(s).hasSize(DecisionHistory.MAX_SAMPLES);
    assertThat(s.get(0).at()).isEqualTo(T0.plusMillis(100L * 50));
  }
}
