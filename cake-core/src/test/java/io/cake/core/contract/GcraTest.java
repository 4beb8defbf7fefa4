package io.cake.core.contract;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GcraTest {
  private static final long MS = 1_000_000L;

  @Test
  void aFullBucketTakesItsBurstAtOnceThenOneCallPerInterval() {
    Gcra g = new Gcra(Contract.of(100, 3)); // one call per 10 ms, burst 3
    long[] tat = g.full(0);
    for (int i = 0; i < 3; i++) {
      assertThat(g.conforms(tat, 0)).isTrue();
      g.take(tat, 0);
    }
    assertThat(g.conforms(tat, 0)).as("burst spent").isFalse();
    assertThat(g.conforms(tat, 9 * MS)).isFalse();
    assertThat(g.conforms(tat, 10 * MS)).as("one token back after 10 ms").isTrue();
  }

  @Test
  void everyBucketMustHaveAToken() {
    // A long-run rate of 10/s with burst 5, and a peak of 100/s with burst 2.
    Gcra g = new Gcra(Contract.parse("k", "10:5,100:2"));
    long[] tat = g.full(0);
    g.take(tat, 0);
    g.take(tat, 0);
    assertThat(g.conforms(tat, 0)).as("the peak bucket is empty").isFalse();
    assertThat(g.conforms(tat, 10 * MS)).isTrue();
    long[] before = tat.clone();
    long[] after = g.next(tat, 10 * MS);
    assertThat(tat).as("next leaves its argument alone").isEqualTo(before);
    g.take(after, 30 * MS);
    g.take(after, 50 * MS);
    assertThat(g.conforms(after, 70 * MS)).as("five calls in 70 ms: the long-run bucket is empty").isFalse();
    assertThat(g.conforms(after, 100 * MS)).isTrue();
  }

  @Test
  void aRateTooLowForItsSpacingToFitALongKeepsItsBurstAndThenHoldsCallsBack() {
    // 1e-11/s is one call in about 3,000 years: 1e20 ns, past Long.MAX_VALUE.
    Gcra g = new Gcra(Contract.of(1e-11, 2));
    long start = 1_000 * MS;
    long[] tat = g.full(start);
    assertThat(g.conforms(tat, start)).isTrue();
    g.take(tat, start);
    assertThat(g.conforms(tat, start)).as("the burst's second call").isTrue();
    g.take(tat, start);
    assertThat(g.conforms(tat, start + 1_000 * MS)).as("burst spent: a second later").isFalse();
    assertThat(g.conforms(tat, start + 86_400_000 * MS)).as("a day later").isFalse();
    g.take(tat, start); // a call let in regardless: the time kept must not wrap
    assertThat(g.conforms(tat, start + 1_000 * MS)).isFalse();
  }
}
