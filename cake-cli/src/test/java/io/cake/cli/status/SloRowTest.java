package io.cake.cli.status;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.cli.format.Json;
import io.cake.cli.format.SloText;
import io.cake.cli.jmx.JsonTree;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code cake slo show} from the controller's MBean as HBase's /jmx page renders it (NaN quoted):
 * a goal on one operation and an MB/s goal are judged by what the controller's last decision
 * measured ({@code SloMeasurements}), the others by the scheduler's row, and nothing measured is
 * unknown, never met.
 */
class SloRowTest {
  /** front's every call: a p99 of 40 ms, 23 calls/s. */
  private static final TenantRow FRONT =
      new TenantRow("front", 0.5, 1.0, 0, null, 0.0, 0.1, 23.0, 230.0, 0.0, 5.0, 40.0, 60.0, null, null);

  /** One RegionServer whose controller's bean has {@code goals} and {@code measurements} (JSON arrays, or null). */
  private static List<SloRow> show(String goals, String measurements) throws IOException {
    String bean = "{\"SloTenant\":\"front\",\"Slo\":\"\",\"Paused\":false,\"LastDecision\":\"d\",\"LastReasons\":[]"
        + ",\"SloGoals\":" + goals + (measurements == null ? "" : ",\"SloMeasurements\":" + measurements) + "}";
    ControllerView c = ControllerReader.view(JsonTree.read(bean));
    HBaseLevel hbase = new HBaseLevel("hbase-1", true, 6, 4, 72, 0, 0.0, null, 0, 0, 1.0, null, List.of(FRONT));
    return SloRow.of(new ClusterStatus(List.of(
        new RegionServerStatus("rs", 1, "http://rs:2", true, null, hbase, c, null, null, null))));
  }

  private static String latencyGoal(double ms, String operation) {
    return "[{\"tenant\":\"front\",\"percentile\":99.0,\"latencyMillis\":" + ms + ",\"throughput\":\"NaN\","
        + "\"weight\":1.0,\"operation\":\"" + operation + "\",\"megabytesPerSecond\":\"NaN\"}]";
  }

  private static String mbpsGoal(double mbps) {
    return "[{\"tenant\":\"front\",\"percentile\":\"NaN\",\"latencyMillis\":\"NaN\",\"throughput\":\"NaN\","
        + "\"weight\":1.0,\"operation\":\"\",\"megabytesPerSecond\":" + mbps + "}]";
  }

  private static String measured(String value, String percentile) {
    return "[{\"tenant\":\"front\",\"measured\":" + value + ",\"percentile\":" + percentile + "}]";
  }

  @Test
  void aGoalOnOneOperationIsJudgedByTheControllersMeasurementOfItsCallsAtItsPercentile() throws IOException {
    List<SloRow> missed = show(latencyGoal(100, "GET"), measured("301.5", "99.76"));
    assertThat(missed.get(0).measured()).as("the gets, not every call's 40 ms").isEqualTo(301.5);
    assertThat(missed.get(0).unit()).isEqualTo("ms");
    assertThat(missed.get(0).met()).isFalse();
    assertThat(SloText.lines(missed)).anySatisfy(l ->
        assertThat(l).contains("p99.0 <= 100.0 ms (GET)  301.5 ms at p99.76  MISSED"));
    assertThat(Json.write(missed)).contains("\"measured\" : 301.5").contains("\"measuredAt\" : 99.76")
        .contains("\"met\" : false");

    List<SloRow> met = show(latencyGoal(400, "GET"), measured("301.5", "99.0"));
    assertThat(met.get(0).met()).as("301.5 ms <= 400 ms").isTrue();
    assertThat(SloText.lines(met)).anySatisfy(l ->
        assertThat(l).contains("p99.0 <= 400.0 ms (GET)  301.5 ms  met").doesNotContain(" at p"));
  }

  @Test
  void anMbPerSecondGoalIsJudgedByTheMegabytesTheControllerMeasuredAtTheDataNode() throws IOException {
    List<SloRow> met = show(mbpsGoal(50), measured("62.5", "\"NaN\""));
    assertThat(met.get(0).measured()).isEqualTo(62.5);
    assertThat(met.get(0).unit()).isEqualTo("MB/s");
    assertThat(met.get(0).met()).isTrue();
    assertThat(SloText.lines(met)).anySatisfy(l -> assertThat(l).contains(">= 50.0 MB/s  62.5 MB/s  met"));
    assertThat(Json.write(met)).contains("\"unit\" : \"MB/s\"").contains("\"measuredAt\" : null");

    assertThat(show(mbpsGoal(80), measured("62.5", "\"NaN\"")).get(0).met()).as("62.5 < 80 MB/s").isFalse();
  }

  @Test
  void whatTheControllerDidNotMeasureIsUnknownNeverMet() throws IOException {
    for (String goal : List.of(latencyGoal(100, "GET"), mbpsGoal(50))) {
      for (String measurements : new String[] {measured("\"NaN\"", "\"NaN\""), "[]", null}) {
        List<SloRow> rows = show(goal, measurements);
        assertThat(rows.get(0).measured()).as("%s %s", goal, measurements).isNull();
        assertThat(rows.get(0).met()).as("%s %s", goal, measurements).isNull();
        assertThat(SloText.lines(rows)).anySatisfy(l -> assertThat(l).contains("(no data)"));
      }
    }
  }

  @Test
  void aGoalOnEveryCallIsStillJudgedByTheSchedulersRowAtItsOwnPercentile() throws IOException {
    // The controller steers a window-corrected percentile; slo show judges the goal's own.
    List<SloRow> rows = show(latencyGoal(50, ""), measured("60.0", "99.76"));
    assertThat(rows.get(0).measured()).isEqualTo(40.0);
    assertThat(rows.get(0).met()).isTrue();
    assertThat(SloText.lines(rows)).anySatisfy(l -> assertThat(l).contains("40.0 ms  met").doesNotContain(" at p"));
  }
}
