package io.cake.core.sched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class TokenBucketTest {
  private static final long MS = 1_000_000L;

  @Test
  void startsFullAndADebtIsPaidOffAtTheRate() {
    TokenBucket b = new TokenBucket(1_000, 100, 0); // 1 unit per ms, 100 saved up
    assertThat(b.ready(0)).isTrue();
    b.charge(0, 250); // one call larger than the burst: 150 in debt
    assertThat(b.ready(0)).isFalse();
    assertThat(b.nanosUntilReady(0)).isEqualTo(150 * MS);
    assertThat(b.ready(149 * MS)).isFalse();
    assertThat(b.nanosUntilReady(149 * MS)).isEqualTo(MS);
    assertThat(b.ready(150 * MS)).isTrue();
    assertThat(b.nanosUntilReady(150 * MS)).isZero();
  }

  @Test
  void idleTimeSavesAtMostTheBurst() {
    TokenBucket b = new TokenBucket(1_000, 100, 0);
    b.charge(0, 100);
    assertThat(b.tokens(10_000 * MS)).isEqualTo(100.0);
    b.charge(10_000 * MS, 130);
    assertThat(b.nanosUntilReady(10_000 * MS)).as("ten idle seconds bought 100, not 10,000").isEqualTo(30 * MS);
  }

  @Test
  void theRealCostCorrectsTheEstimateBothWays() {
    TokenBucket b = new TokenBucket(1_000, 100, 0);
    b.charge(0, 10); // estimated at the start
    b.charge(0, 40); // it cost 50
    assertThat(b.tokens(0)).isCloseTo(50.0, within(1e-9));
    b.charge(0, -500); // over-estimated by far: the refund stops at the burst
    assertThat(b.tokens(0)).isEqualTo(100.0);
  }

  @Test
  void onAverageItServesTheRateWhateverTheCallSizes() {
    TokenBucket b = new TokenBucket(500_000, 10_000, 0); // half of one handler, in microseconds per second
    long now = 0;
    double served = 0;
    long[] sizes = {3_000, 40_000, 700, 12_000};
    for (int i = 0; i < 400; i++) {
      now += b.nanosUntilReady(now); // the next start, as a slot would wait for it
      long size = sizes[i % sizes.length];
      b.charge(now, size);
      served += size;
    }
    double seconds = now / 1e9;
    assertThat(served / seconds).as("units per second over %.1f s", seconds).isCloseTo(500_000, within(15_000.0));
  }

  @Test
  void refusesRatesAndBurstsThatMeanNothing() {
    assertThatThrownBy(() -> new TokenBucket(0, 1, 0)).hasMessageContaining("rate");
    assertThatThrownBy(() -> new TokenBucket(Double.NaN, 1, 0)).hasMessageContaining("rate");
    assertThatThrownBy(() -> new TokenBucket(1, -1, 0)).hasMessageContaining("burst");
    assertThatThrownBy(() -> new TokenBucket(1, Double.POSITIVE_INFINITY, 0)).hasMessageContaining("burst");
  }
}
