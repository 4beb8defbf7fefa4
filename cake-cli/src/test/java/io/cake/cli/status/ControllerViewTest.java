package io.cake.cli.status;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Whether an SLO is met, from the gauges the scheduler publishes. */
class ControllerViewTest {
  private static TenantGoal latency(double percentile, double ms) {
    return new TenantGoal("front", percentile, ms, null, 1.0);
  }

  private static TenantRow row(Double p50, Double p99, Double p999, Double throughput) {
    return row("front", p50, p99, p999, throughput);
  }

  private static TenantRow row(String tenant, Double p50, Double p99, Double p999, Double throughput) {
    return new TenantRow(tenant, 0.5, 1.0, 0, null, 0.0, 0.0, throughput, 10.0, 0.0, p50, p99, p999, null, null);
  }

  @Test
  void aLatencySloIsJudgedAtItsOwnPublishedPercentile() {
    TenantRow r = row(2.0, 40.0, 90.0, 100.0);
    assertThat(latency(99, 50).verdict(r, null).met()).isTrue();
    assertThat(latency(99, 30).verdict(r, null).met()).isFalse();
    assertThat(latency(99.9, 50).measured(r)).isEqualTo(90.0);
    assertThat(latency(99.9, 50).verdict(r, null).met()).isFalse();
    assertThat(latency(50, 2).verdict(r, null).met()).isTrue();
  }

  @Test
  void unpublishedPercentilesAndEmptyIntervalsAreNotJudged() {
    assertThat(latency(95, 50).verdict(row(2.0, 40.0, 90.0, 100.0), null).met()).isNull();
    assertThat(latency(99, 50).verdict(row(null, null, null, 0.0), null).met()).isNull();
  }

  @Test
  void aThroughputSloIsJudgedOnTheIntervalsRate() {
    TenantGoal c = new TenantGoal("batch", null, null, 50.0, 1.0);
    assertThat(c.text()).isEqualTo(">= 50.0 ops/s");
    assertThat(c.verdict(row("batch", null, null, null, 60.0), null).met()).isTrue();
    assertThat(c.verdict(row("batch", null, null, null, 40.0), null).met()).isFalse();
    assertThat(c.verdict(row("batch", null, null, null, null), null).met()).isNull();
  }

  @Test
  void anMbPerSecondSloShowsItsUnitAndIsNotJudgedOnTheRegionServersRow() {
    TenantGoal c = new TenantGoal("batch", null, null, null, 2.0, "", 50.0);
    assertThat(c.text()).isEqualTo(">= 50.0 MB/s weight 2.0");
    assertThat(c.unit()).isEqualTo("MB/s");
    TenantRow r = row("batch", null, null, null, 60.0); // 60 calls/s: not bytes
    assertThat(c.measured(r)).as("its bytes are the DataNode's").isNull();
    assertThat(c.verdict(r, null).met()).isNull();
  }

  @Test
  void withSeveralSloTenantsEachRowIsJudgedByItsOwnGoalAndOthersAreNot() {
    ControllerView c = new ControllerView("a,b", "a: p99.0 <= 50.0 ms; b: p99.9 <= 200.0 ms weight 2.0",
        List.of(new TenantGoal("a", 99.0, 50.0, null, 1.0), new TenantGoal("b", 99.9, 200.0, null, 2.0)),
        false, 10_000L, "", List.of(), null, null, null, null, 0L, "");
    assertThat(c.goal("a").orElseThrow().verdict(row("a", 2.0, 40.0, 300.0, 10.0), null).met()).isTrue();
    assertThat(c.goal("b").orElseThrow().verdict(row("b", 2.0, 40.0, 300.0, 10.0), null).met()).as("b at its p99.9").isFalse();
    assertThat(c.goal("batch")).as("no goal: nothing to judge").isEmpty();
    assertThat(c.goal("b").orElseThrow().text()).isEqualTo("p99.9 <= 200.0 ms weight 2.0");
    assertThat(c.goal("a").orElseThrow().text()).isEqualTo("p99.0 <= 50.0 ms");
  }

  @Test
  void aGoalOnOneOperationShowsItAndIsNotJudgedOnTheTenantsEveryCall() {
    TenantGoal gets = new TenantGoal("front", 99.0, 50.0, null, 1.0, "GET");
    assertThat(gets.text()).isEqualTo("p99.0 <= 50.0 ms (GET)");
    TenantRow r = row(2.0, 400.0, 900.0, 100.0); // every call's p99: its scans, say
    assertThat(gets.measured(r)).as("not published per operation on the page").isNull();
    assertThat(gets.verdict(r, null).met()).isNull();
    TenantGoal all = new TenantGoal("front", 99.0, 50.0, null, 1.0, "");
    assertThat(all.text()).isEqualTo("p99.0 <= 50.0 ms");
    assertThat(all.verdict(r, null).met()).isFalse();
  }

  @Test
  void aGoalTheRowCannotSayIsJudgedByWhatTheControllerMeasuredAndOnlyThat() {
    TenantRow r = row(2.0, 400.0, 900.0, 100.0);
    TenantGoal gets = new TenantGoal("front", 99.0, 50.0, null, 1.0, "GET");
    ControllerView c = new ControllerView("front", "p99.0 <= 50.0 ms (GET)", List.of(gets), false, 10_000L, "",
        List.of(), null, null, null, null, 0L, "", List.of(new ControllerMeasurement("front", 30.0, 99.76)));
    assertThat(gets.verdict(r, c.measurement("front").orElseThrow()))
        .isEqualTo(new SloVerdict(30.0, 99.76, true));
    assertThat(gets.verdict(r, new ControllerMeasurement("front", 80.0, 99.0)).met()).isFalse();
    assertThat(gets.verdict(r, new ControllerMeasurement("front", null, null))).isEqualTo(SloVerdict.UNKNOWN);
    assertThat(gets.verdict(r, null)).as("a controller that does not say").isEqualTo(SloVerdict.UNKNOWN);

    TenantGoal mbps = new TenantGoal("front", null, null, null, 1.0, "", 50.0);
    assertThat(mbps.verdict(null, new ControllerMeasurement("front", 62.5, null)))
        .isEqualTo(new SloVerdict(62.5, null, true));
    assertThat(mbps.verdict(r, new ControllerMeasurement("front", 0.0, null)).met()).as("nothing read").isFalse();

    TenantGoal every = latency(99, 500);
    assertThat(every.verdict(r, new ControllerMeasurement("front", 600.0, 99.76)))
        .as("the row's p99, at the goal's own percentile").isEqualTo(new SloVerdict(400.0, 99.0, true));
    assertThat(new TenantGoal("front", null, null, 50.0, 1.0).verdict(r, null))
        .isEqualTo(new SloVerdict(100.0, null, true));
  }
}
