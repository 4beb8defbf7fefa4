package io.cake.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code experiment bursty} end to end at smoke-test scale: the first front end on-off and judged
 * at p99.9, the others constant at p99, under the controller for several tenants.
 */
class BurstyExperimentSmokeTest {
  private static final File OUT = new File("target/smoke-bursty");
  private static JsonNode results;

  @BeforeAll
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  static void runHarness() throws Exception {
    results = SmokeRun.of(" (experiment bursty)", OUT, "experiment", "bursty", "--tiny", "--policies", "cake-slo")
        .results();
  }

  @Test
  void theBurstyTenantIsJudgedAtItsOwnPercentileAndTheOthersAtTheBenchs() {
    Set<String> seen = new HashSet<>();
    for (JsonNode p : results.get("experiment").get("points")) {
      if (!p.has("slo_ms")) {
        continue;
      }
      String tenant = p.get("tenant").asText();
      seen.add(p.get("run").asText() + "/" + tenant);
      assertThat(p.get("percentile").asDouble()).as("%s", p).isEqualTo(tenant.equals("frontend") ? 99.9 : 99.0);
      assertThat(p.get("req_per_s").asDouble()).as("%s served", p).isPositive();
    }
    assertThat(seen).contains("isolated-frontends/frontend", "cake-slo-tenants/frontend", "cake-slo-tenants/frontend-c");
    assertThat(results.get("experiment").get("summary").get("cake-slo-tenants_windows_met").has("frontend")).isTrue();
  }

  @Test
  void theCakeRunSettlesBeforeItIsMeasuredAndTheIsolatedRunDoesNot() {
    for (JsonNode r : results.get("runs")) {
      String name = r.get("name").asText();
      double settle = r.get("settle_s").asDouble();
      if (name.startsWith("cake")) {
        assertThat(settle).as("%s settles", name).isPositive();
        assertThat(r.get("measured_s").asDouble()).as("%s measures the rest", name).isPositive();
      } else {
        assertThat(settle).as("%s", name).isZero();
      }
    }
  }

  @Test
  void onlyTheRunsAskedForRanAndTheReportHasTheChart() {
    Set<String> runs = new HashSet<>();
    results.get("runs").forEach(r -> runs.add(r.get("name").asText()));
    assertThat(runs).containsExactlyInAnyOrder("isolated-frontends", "cake-slo-tenants");
    assertThat(new File(OUT, "bursty-latency.png")).isFile();
  }
}
