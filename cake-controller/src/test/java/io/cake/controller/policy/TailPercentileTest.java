package io.cake.controller.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class TailPercentileTest {
  private static final long MS = 1_000_000L;

  /** One request at each of 1, 2, ..., n ms. */
  private static Histogram oneToN(int n) {
    Histogram h = new Histogram(3);
    for (int i = 1; i <= n; i++) {
      h.recordValue(i * MS);
    }
    return h;
  }

  @Test
  void extrapolatesAnExponentialTailFromTheMeanExcess() {
    // excesses 2, 4, 6, 8, 10 over 8 ms: theta 6 ms; the tail holds 5 of 50 requests, p99.76 is
    // 0.24% of them: 8 + 6 ln(0.1 / 0.0024)
    // tail 10, 12, 14, 16, 18: mean 14
    assertThat(TailPercentile.extrapolate(14, 5, 8, 50, 99.76))
        .isCloseTo(8 + 6 * Math.log(0.1 / 0.0024), within(1e-9));
  }

  @Test
  void aPercentileTheRequestsShowIsReadFromThem() {
    Histogram h = oneToN(1000);
    assertThat(TailPercentile.shown(1000, 99.5)).isTrue();
    assertThat(TailPercentile.ms(h, 99.5)).isCloseTo(995, within(1.0));
  }

  @Test
  void beyondTheSlowestRequestItIsTheFitNotTheSlowest() {
    Histogram h = new Histogram(3);
    // 150 requests: 135 at 18 ms, the slowest 15 at 20, 22, ..., 48 ms above them
    for (int i = 0; i < 135; i++) {
      h.recordValue(18 * MS);
    }
    for (int i = 0; i < 15; i++) {
      h.recordValue((20 + 2 * i) * MS); // mean 34 ms
    }
    assertThat(TailPercentile.shown(150, 99.76)).isFalse();
    double expected = TailPercentile.extrapolate(34, 15, 18, 150, 99.76);
    assertThat(TailPercentile.ms(h, 99.76)).isCloseTo(expected, within(0.1)).isGreaterThan(48);
  }

  @Test
  void aFitBelowTheSlowestRequestGivesWayToIt() {
    Histogram h = new Histogram(3);
    for (int i = 0; i < 149; i++) {
      h.recordValue(5 * MS);
    }
    h.recordValue(50 * MS); // one slow get over a flat body: the fit says about 16 ms
    assertThat(TailPercentile.ms(h, 99.76)).isCloseTo(50, within(0.1));
  }

  @Test
  void fewerThanTenTimesTheLeastTailAndTheHundredthPercentileAreReadFromTheRequests() {
    assertThat(TailPercentile.shown(49, 99.76)).isFalse();
    assertThat(TailPercentile.ms(oneToN(49), 99.76)).isCloseTo(49, within(0.1));
    assertThat(TailPercentile.ms(oneToN(150), 100.0)).isCloseTo(150, within(0.1));
  }

  @Test
  void onExponentialLatenciesTheFitFindsThePercentileTheSlowestRequestFallsShortOf() {
    // The hdd regime's case: 150 requests an interval, p99.76 steered. True p99.76 of an
    // exponential with a 20 ms mean: 20 ln(1 / 0.0024) = 120.6 ms.
    double truth = 20 * Math.log(1 / 0.0024);
    Random random = new Random(42);
    int trials = 2001;
    double[] fits = new double[trials];
    double[] slowest = new double[trials];
    for (int t = 0; t < trials; t++) {
      Histogram h = new Histogram(3);
      for (int i = 0; i < 150; i++) {
        h.recordValue((long) (-20 * Math.log(1 - random.nextDouble()) * MS) + 1);
      }
      fits[t] = TailPercentile.ms(h, 99.76);
      slowest[t] = h.getMaxValue() / (double) MS;
    }
    Arrays.sort(fits);
    Arrays.sort(slowest);
    double medianFit = fits[trials / 2];
    double medianSlowest = slowest[trials / 2];
    assertThat(medianFit).isCloseTo(truth, within(0.05 * truth));
    // the slowest of 150 sits at about p99.54: 20 ln(150 / ln 2) = 107.5 ms, 11% short
    assertThat(medianSlowest).isLessThan(0.92 * truth);
  }
}
