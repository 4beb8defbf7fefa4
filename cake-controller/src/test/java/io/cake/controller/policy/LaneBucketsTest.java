package io.cake.controller.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.controller.loop.ResourceLoad;
import io.cake.core.contract.Contract;
import io.cake.core.contract.Gcra;
import io.cake.core.metrics.ArrivalPeaks;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LaneBucketsTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void twoBucketsAtFactorTimesThePeakAndTheLongRun() {
    // Mean 40/s, busiest second 120 calls, busiest 100 ms 30.
    Contract c = LaneBuckets.fit(new LaneBuckets.Envelope(40, 30, 120), 2.0);
    assertThat(c).isEqualTo(Contract.parse("k", "240:60,80:240"));
  }

  @Test
  void noHistoryNoBucketsAndTheSmallestBucketPassesOneCallASecond() {
    assertThat(LaneBuckets.fit(LaneBuckets.Envelope.EMPTY, 2.0)).isNull();
    assertThat(LaneBuckets.fit(new LaneBuckets.Envelope(0.05, 0, 1), 1.0))
        .isEqualTo(Contract.parse("k", "1:1,1:1"));
    assertThatThrownBy(() -> LaneBuckets.fit(LaneBuckets.Envelope.EMPTY, 0.5)).hasMessageContaining("bucket factor");
  }

  @Test
  void theEnvelopeKeepsRecentPeaksAndDecaysWithoutArrivals() {
    LaneBuckets.Envelope e = LaneBuckets.Envelope.EMPTY
        .next(new ResourceLoad.Arrivals(40, 30, 120))
        .next(new ResourceLoad.Arrivals(20, 5, 25));
    assertThat(e).isEqualTo(new LaneBuckets.Envelope(
        TenantState.nextPeak(40, 20), TenantState.nextPeak(30, 5), TenantState.nextPeak(120, 25)));
    assertThat(e.rate()).isLessThan(40).isGreaterThan(20);
    LaneBuckets.Envelope unmeasured = e.next(ResourceLoad.Arrivals.UNKNOWN);
    assertThat(unmeasured.inSecond()).isEqualTo(TenantState.nextPeak(e.inSecond(), 0));
  }

  /**
   * The point of fitting: buckets fitted to a tenant's arrivals (measured as the first level
   * measures them) pass those arrivals, and hold back a tenant that sends three times as much.
   */
  @Test
  void bucketsFittedToOnOffArrivalsPassThemAndHoldBackThreeTimesAsMany() {
    List<Long> seen = onOff(new SplittableRandom(7), 1.0, 120);
    ArrivalPeaks peaks = new ArrivalPeaks();
    LaneBuckets.Envelope e = LaneBuckets.Envelope.EMPTY;
    int next = 0;
    for (long end = 10 * SECOND; end <= 120 * SECOND; end += 10 * SECOND) {
      long count = 0;
      while (next < seen.size() && seen.get(next) < end) {
        peaks.arrived(seen.get(next++));
        count++;
      }
      ArrivalPeaks.Peaks p = peaks.roll(end);
      e = e.next(new ResourceLoad.Arrivals(count / 10.0, p.in100ms(), p.inSecond()));
    }
    Contract c = LaneBuckets.fit(e, 2.0);

    double again = conforming(c, onOff(new SplittableRandom(8), 1.0, 120));
    double triple = conforming(c, onOff(new SplittableRandom(8), 3.0, 120));
    System.out.printf("lane buckets %s: %.4f of the same process's arrivals pass, %.4f of three times as many%n",
        c, again, triple);
    assertThat(again).as("the same process, other draws: %s", c).isGreaterThan(0.99);
    assertThat(triple).as("three times the rate: %s", c).isLessThan(0.75);
  }

  /** Poisson arrivals: 60/s for 5 s in every 20, 6.7/s otherwise (the bursty experiment's shape at 20/s), times {@code times}. */
  private static List<Long> onOff(SplittableRandom rnd, double times, int seconds) {
    List<Long> out = new ArrayList<>();
    double t = 0;
    while (t < seconds) {
      double rate = times * (t % 20 < 5 ? 60.0 : 20.0 / 3);
      t += -Math.log(1 - rnd.nextDouble()) / rate;
      out.add((long) (t * SECOND));
    }
    return out;
  }

  /** The fraction of arrivals that find a token in every bucket. */
  private static double conforming(Contract c, List<Long> arrivals) {
    Gcra g = new Gcra(c);
    long[] tat = g.full(0);
    int in = 0;
    for (long t : arrivals) {
      if (g.conforms(tat, t)) {
        g.take(tat, t);
        in++;
      }
    }
    return in / (double) arrivals.size();
  }
}
