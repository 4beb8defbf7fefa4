package io.cake.controller.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class WindowPercentileTest {

  @Test
  void poissonTailMatchesClosedForms() {
    // P(X >= 1) = 1 - e^-l; P(X >= 2) = 1 - e^-l (1 + l).
    assertThat(WindowPercentile.atLeast(1, 0.7)).isCloseTo(1 - Math.exp(-0.7), within(1e-12));
    assertThat(WindowPercentile.atLeast(2, 1.3)).isCloseTo(1 - Math.exp(-1.3) * 2.3, within(1e-12));
    assertThat(WindowPercentile.atLeast(0, 5)).isEqualTo(1.0);
    // Large k and lambda stay finite (log-space terms).
    assertThat(WindowPercentile.atLeast(2_000, 2_000)).isBetween(0.49, 0.51);
  }

  @Test
  void theMarginShrinksAsWindowsGrow() {
    // 150 requests: a window's p99 is its 2nd slowest; 95% of windows within the SLO needs about
    // the p99.76 there (largest mean with P(Poisson >= 2) <= 0.05 is 0.3554).
    assertThat(WindowPercentile.steer(99, 150, 0.95)).isCloseTo(100 * (1 - 0.35536 / 150), within(1e-3));
    double p400 = WindowPercentile.steer(99, 400, 0.95);
    double p10k = WindowPercentile.steer(99, 10_000, 0.95);
    assertThat(p400).isGreaterThan(p10k).isLessThan(WindowPercentile.steer(99, 150, 0.95));
    assertThat(p10k).isBetween(99.1, 99.2);
  }

  @Test
  void halfConfidenceIsAboutThePlainPercentileAndTinyWindowsUseTheSlowest() {
    assertThat(WindowPercentile.steer(99, 10_000, 0.5)).isCloseTo(99.0, within(0.01));
    // At 0.5 the steered percentile picks the very request the goal's own percentile picks
    // (nearest rank), whatever the count: confidence 0.5 is the paper's controller.
    for (int n = 1; n <= 20_000; n += n < 500 ? 1 : 37) {
      double p = WindowPercentile.steer(99, n, 0.5);
      assertThat(Math.ceil(p / 100 * n - 1e-9)).as("rank at n=%d (p%.3f)", n, p).isEqualTo(Math.ceil(0.99 * n - 1e-9));
    }
    // 20 requests: the window's p99 is its slowest one; nothing beyond the slowest to measure.
    double p = WindowPercentile.steer(99, 20, 0.95);
    assertThat(Math.ceil(p / 100 * 20)).as("nearest rank of p%.2f among 20", p).isEqualTo(20.0);
    assertThat(WindowPercentile.steer(99.9, 0, 0.95)).isEqualTo(99.9);
  }

  @Test
  void holdingTheSteeredPercentileOnTheSloMeetsThatShareOfWindows() {
    // Exponential latencies with mean 10 ms: put the SLO exactly at the steered percentile of the
    // distribution and count how many windows of n requests meet "p99 <= SLO".
    SplittableRandom r = new SplittableRandom(7);
    for (int n : new int[] {150, 400, 2_000}) {
      double q = WindowPercentile.steer(99, n, 0.95) / 100.0;
      double slo = -10.0 * Math.log(1 - q);
      int windows = 4_000;
      int met = 0;
      for (int w = 0; w < windows; w++) {
        Histogram h = new Histogram(3);
        for (int i = 0; i < n; i++) {
          h.recordValue((long) Math.ceil(-10_000.0 * Math.log(1 - r.nextDouble()))); // microseconds
        }
        if (h.getValueAtPercentile(99) / 1000.0 <= slo) {
          met++;
        }
      }
      assertThat(met / (double) windows).as("windows met at n=%d", n).isBetween(0.93, 0.99);
    }
  }

  @Test
  void refusesNonsense() {
    assertThatThrownBy(() -> WindowPercentile.steer(100, 10, 0.9)).hasMessageContaining("percentile");
    assertThatThrownBy(() -> WindowPercentile.steer(99, 10, 0.2)).hasMessageContaining("confidence");
    assertThatThrownBy(() -> WindowPercentile.steer(99, 10, 1.0)).hasMessageContaining("confidence");
  }

  @Test
  void aClearMissNeedsSoManyRequestsOverTheSloThatChanceCannotExplainThem() {
    // p99 at 0.95: of 30 requests, 1 over is chance (P = 0.26 were the goal met), 2 are not (0.037).
    assertThat(WindowPercentile.clearlyOver(99, 30, 1, 0.95)).isFalse();
    assertThat(WindowPercentile.clearlyOver(99, 30, 2, 0.95)).isTrue();
    // Of 60: 2 over is still chance (0.12), 3 are not (0.023).
    assertThat(WindowPercentile.clearlyOver(99, 60, 2, 0.95)).isFalse();
    assertThat(WindowPercentile.clearlyOver(99, 60, 3, 0.95)).isTrue();
    // p99.9: a single request of 30 over it is already a miss (P = 0.03).
    assertThat(WindowPercentile.clearlyOver(99.9, 30, 1, 0.95)).isTrue();
    // Nothing over, or nothing at all, shows nothing.
    assertThat(WindowPercentile.clearlyOver(99, 30, 0, 0.95)).isFalse();
    assertThat(WindowPercentile.clearlyOver(99, 0, 0, 0.95)).isFalse();
    assertThatThrownBy(() -> WindowPercentile.clearlyOver(100, 30, 2, 0.95)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> WindowPercentile.clearlyOver(99, 30, 2, 1.0)).isInstanceOf(IllegalArgumentException.class);
  }
}
