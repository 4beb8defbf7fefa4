package io.cake.cli.status;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.cake.cli.jmx.Beans;
import io.cake.cli.jmx.JmxEndpoint;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Pages saved from ./cake-cluster's RegionServer 1 and DataNode 1 while a tagged load ran
 * (frontend gets, batch scans; 3 s intervals), and that RegionServer's Runtime bean.
 */
class LoadedPageTest {
  @Test
  void aRegionServerUnderLoadReadsAsItsPageSays() throws IOException {
    Beans rs = PageParsingTest.page("regionserver-loaded.json");
    HBaseLevel level = LevelReader.hbase(rs, LevelReader.controls(rs, "hbase").get("hbase-26620"));
    assertThat(List.of(level.poolSize(), level.poolCap(), level.activeHandlers())).containsExactly(5, 6, 2);
    TenantRow front = level.tenants().stream().filter(t -> t.tenant().equals("frontend")).findFirst().orElseThrow();
    assertThat(front.completions()).isEqualTo(76.0);
    assertThat(front.p99Ms()).isEqualTo(28.442623);
    assertThat(front.weight()).isCloseTo(16.258, within(0.001));
    ControllerView c = ControllerReader.bean(rs, 26620).map(ControllerReader::view).orElseThrow();
    assertThat(c.goals()).as("from a controller without SloGoals: the one goal")
        .containsExactly(new TenantGoal("frontend", 99.0, 50.0, null, null)); // SloThroughput "NaN": null
    assertThat(c.othersLimit()).isEqualTo(6.0);
    assertThat(c.lastReasons()).containsExactly("frontend: SLO exceeded (perf 3.45): share -1.8 points",
        "every SLO exceeded: others held to 6.00 handlers each");
    assertThat(c.goal("frontend").orElseThrow().verdict(front, null).met()).as("28.4 ms against 50 ms").isTrue();
  }

  @Test
  void itsDataNodeShowsBothTenantsReads() throws IOException {
    Beans dn = PageParsingTest.page("datanode-loaded.json");
    DataNodeLevel level = LevelReader.datanode("http://127.0.0.2:26112", dn, LevelReader.controls(dn, "hdfs").get("hdfs-26110"));
    assertThat(level.tenants()).filteredOn(t -> List.of("frontend", "batch").contains(t.tenant()))
        .allSatisfy(t -> assertThat(t.completions()).as(t.tenant()).isPositive());
  }

  @Test
  void theJmxEndpointIsTheOneItsJvmWasStartedWith() throws IOException {
    Beans runtime = PageParsingTest.page("regionserver-runtime.json");
    assertThat(JmxEndpoint.fromRuntime(runtime.all().get(0), "127.0.0.2"))
        .hasValue(new JmxEndpoint("127.0.0.2", 26625, false));
    assertThat(JmxEndpoint.fromRuntime(runtime.all().get(0), "127.0.0.2").orElseThrow().url())
        .isEqualTo("service:jmx:rmi:///jndi/rmi://127.0.0.2:26625/jmxrmi");
    // A RegionServer without remote JMX: its idle page's Runtime bean is absent, an empty one has no port.
    assertThat(JmxEndpoint.fromRuntime(new com.fasterxml.jackson.databind.ObjectMapper().createObjectNode(), "rs")).isEmpty();
  }
}
