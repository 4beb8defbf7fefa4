package io.cake.controller.loop;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class TickTimingTest {
  private static final Duration FIVE_S = Duration.ofSeconds(5);
  private static final long S = 1_000_000_000L;
  private static final long MS = 1_000_000L;

  @Test
  void aDecisionRunsJustAfterTheNextCloseWhateverThePhaseItRanAt() {
    // Closed at 100 s; the controller ran 0.1 s, 2.5 s and 4.9 s later: each time, next at 105.1 s.
    assertThat(TickTiming.untilNext(100 * S + 100 * MS, 100 * S, FIVE_S, FIVE_S)).isEqualTo(Duration.ofSeconds(5));
    assertThat(TickTiming.untilNext(102 * S + 500 * MS, 100 * S, FIVE_S, FIVE_S)).isEqualTo(Duration.ofMillis(2_600));
    assertThat(TickTiming.untilNext(104 * S + 900 * MS, 100 * S, FIVE_S, FIVE_S)).isEqualTo(Duration.ofMillis(200));
  }

  @Test
  void aLateCloseIsLookedForAgainSoonNotAnIntervalLater() {
    // Due at 105 s, not there at 105.1 s: look again 0.1 s later, until one interval overdue.
    assertThat(TickTiming.untilNext(105 * S + 100 * MS, 100 * S, FIVE_S, FIVE_S)).isEqualTo(Duration.ofMillis(100));
    assertThat(TickTiming.untilNext(109 * S, 100 * S, FIVE_S, FIVE_S)).isEqualTo(Duration.ofMillis(100));
    // A RegionServer timer that stopped closing: back to the controller's own period, no busy loop.
    assertThat(TickTiming.untilNext(110 * S, 100 * S, FIVE_S, FIVE_S)).isEqualTo(FIVE_S);
  }

  @Test
  void shortIntervalsWaitATwentiethOfOneAfterTheClose() {
    Duration oneS = Duration.ofSeconds(1);
    assertThat(TickTiming.untilNext(10 * S, 10 * S, oneS, oneS)).isEqualTo(Duration.ofMillis(1_050));
  }

  @Test
  void aControllerIntervalOtherThanTheMetricsIntervalKeepsItsOwnPeriod() {
    Duration tenS = Duration.ofSeconds(10);
    assertThat(TickTiming.untilNext(102 * S, 100 * S, FIVE_S, tenS)).isEqualTo(tenS);
    assertThat(TickTiming.untilNext(102 * S, 100 * S, Duration.ZERO, FIVE_S)).isEqualTo(FIVE_S);
  }

  @Test
  void anIntervalWhoseSuccessorIsDueIsNotDecidedOn() {
    assertThat(TickTiming.nextCloseIsDue(104 * S + 900 * MS, 100 * S, FIVE_S, FIVE_S)).isFalse();
    assertThat(TickTiming.nextCloseIsDue(105 * S, 100 * S, FIVE_S, FIVE_S)).isTrue();
    assertThat(TickTiming.nextCloseIsDue(105 * S + 100 * MS, 100 * S, FIVE_S, FIVE_S)).isTrue();
    // A whole interval late: the RegionServer's timer is not running; decide on what there is.
    assertThat(TickTiming.nextCloseIsDue(110 * S, 100 * S, FIVE_S, FIVE_S)).isFalse();
    // Intervals that differ: the controller keeps its own period and decides whenever it runs.
    assertThat(TickTiming.nextCloseIsDue(105 * S + 100 * MS, 100 * S, FIVE_S, Duration.ofSeconds(10))).isFalse();
  }
}
