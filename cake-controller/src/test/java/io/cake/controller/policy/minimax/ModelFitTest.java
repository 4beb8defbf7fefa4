package io.cake.controller.policy.minimax;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class ModelFitTest {
  @Test
  void pointsOnALineGiveThatLine() {
    ModelFit f = new ModelFit(4);
    for (double a : new double[] {0.2, 0.3, 0.5}) {
      f = f.with(a, 0.4 + 1.5 * a);
    }
    assertThat(f.model().intercept()).isCloseTo(0.4, within(1e-12));
    assertThat(f.model().slope()).isCloseTo(1.5, within(1e-12));
  }

  @Test
  void onlyTheLastWindowCounts() {
    ModelFit f = new ModelFit(2).with(0.1, 5.0).with(0.2, 1.0).with(0.4, 2.0);
    assertThat(f.size()).isEqualTo(2);
    assertThat(f.model().slope()).isCloseTo(5.0, within(1e-12)); // (2 - 1) / (0.4 - 0.2)
  }

  @Test
  void withoutASlopeToBelieveItAssumesPerformanceProportionalToShare() {
    assertThat(new ModelFit(4).model()).isNull();
    PerformanceModel one = new ModelFit(4).with(0.5, 0.8).model();
    assertThat(one.slope()).isCloseTo(1.6, within(1e-12));
    assertThat(one.performance(0.5)).isCloseTo(0.8, within(1e-12));
    // Same share twice: no spread.
    assertThat(new ModelFit(4).with(0.5, 0.8).with(0.5, 1.2).model().slope()).isCloseTo(2.4, within(1e-12));
    // More share, worse performance (noise): not believed.
    PerformanceModel noisy = new ModelFit(4).with(0.3, 1.2).with(0.5, 0.8).model();
    assertThat(noisy.slope()).isCloseTo(1.6, within(1e-12));
    // A tenant at performance 0 still gets a positive slope.
    assertThat(new ModelFit(4).with(0.5, 0.0).model().slope()).isEqualTo(ModelFit.MIN_SLOPE);
  }

  @Test
  void badPointsAreRefused() {
    assertThatThrownBy(() -> new ModelFit(1)).hasMessageContaining("window");
    assertThatThrownBy(() -> new ModelFit(4).with(0, 1)).hasMessageContaining("share");
    assertThatThrownBy(() -> new ModelFit(4).with(0.5, Double.NaN)).hasMessageContaining("performance");
  }
}
