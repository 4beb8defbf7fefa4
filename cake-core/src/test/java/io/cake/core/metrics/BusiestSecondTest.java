package io.cake.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class BusiestSecondTest {
  private static final long MS = 1_000_000L;

  @Test
  void theBusiestWholeSecondWinsWhereverTheBurstFalls() {
    BusiestSecond b = new BusiestSecond();
    // A burst from 4.5 s to 5.5 s: 2 s of service in each half second's worth of calls.
    b.completed(1_200 * MS, 100 * MS);
    b.completed(4_600 * MS, 1_000 * MS);
    b.completed(4_900 * MS, 1_000 * MS);
    b.completed(5_100 * MS, 1_500 * MS);
    b.completed(5_400 * MS, 1_500 * MS);
    b.completed(6_000 * MS, 200 * MS);
    assertThat(b.roll(10_000 * MS)).as("second 5: 3 s of service in it").isCloseTo(3.0, within(1e-9));
  }

  @Test
  void eachIntervalStartsAfreshButTheSecondUnderWayCountsInBoth() {
    BusiestSecond b = new BusiestSecond();
    b.completed(2_100 * MS, 800 * MS);
    b.completed(3_100 * MS, 400 * MS);
    assertThat(b.roll(3_500 * MS)).isCloseTo(0.8, within(1e-9));
    b.completed(3_900 * MS, 300 * MS);
    assertThat(b.roll(5_000 * MS)).as("second 3, whole now").isCloseTo(0.7, within(1e-9));
    assertThat(b.roll(10_000 * MS)).as("nothing completed: idle, not the last busy second again").isZero();
  }

  @Test
  void negativeServiceTimesCountAsNone() {
    BusiestSecond b = new BusiestSecond();
    b.completed(500 * MS, -5 * MS);
    assertThat(b.roll(2_000 * MS)).isZero();
  }
}
