package io.cake.director.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class SmoothingTest {
  @Test
  void aRiseIsTakenQuicklyAndAFallSlowly() {
    Smoothing s = new Smoothing(0.5, 0.1);
    assertThat(s.next(Double.NaN, 4.0)).isEqualTo(4.0);
    assertThat(s.next(4.0, 8.0)).isCloseTo(6.0, within(1e-12));
    assertThat(s.next(8.0, 4.0)).isCloseTo(7.6, within(1e-12));
  }

  @Test
  void factorsOutsideZeroToOneAreRefusedByName() {
    assertThatThrownBy(() -> new Smoothing(0, 0.1)).hasMessageContaining("up");
    assertThatThrownBy(() -> new Smoothing(0.5, 1.5)).hasMessageContaining("down");
  }
}
