package io.cake.bench.soak;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GrowthTest {
  private static List<Double> series(int n, java.util.function.IntToDoubleFunction f) {
    List<Double> xs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      xs.add(f.applyAsDouble(i));
    }
    return xs;
  }

  @Test
  void aLeakClimbsPastTheMiddleThird() {
    assertThat(Growth.grows(series(30, i -> 100 + 10 * i), 10)).isTrue();
  }

  @Test
  void aSawtoothThatLevelsOffIsBounded() {
    assertThat(Growth.grows(series(30, i -> 200 + (i % 4) * 50), 10)).isFalse();
  }

  @Test
  void aWarmUpInTheFirstThirdIsNotGrowth() {
    assertThat(Growth.grows(series(30, i -> i < 10 ? 10 * i : 100), 0)).isFalse();
  }

  @Test
  void aRestartedDaemonGettingBackToItsLevelIsNotGrowth() {
    // A daemon restarted a third of the way in: its level, a dip while it finds its tenants again, its level.
    assertThat(Growth.grows(series(30, i -> i < 10 || i >= 23 ? 101 : 68), 4)).isFalse();
  }

  @Test
  void theSlackAbsorbsSmallSteps() {
    List<Double> xs = series(30, i -> i < 20 ? 40 : 52);
    assertThat(Growth.grows(xs, 5)).isFalse();
    assertThat(Growth.grows(xs, 1)).isTrue();
  }

  @Test
  void unreadableSamplesAndShortRunsDoNotGrow() {
    assertThat(Growth.grows(List.of(1.0, 1e9), 0)).isFalse();
    assertThat(Growth.grows(series(9, i -> i == 8 ? Double.NaN : 5), 0)).isFalse();
  }
}
