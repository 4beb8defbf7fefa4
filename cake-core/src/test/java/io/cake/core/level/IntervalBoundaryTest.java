package io.cake.core.level;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class IntervalBoundaryTest {
  @Test
  void closesOnTheNextMultipleOfTheInterval() {
    assertThat(IntervalBoundary.delayMillis(1_000_001_000L, 5_000)).isEqualTo(4_000);
    assertThat(IntervalBoundary.delayMillis(1_000_002_400L, 5_000)).isEqualTo(2_600);
  }

  @Test
  void twoServersStartedApartCloseOnTheSameInstants() {
    long interval = 5_000;
    long a = 1_000_000_700L; // one server's timer starts here
    long b = 1_000_003_200L; // another's 2.5 s later
    long aClose = a + IntervalBoundary.delayMillis(a, interval);
    long bClose = b + IntervalBoundary.delayMillis(b, interval);
    assertThat(Math.floorMod(aClose, interval)).isZero();
    assertThat(Math.floorMod(bClose, interval)).isZero();
    // and every later close, timed from the one before, stays on the boundaries
    assertThat(aClose + IntervalBoundary.delayMillis(aClose, interval)).isEqualTo(aClose + interval);
  }

  @Test
  void aTimerFiringEarlyDoesNotCloseAnIntervalOfAFewMilliseconds() {
    // fired 3 ms before the boundary it was aimed at: the interval closes now, the next one whole
    assertThat(IntervalBoundary.delayMillis(1_000_004_997L, 5_000)).isEqualTo(5_003);
  }

  @Test
  void aTimerFiringLateStillClosesOnTheNextBoundary() {
    assertThat(IntervalBoundary.delayMillis(1_000_005_300L, 5_000)).isEqualTo(4_700);
  }

  @Test
  void onABoundaryTheNextCloseIsAWholeIntervalAway() {
    assertThat(IntervalBoundary.delayMillis(1_000_005_000L, 5_000)).isEqualTo(5_000);
  }

  @Test
  void refusesANonPositiveInterval() {
    assertThatThrownBy(() -> IntervalBoundary.delayMillis(0, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("interval");
  }
}
