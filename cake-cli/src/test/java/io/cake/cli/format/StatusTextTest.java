package io.cake.cli.format;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.cli.status.ClusterStatus;
import io.cake.cli.status.ControllerView;
import io.cake.cli.status.DataNodeLevel;
import io.cake.cli.status.HBaseLevel;
import io.cake.cli.status.RegionServerStatus;
import io.cake.cli.status.SloRow;
import io.cake.cli.status.TenantGoal;
import io.cake.cli.status.TenantRow;
import io.cake.cli.status.TenantSummary;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What people read: one block per RegionServer, the unreachable one in its place. */
class StatusTextTest {
  static final TenantRow FRONT = new TenantRow("frontend", 0.137, 13.7, 1, "1:2", 0.0, 0.02, 23.0, 69.0, 0.0, 5.73, 13.6, 13.6,
      "p99.0 <= 50.0 ms", true);
  static final TenantRow BATCH = new TenantRow("batch", 0.431, 43.1, 0, null, 2.0, 0.5, 143.1, 429.0, 0.0, 2.42, 55.3, 60.8, null, null);
  static final ControllerView CONTROLLER = new ControllerView("frontend", "p99.0 <= 50.0 ms",
      List.of(new TenantGoal("frontend", 99.0, 50.0, null, 1.0)), false,
      3000L, "cake-controller: frontend: p99.0 <= 50.0 ms measured p99.94=18.5 samples=84 | perf=2.71 -> share=13.7%",
      List.of("SLO exceeded (perf 2.71): share -1.5 points"), 0.137, 0, 1, 8.0, 0L, "");

  static ClusterStatus cluster() {
    HBaseLevel hbase = new HBaseLevel("hbase-26620", true, 6, 4, 72, 8, 0.4, "frontend", 1, 2, 43.1, null, List.of(BATCH, FRONT));
    DataNodeLevel dn = new DataNodeLevel("http://127.0.0.2:26112", null, "hdfs-26110", true, 6, 1, 0, 0,
        List.of(new TenantRow("frontend", 0.096, 13.7, 0, null, 0.0, 0.0, 92.9, 279.0, 0.0, 0.02, 0.41, 1.21, null, null)), "0.1.0");
    return new ClusterStatus(List.of(
        new RegionServerStatus("127.0.0.2", 26620, "http://127.0.0.2:26621", true, null, hbase, CONTROLLER, null, dn, "0.1.0"),
        new RegionServerStatus("127.0.0.3", 26630, "http://127.0.0.3:26631", false,
            "nothing answers at http://127.0.0.3:26631 (connection refused)", null, null, null, null, null)));
  }

  @Test
  void statusShowsPoolControllerTenantsAndDataNodeAndTheUnreachableOne() {
    List<String> lines = StatusText.lines(cluster());
    assertThat(lines).contains(
        "RegionServer 127.0.0.2:26620  http://127.0.0.2:26621",
        "  Cake 0.1.0 on, hbase-26620, handler pool 6 (AIMD 4..72, cap 8), 1 active, 2 queued",
        "  others' limit: every tenant but frontend held to 0.40 of one handler's time each",
        "  controller: frontend p99.0 <= 50.0 ms, running, every 3.0 s, 0 failed intervals",
        "    last decision: frontend: p99.0 <= 50.0 ms measured p99.94=18.5 samples=84 | perf=2.71 -> share=13.7%",
        "    reasons: SLO exceeded (perf 2.71): share -1.5 points",
        "  TENANT    SHARE  WEIGHT  RESERVED  LANE  QUEUED  OCCUPANCY  OPS/S  P50 MS  P99 MS  P99.9 MS  SLO",
        "  batch     0.431    43.1         0  -          2       0.50  143.1    2.42    55.3      60.8",
        "  frontend  0.137    13.7         1  1:2        0       0.02   23.0    5.73    13.6      13.6  p99.0 <= 50.0 ms met",
        "  DataNode hdfs-26110 at http://127.0.0.2:26112: Cake 0.1.0 on, soft limit 6, 1 holding, 0 waiting",
        "RegionServer 127.0.0.3:26630  UNREACHABLE: nothing answers at http://127.0.0.3:26631 (connection refused)",
        "2 RegionServer(s), 1 UNREACHABLE");
  }

