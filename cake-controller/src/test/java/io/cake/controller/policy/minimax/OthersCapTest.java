package io.cake.controller.policy.minimax;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class OthersCapTest {
  @Test
  void aMissWithTheSharesExhaustedCutsToThreeQuartersOfWhatTheOthersHeld() {
    Map<String, Double> miss = Map.of("a", 0.8, "b", 1.6);
    // No cap yet: from the 11.2 handlers the others kept busy (12), not from the pool of 30.
    assertThat(OthersCap.next(0, 30, 11.2, miss, 1.5, true, true)).isEqualTo(9);
    assertThat(OthersCap.next(9, 30, 9, miss, 1.5, true, true)).isEqualTo(6);
    assertThat(OthersCap.next(1, 30, 1, miss, 1.5, true, true)).as("never below one").isEqualTo(1);
    assertThat(OthersCap.next(0, 30, 0, miss, 1.5, true, true)).as("idle others: one").isEqualTo(1);
    // With room for the shares to act, no cut.
    assertThat(OthersCap.next(9, 30, 9, miss, 1.5, false, true)).isEqualTo(9);
  }

  @Test
  void everyGoalAtItsTargetGrowsItByOneUntilThePoolThenItIsLifted() {
    Map<String, Double> slack = Map.of("a", 1.6, "b", Double.NaN);
    assertThat(OthersCap.next(6, 30, 6, slack, 1.5, false, true)).isEqualTo(7);
    assertThat(OthersCap.next(29, 30, 6, slack, 1.5, false, true)).isZero();
    assertThat(OthersCap.next(0, 30, 6, slack, 1.5, false, true)).as("no cap stays none").isZero();
    // Met but short of the target, or nothing measured: held.
    assertThat(OthersCap.next(6, 30, 6, Map.of("a", 1.2), 1.5, false, true)).isEqualTo(6);
    assertThat(OthersCap.next(6, 30, 6, Map.of("a", Double.NaN), 1.5, true, true)).isEqualTo(6);
  }

  @Test
  void anIntervalThatDidNotTestTheCapDoesNotGrowItButAMissStillCutsIt() {
    // Between bursts every goal is at its target, which says nothing of the next burst.
    Map<String, Double> slack = Map.of("a", 1.6, "b", 2.0);
    assertThat(OthersCap.next(6, 30, 6, slack, 1.5, false, false)).isEqualTo(6);
    assertThat(OthersCap.next(6, 30, 6, slack, 1.5, false, true)).isEqualTo(7);
    assertThat(OthersCap.next(6, 30, 6, Map.of("a", 0.8), 1.5, true, false)).isEqualTo(4);
  }
}
