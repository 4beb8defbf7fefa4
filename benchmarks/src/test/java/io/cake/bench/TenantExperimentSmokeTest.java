package io.cake.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.nio.file.Files;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code experiment multi-tenant} end to end at smoke-test scale: three front-end tenants measured
 * apart beside batch, their SLOs from the isolated run, and the controller for several tenants
 * running on the real RegionServer (its decisions name all three).
 */
class TenantExperimentSmokeTest {
  private static final File OUT = new File("target/smoke-multi-tenant");
  private static JsonNode results;

  @BeforeAll
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  static void runHarness() throws Exception {
    // The controller run alone (with the isolated run its SLOs come from): the whole experiment
    // takes about 100 s at this scale, too much for the suite.
    results = SmokeRun.of(" (experiment multi-tenant)", OUT, "experiment", "multi-tenant", "--tiny",
        "--policies", "cake-slo").results();
  }

  @Test
  void everyFrontEndIsMeasuredApartAndJudgedByItsOwnSlo() {
    JsonNode exp = results.get("experiment");
    Set<String> tenants = new HashSet<>();
    for (JsonNode p : exp.get("points")) {
      if (p.get("run").asText().equals("cake-slo-tenants") && p.has("slo_ms")) {
        tenants.add(p.get("tenant").asText());
        assertThat(p.get("req_per_s").asDouble()).as("%s served", p).isPositive();
      }
    }
    assertThat(tenants).containsExactlyInAnyOrder("frontend", "frontend-b", "frontend-c");
    JsonNode slos = exp.get("summary").get("slos_ms");
    assertThat(slos.get("frontend-c").asDouble()).isPositive();
    assertThat(results.get("config").get("disk").get("kind").asText()).contains("emulated");
  }

  @Test
  void onlyTheRunsAskedForRanAndTheReportHasTheirChart() throws Exception {
    Set<String> runs = new HashSet<>();
    results.get("runs").forEach(r -> runs.add(r.get("name").asText()));
    assertThat(runs).containsExactlyInAnyOrder("isolated-frontends", "cake-slo-tenants");
    assertThat(new File(OUT, "multi-tenant-p99.png")).isFile();
    assertThat(Files.readString(new File(OUT, "report.md").toPath())).contains("weighted_badness");
  }
}