  @Test
  void aPausedControllerAndAMissedSloSaySo() {
    ControllerView paused = new ControllerView("frontend", "p99.0 <= 10.0 ms",
        List.of(new TenantGoal("frontend", 99.0, 10.0, null, 1.0)), true, 10_000L,
        "paused: allocation left as it is", List.of(), null, null, null, null, 3L,
        "cake.slo.frontend: millis must be a positive finite number, got -5.0");
    HBaseLevel hbase = new HBaseLevel("hbase-1", false, 4, 4, 72, 0, 0.0, null, 0, 0, 1.0, "cake.hbase.aimd.min: must be >= 1", List.of());
    List<String> lines = StatusText.regionServer(new RegionServerStatus("rs", 1, "http://rs:2", true, null, hbase, paused, null, null, null));
    assertThat(lines).contains("  Cake OFF (kill switch: stock scheduling), hbase-1, handler pool 4 (AIMD 4..72, no cap), 0 active, 0 queued",
        "  configuration refused: cake.hbase.aimd.min: must be >= 1",
        "  controller: frontend p99.0 <= 10.0 ms, PAUSED, every 10.0 s, 3 failed intervals",
        "    configuration refused (running on the file before): cake.slo.frontend: millis must be a positive finite number, got -5.0");
    assertThat(StatusText.controller(CONTROLLER)).noneMatch(l -> l.contains("refused"));
    assertThat(StatusText.verdict(false)).isEqualTo("MISSED");
  }

  @Test
  void aControllerThatIsNotRunningSaysWhyInStatusAndSloShow() {
    String why = "configuration refused: cake.controller.max-step: not a number: banana";
    RegionServerStatus rs = new RegionServerStatus("rs", 1, "http://rs:2", true, null, null, null, why, null, null);
    assertThat(StatusText.regionServer(rs)).contains("  controller: not running: " + why);
    assertThat(SloRow.of(new ClusterStatus(List.of(rs))).get(0).error()).isEqualTo("controller not running: " + why);
  }

  @Test
  void severalSloTenantsGetARowEachInSloShowJudgedByTheirOwnGoals() {
    ControllerView two = new ControllerView("batch,frontend", "batch: p99.0 <= 40.0 ms weight 2.0; frontend: p99.0 <= 50.0 ms",
        List.of(new TenantGoal("batch", 99.0, 40.0, null, 2.0), new TenantGoal("frontend", 99.0, 50.0, null, 1.0)),
        false, 3000L, "", List.of(), null, null, null, null, 0L, "");
    HBaseLevel hbase = new HBaseLevel("hbase-26620", true, 6, 4, 72, 8, 0.0, null, 1, 2, 43.1, null, List.of(BATCH, FRONT));
    List<SloRow> rows = SloRow.of(new ClusterStatus(List.of(
        new RegionServerStatus("127.0.0.2", 26620, "http://127.0.0.2:26621", true, null, hbase, two, null, null, null))));
    assertThat(rows).extracting(SloRow::tenant).containsExactly("batch", "frontend");
    assertThat(rows.get(0).slo()).isEqualTo("p99.0 <= 40.0 ms weight 2.0");
    assertThat(rows.get(0).measured()).isEqualTo(55.3);
    assertThat(rows.get(0).met()).isFalse();
    assertThat(rows.get(1).met()).isTrue();
    // cake tenants: each SLO tenant with its own goal, no row for the joined names.
    List<TenantSummary> tenants = TenantSummary.of(new ClusterStatus(List.of(
        new RegionServerStatus("127.0.0.2", 26620, "http://127.0.0.2:26621", true, null, hbase, two, null, null, null))));
    assertThat(tenants).extracting(TenantSummary::tenant).containsExactly("batch", "frontend");
    assertThat(tenants.get(0).slos()).containsExactly(java.util.Map.entry("127.0.0.2:26620", "p99.0 <= 40.0 ms weight 2.0"));
    assertThat(tenants.get(1).slos()).containsExactly(java.util.Map.entry("127.0.0.2:26620", "p99.0 <= 50.0 ms"));
  }

  @Test
  void sloShowAndTenantsSummariseTheSameStatus() {
    List<SloRow> rows = SloRow.of(cluster());
    assertThat(rows.get(0).measured()).isEqualTo(13.6);
    assertThat(rows.get(0).met()).isTrue();
    assertThat(rows.get(1).error()).startsWith("UNREACHABLE: nothing answers");
    assertThat(SloText.lines(rows)).contains(
        "127.0.0.2:26620  frontend  p99.0 <= 50.0 ms   13.6 ms  met  running     SLO exceeded (perf 2.71): share -1.5 points",
        "127.0.0.3:26630  -         -                        -  -    -           UNREACHABLE: nothing answers at http://127.0.0.3:26631 (connection refused)");
    List<TenantSummary> tenants = TenantSummary.of(cluster());
    assertThat(tenants).extracting(TenantSummary::tenant).containsExactly("batch", "frontend");
    assertThat(TenantsText.lines(tenants, 2)).contains(
        "TENANT    REGIONSERVERS  OPS/S  WEIGHT  RESERVED  SLO",
        "frontend            1/2   23.0  13.7    1         p99.0 <= 50.0 ms");
  }

  @Test
  void jsonWritesNullsNotNaN() {
    String json = Json.write(cluster());
    assertThat(json).contains("\"reachable\" : false").contains("\"hbase\" : null").contains("\"sloMet\" : true")
        .doesNotContain("NaN");
  }
}
