package io.cake.controller.policy.minimax;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.controller.policy.minimax.OthersCap.Step;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OthersCapTest {
  private static int cap(int now, double busy, Map<String, Double> perf, boolean overloaded) {
    return OthersCap.next(new Step(now, 0), 30, busy, perf, 1.5, overloaded).cap();
  }

  @Test
  void aMissWithTheSharesExhaustedCutsToThreeQuartersOfWhatTheOthersHeld() {
    Map<String, Double> miss = Map.of("a", 0.8, "b", 1.6);
    // No cap yet: from the 11.2 handlers the others kept busy (12), not from the pool of 30.
    assertThat(cap(0, 11.2, miss, true)).isEqualTo(9);
    assertThat(cap(9, 9, miss, true)).isEqualTo(6);
    assertThat(cap(1, 1, miss, true)).as("never below one").isEqualTo(1);
    assertThat(cap(0, 0, miss, true)).as("idle others: one").isEqualTo(1);
    // With room for the shares to act, no cut.
    assertThat(cap(9, 9, miss, false)).isEqualTo(9);
    assertThat(OthersCap.next(new Step(9, 1), 30, 9, miss, 1.5, true).atTarget()).as("a miss restarts the count").isZero();
  }

  @Test
  void everyGoalAtItsTargetForTwoIntervalsGrowsItByOneUntilThePoolThenItIsLifted() {
    Map<String, Double> slack = Map.of("a", 1.6, "b", Double.NaN);
    Step once = OthersCap.next(new Step(6, 0), 30, 6, slack, 1.5, false);
    assertThat(once).as("one interval at the target is not yet room").isEqualTo(new Step(6, 1));
    assertThat(OthersCap.next(once, 30, 6, slack, 1.5, false)).isEqualTo(new Step(7, 0));
    assertThat(OthersCap.next(new Step(29, 1), 30, 6, slack, 1.5, false).cap()).isZero();
    assertThat(OthersCap.next(new Step(0, 5), 30, 6, slack, 1.5, false).cap()).as("no cap stays none").isZero();
    // Met but short of the target, or nothing measured: held, and the count restarts.
    assertThat(OthersCap.next(new Step(6, 1), 30, 6, Map.of("a", 1.2), 1.5, false)).isEqualTo(new Step(6, 0));
    assertThat(OthersCap.next(new Step(6, 1), 30, 6, Map.of("a", Double.NaN), 1.5, true)).isEqualTo(new Step(6, 0));
  }
}
