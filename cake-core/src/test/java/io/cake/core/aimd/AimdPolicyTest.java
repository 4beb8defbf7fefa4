package io.cake.core.aimd;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AimdPolicyTest {

  @Test
  void followsThePapersRulesOnAScriptedLatencySequence() {
    AimdPolicy policy = new AimdPolicy(AimdConfig.DEFAULTS);
    double[] meanMs = {1, 2, 5.9, 6.0, 7.5, 8.0, 8.1, 20, 20, 20, 20, Double.NaN, 3, 100, 100, 100};
    int[] expected = {9, 10, 11, 11, 11, 11, 8, 6, 4, 4, 4, 4, 5, 4, 4, 4};
    List<Integer> sizes = new ArrayList<>();
    int size = 8;
    for (double m : meanMs) {
      size = policy.next(size, m);
      sizes.add(size);
    }
    assertThat(sizes).containsExactly(java.util.Arrays.stream(expected).boxed().toArray(Integer[]::new));
  }

  @Test
  void neverExceedsTheMaximum() {
    AimdPolicy policy = new AimdPolicy(new AimdConfig(6, 8, 0.75, 4, 10, Duration.ofSeconds(10)));
    int size = 4;
    for (int i = 0; i < 20; i++) {
      size = policy.next(size, 1.0);
    }
    assertThat(size).isEqualTo(10);
    assertThat(policy.next(72, 7.0)).as("an out-of-range size is clamped").isEqualTo(10);
  }

  @Test
  void invalidBoundsAreRefusedNamingTheField() {
    assertThatThrownBy(() -> new AimdConfig(8, 6, 0.75, 4, 72, Duration.ofSeconds(10)))
        .hasMessageContaining("highMillis");
    assertThatThrownBy(() -> new AimdConfig(6, 8, 1.5, 4, 72, Duration.ofSeconds(10)))
        .hasMessageContaining("decreaseFactor");
    assertThatThrownBy(() -> new AimdConfig(6, 8, 0.75, 10, 4, Duration.ofSeconds(10)))
        .hasMessageContaining("maxSize");
    assertThatThrownBy(() -> new AimdConfig(6, 8, 0.75, 4, 72, Duration.ZERO))
        .hasMessageContaining("interval");
  }
}
