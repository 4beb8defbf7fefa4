package io.cake.controller.policy.minimax;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class OthersCapTest {
  @Test
  void aMissWithTheSharesExhaustedCutsToThreeQuartersOfWhatTheOthersHeld() {
    Map<String, Double> miss = Map.of("a", 0.8, "b", 1.6);
    // No cap yet: from the 11.2 handlers the others kept busy (12), not from the pool of 30.
    assertThat(OthersCap.next(0, 30, 11.2, miss, 1.5, true, true, 0.0)).isEqualTo(9);
    assertThat(OthersCap.next(9, 30, 9, miss, 1.5, true, true, 0.0)).isEqualTo(6);
    assertThat(OthersCap.next(1, 30, 1, miss, 1.5, true, true, 0.0)).as("never below one").isEqualTo(1);
    assertThat(OthersCap.next(0, 30, 0, miss, 1.5, true, true, 0.0)).as("idle others: one").isEqualTo(1);
    // With room for the shares to act, no cut.
    assertThat(OthersCap.next(9, 30, 9, miss, 1.5, false, true, 0.0)).isEqualTo(9);
  }

  @Test
  void everyGoalAtItsTargetGrowsItByOneUntilThePoolThenItIsLifted() {
    Map<String, Double> slack = Map.of("a", 1.6, "b", Double.NaN);
    assertThat(OthersCap.next(6, 30, 6, slack, 1.5, false, true, 0.0)).isEqualTo(7);
    assertThat(OthersCap.next(29, 30, 6, slack, 1.5, false, true, 0.0)).isZero();
    assertThat(OthersCap.next(0, 30, 6, slack, 1.5, false, true, 0.0)).as("no cap stays none").isZero();
    // Met but short of the target, or nothing measured: held.
    assertThat(OthersCap.next(6, 30, 6, Map.of("a", 1.2), 1.5, false, true, 0.0)).isEqualTo(6);
    assertThat(OthersCap.next(6, 30, 6, Map.of("a", Double.NaN), 1.5, true, true, 0.0)).isEqualTo(6);
  }

  @Test
  void itGrowsNoFurtherThanTheHandlersTheSloTenantsLoadFloorsLeave() {
    // Floors of 0.12, 0.1 and 0.1 of 10 handlers: 3.2, so the others may grow to 6, not into them.
    Map<String, Double> slack = Map.of("a", 1.6, "b", 2.0, "c", 1.9);
    assertThat(OthersCap.next(5, 10, 5, slack, 1.5, false, true, 0.32)).isEqualTo(6);
    assertThat(OthersCap.next(6, 10, 6, slack, 1.5, false, true, 0.32)).isEqualTo(6);
    assertThat(OthersCap.next(8, 10, 8, slack, 1.5, false, true, 0.32)).as("above it: held, not cut").isEqualTo(8);
    assertThat(OthersCap.next(8, 10, 8, Map.of("a", 0.8), 1.5, true, true, 0.32)).as("a miss still cuts").isEqualTo(6);
    assertThat(OthersCap.next(9, 10, 9, slack, 1.5, false, true, 0.0)).as("no floors: lifted at the pool").isZero();
    assertThat(OthersCap.next(1, 10, 1, slack, 1.5, false, true, 1.7)).as("floors over the pool: held at 1").isEqualTo(1);
  }

  @Test
  void anIntervalThatDidNotTestTheCapDoesNotGrowItButAMissStillCutsIt() {
    // Between bursts every goal is at its target, which says nothing of the next burst.
    Map<String, Double> slack = Map.of("a", 1.6, "b", 2.0);
    assertThat(OthersCap.next(6, 30, 6, slack, 1.5, false, false, 0.0)).isEqualTo(6);
    assertThat(OthersCap.next(6, 30, 6, slack, 1.5, false, true, 0.0)).isEqualTo(7);
    assertThat(OthersCap.next(6, 30, 6, Map.of("a", 0.8), 1.5, true, false, 0.0)).isEqualTo(4);
  }
}
