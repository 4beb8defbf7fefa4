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
 * {@code experiment bursty} end to end at smoke-test scale: the first front end on-off and judged
 * at p99.9, the others constant at p99, under the controller for several tenants. It stands for
 * the experiments with several tenants (multi-tenant, misbehaving, overload share its code), and
 * it is the suite's run of {@code --clients separate}: three front ends and batch played by two
 * client processes, each operation sent back under its tenant's name.
 */
class BurstyExperimentSmokeTest {
  private static final File OUT = new File("target/smoke-bursty");
  private static JsonNode results;

  @BeforeAll
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  static void runHarness() throws Exception {
    for (String f : new String[] {"client-conf.xml", "client-frontend.log", "client-batch.log"}) {
      Files.deleteIfExists(new File(OUT, f).toPath()); // not a run's before this one
    }
    results = SmokeRun.of(" (experiment bursty)", OUT, "experiment", "bursty", "--tiny", "--policies", "cake-slo",
        "--clients", "separate").results();
  }

  @Test
  void theClientsRanInTwoProcessesOfTheirOwn() {
    assertThat(results.get("config").get("clients").asText()).startsWith("separate");
    assertThat(new File(OUT, "client-conf.xml")).isFile();
    assertThat(new File(OUT, "client-frontend.log")).isFile();
    assertThat(new File(OUT, "client-batch.log")).isFile();
  }

  @Test
  void everyFrontEndIsMeasuredApartAndJudgedByItsOwnSlo() throws Exception {
    Set<String> tenants = new HashSet<>();
    for (JsonNode p : results.get("experiment").get("points")) {
      if (p.get("run").asText().equals("cake-slo-tenants") && p.has("slo_ms")) {
        tenants.add(p.get("tenant").asText());
      }
    }
    assertThat(tenants).containsExactlyInAnyOrder("frontend", "frontend-b", "frontend-c");
    JsonNode slos = results.get("experiment").get("summary").get("slos_ms");
    for (String t : tenants) {
      assertThat(slos.get(t).asDouble()).as("%s's SLO", t).isPositive();
    }
    assertThat(results.get("config").get("disk").get("kind").asText()).contains("emulated");
    assertThat(Files.readString(new File(OUT, "report.md").toPath())).contains("weighted_badness");
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
      // Each window's latency: a whole run's percentile is never above the worst window's.
      double worst = 0;
      for (JsonNode w : p.get("window_latency_ms")) {
        worst = w.isNull() ? worst : Math.max(worst, w.asDouble());
      }
      assertThat(worst).as("%s: the worst window against the whole run", p)
          .isGreaterThanOrEqualTo(0.99 * p.get("latency_ms").asDouble());
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
