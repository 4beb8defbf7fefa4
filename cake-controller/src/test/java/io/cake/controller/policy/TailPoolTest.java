package io.cake.controller.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class TailPoolTest {
  /** An interval of {@code n} requests at {@code ms} each. */
  private static Histogram interval(int n, long ms) {
    Histogram h = new Histogram(TimeUnit.MINUTES.toNanos(1), 3);
    h.recordValueWithCount(TimeUnit.MILLISECONDS.toNanos(ms), n);
    return h;
  }

  @Test
  void poolsTheLastIntervalsAndForgetsOlderOnes() {
    TailPool pool = new TailPool(2, 0);
    Histogram first = pool.add(interval(100, 10));
    assertThat(first.getTotalCount()).isEqualTo(100);
    Histogram second = pool.add(interval(150, 20));
    assertThat(second.getTotalCount()).isEqualTo(250);
    assertThat(second.getMaxValue()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(20));
    Histogram third = pool.add(interval(50, 30));
    assertThat(third.getTotalCount()).as("the first interval left the pool").isEqualTo(200);
    assertThat(third.getMinValue()).isGreaterThanOrEqualTo(TimeUnit.MILLISECONDS.toNanos(19));
  }

  @Test
  void countsTheRequestsOfTheWholePoolSlowerThanAGoal() {
    TailPool pool = new TailPool(2, 0);
    io.cake.core.tenant.LatencyGoal goal = io.cake.core.tenant.LatencyGoal.of(99, 25);
    assertThat(pool.slowerThan(goal)).as("nothing pooled yet").isZero();
    pool.add(interval(3, 30));
    pool.add(interval(100, 10));
    assertThat(pool.slowerThan(goal)).as("the interval before the last counts").isEqualTo(3);
    pool.add(interval(100, 10));
    assertThat(pool.slowerThan(goal)).as("that interval has left the pool").isZero();
  }

  @Test
  void oneIntervalIsTheIntervalItself() {
    Histogram h = interval(10, 5);
    assertThat(TailPool.none().add(h)).isEqualTo(h);
  }

  @Test
  void fewRequestsPoolMoreIntervalsUntilThereAreEnough() {
    TailPool pool = new TailPool(2, 100);
    for (int i = 0; i < 5; i++) {
      pool.add(interval(30, 10));
    }
    // Two intervals hold 60 requests, fewer than 100: older ones are pooled until there are 120.
    assertThat(pool.add(interval(30, 10)).getTotalCount()).isEqualTo(120);
    assertThat(pool.pooled()).isEqualTo(120);
    TailPool plenty = new TailPool(2, 100);
    plenty.add(interval(80, 10));
    plenty.add(interval(80, 10));
    assertThat(plenty.add(interval(80, 10)).getTotalCount()).as("two intervals are enough").isEqualTo(160);
  }

  @Test
  void theIntervalAddedIsCopiedNotKept() {
    TailPool pool = new TailPool(2, 0);
    Histogram h = interval(10, 5);
    pool.add(h);
    h.reset(); // the first level reuses or resets its histograms
    assertThat(pool.add(interval(5, 5)).getTotalCount()).isEqualTo(15);
  }

  @Test
  void fewerThanOneIntervalIsRefused() {
    assertThatThrownBy(() -> new TailPool(0, 0)).hasMessageContaining("intervals must be in [1, 6]");
  }
}
