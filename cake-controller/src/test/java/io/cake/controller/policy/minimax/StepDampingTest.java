package io.cake.controller.policy.minimax;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.cake.controller.policy.minimax.StepDamping.Steps;
import java.util.Map;
import org.junit.jupiter.api.Test;

class StepDampingTest {
  private static final double E = 1e-12;
  private final StepDamping halving = new StepDamping(0.1, 0.5, 0.01);

  @Test
  void aStepHalvesEachTimeTheShareTurnsAndNotWhileItKeepsItsDirection() {
    // c rises twice, a and b fall twice: no turn, every step stays sigma.
    Steps s = halving.next(Steps.NONE, true, Map.of("a", 0.3, "b", 0.3, "c", 0.4), Map.of("a", 0.25, "b", 0.25, "c", 0.5));
    s = halving.next(s, true, Map.of("a", 0.25, "b", 0.25, "c", 0.5), Map.of("a", 0.2, "b", 0.2, "c", 0.6));
    assertThat(halving.stepOf(s, "c")).isEqualTo(0.1);
    assertThat(halving.stepOf(s, "a")).isEqualTo(0.1);

    // c overshot: it falls and a rises (turns); b stays put, which is no turn and keeps its last move.
    s = halving.next(s, true, Map.of("a", 0.2, "b", 0.2, "c", 0.6), Map.of("a", 0.3, "b", 0.2, "c", 0.5));
    assertThat(halving.stepOf(s, "c")).isCloseTo(0.05, within(E));
    assertThat(halving.stepOf(s, "a")).isCloseTo(0.05, within(E));
    assertThat(halving.stepOf(s, "b")).isEqualTo(0.1);
    assertThat(s.lastMove().get("b")).as("the last real move").isCloseTo(-0.05, within(E));
    // b now rises after its fall: a turn, though an interval apart.
    s = halving.next(s, true, Map.of("a", 0.3, "b", 0.2, "c", 0.5), Map.of("a", 0.3, "b", 0.25, "c", 0.45));
    assertThat(halving.stepOf(s, "b")).isCloseTo(0.05, within(E));
    assertThat(halving.stepOf(s, "c")).as("still falling").isCloseTo(0.05, within(E));

    // Turning again and again: down to the least step and no further.
    for (int i = 0; i < 10; i++) {
      double sign = i % 2 == 0 ? 1 : -1;
      s = halving.next(s, true, Map.of("c", 0.45), Map.of("c", 0.45 + sign * 0.01));
    }
    assertThat(halving.stepOf(s, "c")).isEqualTo(0.01);
  }

  @Test
  void withRoomOrAtTheFirstOverloadedDecisionEveryStepIsSigmaAgain() {
    Steps turned = new Steps(Map.of("a", 0.025), Map.of("a", 0.02));
    Steps room = halving.next(turned, false, Map.of("a", 0.3), Map.of("a", 0.2));
    assertThat(room).isEqualTo(Steps.NONE);
    assertThat(halving.stepOf(room, "a")).isEqualTo(0.1);
  }

  @Test
  void aFactorOfOneIsFrostingsFixedStep() {
    StepDamping fixed = new StepDamping(0.1, 1.0, 0.01);
    Steps s = fixed.next(Steps.NONE, true, Map.of("a", 0.3), Map.of("a", 0.4));
    s = fixed.next(s, true, Map.of("a", 0.4), Map.of("a", 0.3));
    assertThat(fixed.stepOf(s, "a")).isEqualTo(0.1);
  }

  @Test
  void badParametersAreRefused() {
    assertThatThrownBy(() -> new StepDamping(0.1, 0, 0.01)).hasMessageStartingWith("damping must be in (0, 1]");
    assertThatThrownBy(() -> new StepDamping(0.1, 1.5, 0.01)).hasMessageStartingWith("damping must be in (0, 1]");
    assertThatThrownBy(() -> new StepDamping(0.1, 0.5, 0.2)).hasMessageContaining("least step");
  }
}
