package io.cake.controller.policy.minimax;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ReservationRuleTest {
  private final ReservationRule rule = new ReservationRule(1.5);
  private static final Map<String, Double> WEIGHTS = Map.of("a", 1.0, "b", 1.0, "c", 2.0);
  private static final Map<String, Double> BUSY = Map.of("a", 0.3, "b", 0.3, "c", 0.3);

  @Test
  void underOverloadAMissingTenantGetsOneSlotAtATimeWorstWeightedBadnessFirst() {
    // c misses by less (0.8) but weighs 2: badness 0.4 against a's 0.3; b meets it.
    Map<String, Double> perf = Map.of("a", 0.7, "b", 1.2, "c", 0.8);
    assertThat(rule.next(Map.of(), perf, WEIGHTS, BUSY, true, 6, 3)).containsExactlyInAnyOrderEntriesOf(Map.of("a", 1, "b", 0, "c", 1));
    assertThat(rule.next(Map.of(), perf, WEIGHTS, BUSY, true, 6, 1)).as("one slot left: the worst gets it")
        .containsExactlyInAnyOrderEntriesOf(Map.of("a", 0, "b", 0, "c", 1));
    // A tenant that uses 0.3 slots is held to 1; one busy 1.2 slots may have 3.
    assertThat(rule.next(Map.of("a", 1), perf, WEIGHTS, BUSY, true, 6, 3).get("a")).isEqualTo(1);
    assertThat(rule.next(Map.of("a", 2), perf, WEIGHTS, Map.of("a", 1.2, "b", 0.3, "c", 0.3), true, 6, 4).get("a"))
        .isEqualTo(3);
  }

  @Test
  void withRoomNothingIsReservedAndATenantAtItsTargetGivesOneBack() {
    Map<String, Double> perf = Map.of("a", 0.7, "b", 1.6, "c", Double.NaN);
    Map<String, Integer> next = rule.next(Map.of("a", 1, "b", 2, "c", 1), perf, WEIGHTS, BUSY, false, 6, 3);
    assertThat(next).containsExactlyInAnyOrderEntriesOf(Map.of("a", 1, "b", 1, "c", 1)); // c unmeasured: kept
  }

  @Test
  void aLoadedResourceReservesNothingAndEachTenantGivesOneBack() {
    // Together busy 3.3 of 6 slots: more than half.
    Map<String, Double> loaded = Map.of("a", 1.1, "b", 1.1, "c", 1.1);
    Map<String, Double> perf = Map.of("a", 0.5, "b", 0.5, "c", 0.5);
    assertThat(rule.next(Map.of("a", 2, "b", 0, "c", 1), perf, WEIGHTS, loaded, true, 6, 5))
        .containsExactlyInAnyOrderEntriesOf(Map.of("a", 1, "b", 0, "c", 0));
  }

  @Test
  void fewerSlotsThanReservedShedsFromTheLargestHolder() {
    Map<String, Double> perf = Map.of("a", 1.2, "b", 1.2, "c", 1.2);
    assertThat(rule.next(Map.of("a", 2, "b", 1), perf, WEIGHTS, BUSY, true, 6, 2))
        .containsExactlyInAnyOrderEntriesOf(Map.of("a", 1, "b", 1, "c", 0));
    assertThatThrownBy(() -> new ReservationRule(0.5)).hasMessageContaining("target");
    assertThat(ReservationRule.perTenant(0)).isEqualTo(1);
    assertThat(ReservationRule.perTenant(1.01)).isEqualTo(3);
  }
}
