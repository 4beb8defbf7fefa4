package io.cake.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class LatencySummaryTest {

  @Test
  void summarisesNanosInMillis() {
    Histogram h = new Histogram(3);
    for (long ms = 1; ms <= 100; ms++) {
      h.recordValue(ms * 1_000_000);
    }
    LatencySummary s = LatencySummary.ofNanos(h);
    assertThat(s.count()).isEqualTo(100);
    assertThat(s.meanMs()).isCloseTo(50.5, org.assertj.core.data.Offset.offset(0.1));
    assertThat(s.p99Ms()).isCloseTo(99.0, org.assertj.core.data.Offset.offset(0.1));
    assertThat(LatencySummary.ofNanos(new Histogram(3))).isEqualTo(LatencySummary.EMPTY);
  }

  /**
   * The controller's tick and a /jmx page summarise the same snapshot at once. Without the lock in
   * meanNanos, HdrHistogram's shared iterator throws NoSuchElementException or gives wrong means here.
   */
  @Test
  void twoThreadsSummarisingOneHistogramAgree() throws Exception {
    Histogram h = new Histogram(3);
    for (long v = 1; v <= 5_000; v++) {
      h.recordValue(v * 1_000);
    }
    double expected = LatencySummary.ofNanos(h).meanMs();
    int threads = 4;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<Integer>> wrong = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        wrong.add(
            pool.submit(
                () -> {
                  start.await();
                  int bad = 0;
                  for (int i = 0; i < 2_000; i++) {
                    if (LatencySummary.ofNanos(h).meanMs() != expected) {
                      bad++;
                    }
                  }
                  return bad;
                }));
      }
      start.countDown();
      for (Future<Integer> f : wrong) {
        assertThat(f.get()).isZero();
      }
    } finally {
      pool.shutdownNow();
    }
  }
}
