package io.cake.sim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.cake.sim.scenario.Scenario.Judge;
import io.cake.sim.scenario.Scenario.SloChange;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class VerdictsTest {
  private static final int N = Scenario.CONVERGE + 10;

  private static Scenario scenario(Judge judge, List<SloChange> changes, FrontEnd... f) {
    return new Scenario("t", "test", Regime.HDD, List.of(f), 12, N, changes, judge);
  }

  /** A trace whose windows read {@code ms} per tenant and whose judged latencies are all {@code wholeMs}. */
  private static ScenarioRun.Trace trace(Map<String, double[]> ms, double wholeMs, long batchPerInterval) {
    Map<String, Histogram> judged = new LinkedHashMap<>();
    ms.keySet().forEach(t -> {
      Histogram h = new Histogram(TimeUnit.MINUTES.toNanos(10), 3);
      h.recordValueWithCount((long) (wholeMs * 1e6), 100);
      judged.put(t, h);
    });
    long[] batch = new long[N];
    Arrays.fill(batch, batchPerInterval);
    return new ScenarioRun.Trace(ms, judged, batch);
  }

  private static double[] windows(double ms) {
    double[] w = new double[N];
    Arrays.fill(w, ms);
    return w;
  }

  @Test
  void countsWindowsMetFromConvergenceAndBatchAgainstItsIsolatedRun() {
    Scenario s = scenario(Judge.SLO, List.of(), FrontEnd.constant("a", 30, 2));
    double[] w = windows(150); // SLO 2 x 50 = 100: missed until interval 4, then met but for one
    for (int i = 4; i < N; i++) {
      w[i] = 80;
    }
    w[Scenario.CONVERGE + 3] = 120;
    w[Scenario.CONVERGE + 5] = Double.NaN; // no request: not a window
    SeedVerdict v = Verdicts.judge(s, 1, trace(Map.of("a", w), 90, 30), Map.of("a", 50.0), trace(Map.of(), 0, 40));

    SeedVerdict.Tenant a = v.tenants().get(0);
    assertThat(a.sloMs()).isEqualTo(100);
    assertThat(a.windowsMet()).isCloseTo(8.0 / 9, within(1e-9));
    assertThat(a.converge()).isEqualTo(4);
    assertThat(a.wholeMs()).isCloseTo(90, within(0.1));
    assertThat(a.badness()).isCloseTo((1 - 100.0 / 120) / 9, within(1e-9));
    assertThat(a.met()).as("8 of 9 windows is under 95%").isFalse();
    assertThat(v.met()).isFalse();
    assertThat(v.batchShare()).isCloseTo(0.75, within(1e-9));
  }

  @Test
  void aTenantThatNeverSettlesHasNoConvergence() {
    Scenario s = scenario(Judge.SLO, List.of(), FrontEnd.constant("a", 30, 2));
    double[] w = windows(80);
    for (int i = 0; i < N; i += 3) {
      w[i] = 150; // never three met windows in a row
    }
    SeedVerdict v = Verdicts.judge(s, 1, trace(Map.of("a", w), 90, 30), Map.of("a", 50.0), trace(Map.of(), 0, 40));
    assertThat(v.tenants().get(0).converge()).isNull();
  }

  @Test
  void anSloChangedLiveIsJudgedAtItsNewValueFromItsOwnConvergence() {
    Scenario s = scenario(Judge.SLO, List.of(new SloChange("a", 2, 4)), FrontEnd.constant("a", 30, 2));
    assertThat(s.factorAt(s.frontEnds().get(0), 1)).isEqualTo(2);
    assertThat(s.factorAt(s.frontEnds().get(0), 2)).isEqualTo(4);
    assertThat(s.startOf(s.frontEnds().get(0))).isEqualTo(2);
    assertThat(s.judgedFrom(s.frontEnds().get(0))).isEqualTo(2 + Scenario.CONVERGE);

    // 150 ms: over 2 x 50 before the change, within 4 x 50 after it.
    SeedVerdict v = Verdicts.judge(s, 1, trace(Map.of("a", windows(150)), 150, 30), Map.of("a", 50.0),
        trace(Map.of(), 0, 30));
    assertThat(v.tenants().get(0).sloMs()).isEqualTo(200);
    assertThat(v.tenants().get(0).converge()).isEqualTo(0);
    assertThat(v.met()).isTrue();
  }

  @Test
  void overloadIsJudgedByTheSpreadOfWeightedBadness() {
    FrontEnd a = FrontEnd.constant("a", 10, 2);
    FrontEnd b = new FrontEnd("b", 10, FrontEnd.FLAT, 99, 2, 2, 0, 1, false);
    Scenario s = scenario(Judge.WEIGHTED_SPREAD, List.of(), a, b);
    // a misses by 1 - 100/200 = 0.5 (weight 1); b by 2 x (1 - 100/150) = 0.67: spread 1.33.
    SeedVerdict v = Verdicts.judge(s, 1, trace(Map.of("a", windows(200), "b", windows(150)), 200, 0),
        Map.of("a", 50.0, "b", 50.0), trace(Map.of(), 0, 10));
    assertThat(v.spread()).isCloseTo((2.0 / 3) / 0.5, within(1e-9));
    assertThat(v.met()).isFalse();
    // Both at 200: 0.5 against 1.0, twice the badness for twice the weight is still a spread of 2.
    assertThat(Verdicts.judge(s, 1, trace(Map.of("a", windows(200), "b", windows(200)), 200, 0),
        Map.of("a", 50.0, "b", 50.0), trace(Map.of(), 0, 10)).spread()).isCloseTo(2.0, within(1e-9));
  }

  @Test
  void aSpreadOfTenantsThatAllMeetIsOneAndOfOneThatMeetsBesideOneThatMissesIsInfinite() {
    SeedVerdict.Tenant met = new SeedVerdict.Tenant("a", 100, 50, 1, 0, 0);
    SeedVerdict.Tenant missed = new SeedVerdict.Tenant("b", 100, 150, 0, null, 0.3);
    assertThat(Verdicts.spread(List.of(met, met))).isEqualTo(1.0);
    assertThat(Verdicts.spread(List.of(met, missed))).isInfinite();
  }
}
