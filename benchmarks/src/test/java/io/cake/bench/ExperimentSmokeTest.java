package io.cake.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.File;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * One section 6 experiment end to end at smoke-test scale: {@code experiment fig12} (convergence
 * of the second level) runs in the hdd regime by default, records the disk model, derives its SLO
 * from the isolated run, and the controller moves the allocation away from equal shares.
 */
class ExperimentSmokeTest {
  private static final File OUT = new File("target/smoke-fig12");
  private static JsonNode results;

  @BeforeAll
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  static void runHarness() throws Exception {
    results = SmokeRun.of(" (experiment fig12)", OUT, "experiment", "fig12", "--tiny").results();
  }

  @Test
  void runsInTheEmulatedHddRegimeAndSaysSo() throws Exception {
    JsonNode config = results.get("config");
    assertThat(config.get("experiment").asText()).isEqualTo("fig12");
    assertThat(config.get("disk").get("kind").asText()).contains("emulated");
    assertThat(config.get("hdfs_soft_limit").asInt()).isEqualTo(config.get("disk").get("volumes_per_datanode").asInt());
    String report = Files.readString(new File(OUT, "report.md").toPath());
    assertThat(report).contains("Figure 12").contains("EMULATED").contains("| SLO first met |");
  }

  @Test
  void theSloComesFromTheIsolatedRunAndEveryWindowIsAPoint() {
    JsonNode exp = results.get("experiment");
    JsonNode iso = results.get("runs").get(0);
    assertThat(iso.get("name").asText()).isEqualTo("isolated-frontend");
    double isoP99 = iso.get("frontend").get("p99_ms").asDouble();
    assertThat(exp.get("summary").get("slo_ms").asDouble()).isEqualTo(Math.max(1, Math.ceil(2 * isoP99)));
    JsonNode slo = results.get("runs").get(1);
    assertThat(slo.get("name").asText()).startsWith("cake-slo-");
    assertThat(exp.get("points").size()).isEqualTo(slo.get("frontend").get("windows").size());
    assertThat(exp.get("paper").size()).isGreaterThanOrEqualTo(3);
    assertThat(results.get("plots").toString()).contains("fig12.png");
    assertThat(new File(OUT, "fig12.png")).isFile();
    assertThat(new File(OUT, "latency-cdf-convergence.png")).isFile();
  }

  @Test
  void theControllerMovesTheAllocationFromEqualShares() {
    JsonNode alloc = results.get("runs").get(1).get("allocation");
    assertThat(alloc.size()).isPositive();
    boolean moved = false;
    for (JsonNode a : alloc) {
      moved |= Math.abs(a.get("hdfs_share").asDouble() - 0.5) > 0.01 || a.get("hdfs_reserved").asInt() > 0
          || a.get("hbase_reserved").asInt() > 0;
    }
    assertThat(moved).as("allocation left equal shares at some point: " + alloc).isTrue();
  }
}
