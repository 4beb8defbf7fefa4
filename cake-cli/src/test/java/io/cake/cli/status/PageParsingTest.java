package io.cake.cli.status;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.cake.cli.jmx.Beans;
import io.cake.cli.jmx.JmxPages;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Real /jmx pages, saved from ./cake-cluster's RegionServer 1 and DataNode 1: idle (every latency
 * NaN: HBase's servlet quotes it, Hadoop's writes it bare) and under a tagged load.
 */
class PageParsingTest {
  static Beans page(String name) throws IOException {
    try (InputStream in = PageParsingTest.class.getResourceAsStream("/jmx/" + name)) {
      return JmxPages.beans(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  @Test
  void anIdleRegionServerPageReadsWithUnmeasuredValuesAsNull() throws IOException {
    Beans rs = page("regionserver-idle.json");
    Map<String, JsonNode> controls = LevelReader.controls(rs, "hbase");
    assertThat(controls).containsOnlyKeys("hbase-26620"); // the bean's name is quoted in the page
    HBaseLevel level = LevelReader.hbase(rs, controls.get("hbase-26620"));
    assertThat(level.enabled()).isTrue();
    assertThat(List.of(level.poolSize(), level.poolMin(), level.poolMax(), level.poolCap())).containsExactly(10, 4, 72, 0);
    assertThat(level.tenants()).extracting(TenantRow::tenant).containsExactly("batch", "frontend");
    TenantRow front = level.tenants().get(1);
    assertThat(front.share()).isEqualTo(0.5);
    assertThat(front.weight()).isEqualTo(33.33333333333333);
    assertThat(front.p99Ms()).as("\"NaN\" from HBase's servlet").isNull();
    assertThat(front.completions()).isEqualTo(0.0);
    ControllerView c = ControllerReader.bean(rs, 26620).map(ControllerReader::view).orElseThrow();
    assertThat(c.sloTenant()).isEqualTo("frontend");
    assertThat(c.slo()).isEqualTo("p99.0 <= 50.0 ms");
    assertThat(c.goals()).singleElement().extracting(TenantGoal::percentile)
        .as("an older controller without the attribute").isNull();
    assertThat(c.lastReasons()).containsExactly("only 0 samples (< 100): no SLO-driven change");
    assertThat(c.goal("frontend").orElseThrow().verdict(front, null).met()).isNull();
    assertThat(ControllerReader.bean(rs, 1)).isEmpty();
  }

  @Test
  void severalSloTenantsComeFromSloGoalsAsHBasesServletWritesThem() throws IOException {
    // An array of composite data, NaN quoted, as the RegionServer's /jmx page gives it.
    List<TenantGoal> goals = ControllerReader.goals(io.cake.cli.jmx.JsonTree.read("{\"SloTenant\":\"a,etl\","
        + "\"SloGoals\":[{\"latencyMillis\":50.0,\"percentile\":99.9,\"tenant\":\"a\",\"throughput\":\"NaN\",\"weight\":2.0},"
        + "{\"latencyMillis\":\"NaN\",\"percentile\":\"NaN\",\"tenant\":\"etl\",\"throughput\":40.0,\"weight\":1.0}]}"));
    assertThat(goals).containsExactly(new TenantGoal("a", 99.9, 50.0, null, 2.0), new TenantGoal("etl", null, null, 40.0, 1.0));
    // A controller that says which operation a goal is on.
    List<TenantGoal> onGets = ControllerReader.goals(io.cake.cli.jmx.JsonTree.read("{\"SloTenant\":\"a\","
        + "\"SloGoals\":[{\"latencyMillis\":50.0,\"operation\":\"GET\",\"percentile\":99.0,\"tenant\":\"a\","
        + "\"throughput\":\"NaN\",\"weight\":1.0}]}"));
    assertThat(onGets).containsExactly(new TenantGoal("a", 99.0, 50.0, null, 1.0, "GET"));
    assertThat(onGets.get(0).text()).isEqualTo("p99.0 <= 50.0 ms (GET)");
    // An MB/s goal.
    List<TenantGoal> mbps = ControllerReader.goals(io.cake.cli.jmx.JsonTree.read("{\"SloTenant\":\"etl\","
        + "\"SloGoals\":[{\"latencyMillis\":\"NaN\",\"megabytesPerSecond\":50.0,\"operation\":\"\","
        + "\"percentile\":\"NaN\",\"tenant\":\"etl\",\"throughput\":\"NaN\",\"weight\":1.0}]}"));
    assertThat(mbps).containsExactly(new TenantGoal("etl", null, null, null, 1.0, "", 50.0));
    assertThat(mbps.get(0).text()).isEqualTo(">= 50.0 MB/s");
  }

  @Test
  void aControllerBeanSaysWhetherItRunsAndOnesWithoutTheAttributeDo() throws IOException {
    assertThat(ControllerReader.running(io.cake.cli.jmx.JsonTree.read("{\"Running\":false}"))).isFalse();
    assertThat(ControllerReader.running(io.cake.cli.jmx.JsonTree.read("{\"Running\":true}"))).isTrue();
    assertThat(ControllerReader.running(page("regionserver-idle.json").one(io.cake.controller.jmx.Controller.objectName(26620))
        .orElseThrow())).as("saved before the attribute existed").isTrue();
  }

  @Test
  void anIdleDataNodePageReadsWithBareNaN() throws IOException {
    Beans dn = page("datanode-idle.json");
    JsonNode control = LevelReader.controls(dn, "hdfs").get("hdfs-26110");
    DataNodeLevel level = LevelReader.datanode("http://127.0.0.2:26112", dn, control);
    assertThat(level.softLimit()).isEqualTo(6);
    assertThat(level.tenants()).extracting(TenantRow::tenant).containsExactly("batch", "default", "frontend", "internal");
    assertThat(level.tenants().get(0).p99Ms()).as("bare NaN from Hadoop's servlet").isNull();
    assertThat(level.tenants().get(0).share()).isEqualTo(0.25);
  }
}
