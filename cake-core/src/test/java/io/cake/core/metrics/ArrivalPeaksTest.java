package io.cake.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ArrivalPeaksTest {
  private static final long MS = 1_000_000L;

  @Test
  void aBurstShowsInTheShortWindowAndItsBodyInTheSecond() {
    ArrivalPeaks p = new ArrivalPeaks();
    // A steady call every 100 ms from 0 to 5 s, and a burst of 30 calls at 2,000-2,029 ms.
    for (long t = 0; t < 5_000; t += 100) {
      p.arrived(t * MS + 50 * MS);
    }
    for (int i = 0; i < 30; i++) {
      p.arrived((2_000 + i) * MS);
    }
    ArrivalPeaks.Peaks peaks = p.roll(5_000 * MS);
    assertThat(peaks.in100ms()).as("the burst and the steady call beside it").isEqualTo(31);
    assertThat(peaks.inSecond()).as("the burst and ten steady calls").isEqualTo(40);
  }

  @Test
  void theWindowSlidesAcrossTheBoundaryOfAWholeSecond() {
    ArrivalPeaks p = new ArrivalPeaks();
    // 20 calls from 900 to 1,090 ms: split by whole seconds, 10 and 10; sliding, all 20.
    for (int i = 0; i < 20; i++) {
      p.arrived((900 + 10 * i) * MS);
    }
    assertThat(p.roll(3_000 * MS).inSecond()).isEqualTo(20);
  }

  @Test
  void oldArrivalsLeaveTheWindowAndAnIdleIntervalShowsNone() {
    ArrivalPeaks p = new ArrivalPeaks();
    for (int i = 0; i < 5; i++) {
      p.arrived(100 * MS);
    }
    p.arrived(1_200 * MS); // the five are out of its second: 1,100 ms later
    assertThat(p.roll(1_250 * MS)).isEqualTo(new ArrivalPeaks.Peaks(5, 5));
    p.arrived(1_255 * MS);
    assertThat(p.roll(1_260 * MS)).as("the window under way counts in the next interval too")
        .isEqualTo(new ArrivalPeaks.Peaks(2, 2));
    assertThat(p.roll(10_000 * MS)).as("no arrivals: none").isEqualTo(ArrivalPeaks.Peaks.NONE);
  }

  @Test
  void aLateTimestampFromAnotherThreadCountsInTheWindowUnderWay() {
    ArrivalPeaks p = new ArrivalPeaks();
    p.arrived(1_000 * MS);
    p.arrived(999 * MS); // read before the first, counted after it
    assertThat(p.roll(1_001 * MS)).isEqualTo(new ArrivalPeaks.Peaks(2, 2));
  }
}
