package io.cake.bench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.cake.bench.cluster.Policy;
import io.cake.bench.load.Phase;
import io.cake.bench.load.RateShape;
import io.cake.bench.load.Windows;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class RunSummaryTest {
  private static final long MS = 1_000_000L;

  /** 20 s measured in 5 s windows of 1,000 requests each: at 20 ms but for the slowest {@code slow[i]} at {@code tailMs[i]}. */
  private static Windows client(int[] slow, double[] tailMs) {
    Windows w = new Windows(5, 20);
    for (int i = 0; i < slow.length; i++) {
      long at = (long) (i * 5e9) + 1;
      for (int k = 0; k < 1_000; k++) {
        w.record(at, (k < slow[i] ? (long) (tailMs[i] * MS) : 20 * MS), 0, true);
      }
    }
    return w;
  }

  private static RunSummary run(Windows fe, Histogram server, double from, double to) {
    Phase.Spec spec = new Phase.Spec("t", true, false, 0, 0, 20, 5, RateShape.CONSTANT, 30, 8, 0, 1, 1, false);
    Phase.Outcome o = new Phase.Outcome(spec, fe, null, List.of(), server, from, to, 0, 0, "", 20);
    return new RunSummary(new Policy("cake-static", "", Map.of(), true, Map.of(), 0, 100.0, Map.of(), true), o);
  }

  @Test
  void theClientBudgetComparesTailsOverTheIntervalsTheServerMeasured() {
    // A burst in the first window, which the server's intervals (5.5 s to 19.5 s) do not cover.
    Windows fe = client(new int[] {100, 20, 20, 20}, new double[] {500, 60, 60, 60});
    Histogram server = new Histogram(2);
    for (int k = 0; k < 2_940; k++) {
      server.recordValue(18 * MS);
    }
    for (int k = 0; k < 60; k++) {
      server.recordValue(55 * MS);
    }
    RunSummary r = run(fe, server, 5.5, 19.5);
    // The client's p99 over windows 2-4 (middles 7.5, 12.5, 17.5 s) is 60 ms; the server's 55.
    assertThat(r.clientBudgetMs(99)).isCloseTo(5.0, within(0.5));
    // Over the whole run the client's p99 is the burst's 500 ms: a 445 ms "budget".
    assertThat(r.p(99) - r.serverP99()).isGreaterThan(400);
  }

  @Test
  void theIsolatedFrontEndIsJudgedAgainstAnotherRunsSloAsTheWindowsReference() {
    // Windows' p99s (the slowest 10 of 1,000 each) of 60, 500, 60 and 150 ms.
    Windows fe = client(new int[] {20, 20, 20, 20}, new double[] {60, 500, 60, 150});
    Phase.Spec spec = new Phase.Spec("isolated-frontend", true, false, 0, 0, 20, 5, RateShape.CONSTANT, 30, 8, 0, 1, 1, false);
    RunSummary alone = new RunSummary(new Policy("isolated-frontend", "", Map.of(), false, Map.of(), 0, null, Map.of(), false),
        new Phase.Outcome(spec, fe, null, List.of(), null, Double.NaN, Double.NaN, 0, 0, "", 20));
    assertThat(alone.windowFractionMet(99)).as("no SLO of its own").isNull();
    assertThat(alone.windowFractionWithin(100, 99, 0)).isEqualTo(0.5);
    assertThat(alone.windowFractionWithin(200, 99, 0)).isEqualTo(0.75);
    assertThat(alone.windowFractionWithin(200, 99, 5)).as("from the second window").isCloseTo(2 / 3.0, within(1e-9));

    // A run with an SLO of 100 ms carries the isolated front end's fraction at that SLO.
    RunSummary judged = run(client(new int[] {20, 20, 20, 20}, new double[] {60, 60, 60, 60}), null, Double.NaN, Double.NaN);
    Map<String, Object> json = ResultsJson.build(Map.of("window_s", 5), List.of(alone, judged), Map.of(), 99);
    List<?> runs = (List<?>) json.get("runs");
    assertThat(((Map<?, ?>) ((Map<?, ?>) runs.get(0)).get("frontend")).get("isolated_window_fraction_within_slo")).isNull();
    assertThat(((Map<?, ?>) ((Map<?, ?>) runs.get(1)).get("frontend")).get("isolated_window_fraction_within_slo")).isEqualTo(0.5);
    String md = MarkdownReport.render(List.of(alone, judged), Map.of("window_s", 5, "records", 1), null, 100.0, 99, List.of(), List.of());
    assertThat(md).contains("The front end alone (isolated-frontend) met p99 <= 100 ms in 50% of its 5 s windows");
  }

  @Test
  void failedScansAreNotBatchThroughputButTheirRowsAreBytes() {
    // 20 s of batch: 10 scans completed, 4 failed (a quota's throttling), 4 MB read by each
    // completed scan and 1 MB by each failed one before it gave up.
    Windows batch = new Windows(5, 20);
    for (int k = 0; k < 14; k++) {
      long at = (long) (k * 1.4e9) + 1;
      boolean ok = k % 7 >= 2; // scans 0, 1, 7 and 8 fail
      batch.record(at, 900 * MS, ok ? 4_000_000 : 1_000_000, ok);
    }
    Phase.Spec spec = new Phase.Spec("hbase-quota", false, true, 0, 0, 20, 5, RateShape.CONSTANT, 30, 0, 4, 1, 1, false);
    RunSummary r = new RunSummary(new Policy("hbase-quota", "", Map.of(), false, Map.of(), 0, 100.0, Map.of(), false),
        new Phase.Outcome(spec, null, batch, List.of(), null, Double.NaN, Double.NaN, 0, 4, "", 20));
    assertThat(r.batchOps()).isEqualTo(10);
    assertThat(r.batchOpsPerSec()).isCloseTo(0.5, within(1e-9));
    assertThat(r.batchMbPerSec()).isCloseTo(44 / 20.0, within(1e-9));
    Map<?, ?> json = (Map<?, ?>) ((Map<?, ?>) ((List<?>) ResultsJson.build(Map.of(), List.of(r), Map.of(), 99)
        .get("runs")).get(0)).get("batch");
    assertThat(json.get("ops")).isEqualTo(10L);
    assertThat(json.get("errors")).isEqualTo(4L);
    long windows = ((List<?>) json.get("windows")).stream().mapToLong(w -> ((Number) ((Map<?, ?>) w).get("ops")).longValue()).sum();
    assertThat(windows).as("the windows add up to the completed scans").isEqualTo(10);
    assertThat(r.brief(99)).containsEntry("batch_errors", 4L);
    assertThat(MarkdownReport.render(List.of(r), Map.of("records", 1), null, 100.0, 99, List.of(), List.of()))
        .contains("| 0.50 (4 failed) |");
  }

  @Test
  void noServerIntervalNoBudget() {
    Windows fe = client(new int[] {20, 20, 20, 20}, new double[] {60, 60, 60, 60});
    assertThat(run(fe, null, Double.NaN, Double.NaN).clientBudgetMs(99)).isNaN();
  }
}
