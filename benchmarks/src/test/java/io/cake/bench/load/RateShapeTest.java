package io.cake.bench.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class RateShapeTest {
  private static final long SEC = 1_000_000_000L;

  private static long count(long[] a, double fromS, double toS) {
    return Arrays.stream(a).filter(t -> t >= fromS * SEC && t < toS * SEC).count();
  }

  @Test
  void aSpikeIsTwiceTheBaseInItsMiddleThirdAndAFifthOutsideIt() {
    long[] a = RateShape.SPIKE.arrivals(100, 300, 7);
    // Poisson counts: 100 s at 20 req/s = 2,000 (sd 45); 100 s at 200 req/s = 20,000 (sd 141).
    assertThat(count(a, 0, 100)).isBetween(1_800L, 2_200L);
    assertThat(count(a, 100, 200)).isBetween(19_400L, 20_600L);
    assertThat(count(a, 200, 300)).isBetween(1_800L, 2_200L);
  }

  @Test
  void onOffBurstsAtThreeTimesTheBaseForFiveSecondsInTwentyAndAveragesTheBase() {
    long[] a = RateShape.ON_OFF.arrivals(100, 400, 11);
    // 20 periods: bursts 20 x 5 s at 300 req/s = 30,000 (sd 173); between them 20 x 15 s at 33.3 = 10,000 (sd 100).
    long on = 0;
    for (int k = 0; k < 20; k++) {
      on += count(a, 20 * k, 20 * k + 5);
    }
    assertThat(on).isBetween(29_300L, 30_700L);
    assertThat(a.length - on).isBetween(9_600L, 10_400L);
    assertThat(count(a, 20, 25)).isBetween(1_350L, 1_650L); // one burst: 1,500 (sd 39)
    assertThat(count(a, 25, 40)).isBetween(400L, 600L); // one gap: 500 (sd 22)
  }

  @Test
  void shapesParseByTheirLabelsAndAnUnknownOneIsRefusedNamingTheChoices() {
    for (RateShape s : RateShape.values()) {
      assertThat(RateShape.parse(s.label())).isEqualTo(s);
    }
    assertThat(RateShape.ON_OFF.label()).isEqualTo("on-off");
    assertThatThrownBy(() -> RateShape.parse("bursty"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("on-off").hasMessageContaining("'bursty'");
  }

  @Test
  void settledArrivalsRunTheBaseRateThenTheWholeShapeShiftedBySettle() {
    long[] a = RateShape.SPIKE.arrivalsAfter(100, 60, 300, 7);
    assertThat(a).isSorted();
    assertThat(count(a, 0, 60)).isBetween(5_700L, 6_300L); // 60 s at the base 100 req/s
    // The shape is the same schedule as without a settle period, 60 s later.
    long[] shape = RateShape.SPIKE.arrivals(100, 300, 7);
    long[] tail = Arrays.copyOfRange(a, a.length - shape.length, a.length);
    assertThat(tail).isEqualTo(Arrays.stream(shape).map(t -> t + 60 * SEC).toArray());
    assertThat(a[a.length - shape.length - 1]).isLessThan(60 * SEC);
  }

  @Test
  void noSettlePeriodIsTheShapeAlone() {
    assertThat(RateShape.DIURNAL.arrivalsAfter(50, 0, 40, 3)).isEqualTo(RateShape.DIURNAL.arrivals(50, 40, 3));
  }

  @Test
  void aNegativeSettlePeriodIsRefused() {
    assertThatThrownBy(() -> RateShape.CONSTANT.arrivalsAfter(50, -1, 40, 3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("settle");
  }
}
