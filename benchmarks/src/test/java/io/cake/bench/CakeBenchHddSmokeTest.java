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
 * The consolidated experiment in the hdd regime at smoke-test scale: the emulated disk is under
 * the DataNode, its parameters are recorded, every run charged it, and the front end queues behind
 * batch under FIFO (the regime's point). One harness run for all the checks.
 */
class CakeBenchHddSmokeTest {
  private static final File OUT = new File("target/smoke-hdd");
  private static JsonNode results;
  private static SmokeRun smoke;

  @BeforeAll
  @Timeout(value = 6, unit = TimeUnit.MINUTES)
  static void runHarness() throws Exception {
    smoke = SmokeRun.of(" (hdd)", OUT, "--tiny", "--disk", "hdd", "--disk-seek-ms", "7",
        "--policies", "isolated-frontend,hbase-fifo,cake-static", "--no-plots");
    results = smoke.results();
  }

  private static JsonNode run(String name) {
    return smoke.run(name);
  }

  @Test
  void theDiskModelAndItsParametersAreRecorded() throws Exception {
    JsonNode disk = results.get("config").get("disk");
    assertThat(disk.get("kind").asText()).contains("emulated");
    assertThat(disk.get("seek_ms_mean").asDouble()).isEqualTo(7.0);
    assertThat(disk.get("rpm").asDouble()).isEqualTo(7_200);
    assertThat(disk.get("mb_per_s").asDouble()).isEqualTo(120);
    assertThat(disk.get("volumes_per_datanode").asInt()).isEqualTo(4);
    String report = Files.readString(new File(OUT, "report.md").toPath());
    assertThat(report).contains("EMULATED").contains("seek 7 ms mean");
  }

  @Test
  void everyRunReadThroughTheEmulatedDisk() {
    for (JsonNode r : results.get("runs")) {
      JsonNode d = r.get("disk");
      assertThat(d).as(r.get("name").asText() + " has disk stats").isNotNull();
      assertThat(d.get("reads").asLong()).as(r.get("name").asText() + " disk reads").isPositive();
      assertThat(d.get("utilisation").asDouble()).isBetween(0.0, 1.0);
      // One entry per actuator (one DataNode of 4 volumes), adding up to the run's reads.
      JsonNode each = d.get("actuators");
      assertThat(each).as(r.get("name").asText() + " per-actuator stats").hasSize(4);
      long sum = 0;
      for (JsonNode a : each) {
        sum += a.get("reads").asLong();
        assertThat(a.get("utilisation").asDouble()).isBetween(0.0, 1.0);
      }
      assertThat(sum).as(r.get("name").asText() + " per-actuator reads").isEqualTo(d.get("reads").asLong());
    }
  }

  @Test
  void cakesGateKnowsTheVolumesTheModelServes() {
    assertThat(results.get("config").get("hdfs_volume_limit").asInt()).isEqualTo(1);
    // One read per volume at once: a read the gate admits finds its actuator idle, unless the gate
    // and the model disagree on which volume a block is on. (Not exactly 0: the DataNode's own
    // block scanner reads ungated.) Without the limit, cake-static's reads queue there for tens
    // of seconds a minute (docs/decisions/0003-one-read-per-volume.md).
    double queued = run("cake-static").get("disk").get("device_queue_s").asDouble();
    double fifoQueued = run("hbase-fifo").get("disk").get("device_queue_s").asDouble();
    System.out.printf("smoke (hdd): device queue time, FIFO %.2f s, cake-static %.2f s%n", fifoQueued, queued);
    assertThat(fifoQueued).isGreaterThan(1.0);
    assertThat(queued).isLessThan(fifoQueued / 20);
  }

  @Test
  void fifoQueuesTheFrontEndBehindBatch() {
    double isolated = run("isolated-frontend").get("frontend").get("p99_ms").asDouble();
    double fifo = run("hbase-fifo").get("frontend").get("p99_ms").asDouble();
    System.out.printf("smoke (hdd): front-end p99 isolated %.1f ms, FIFO %.1f ms (%.1fx)%n", isolated, fifo, fifo / isolated);
    assertThat(isolated).isPositive();
    assertThat(fifo).isGreaterThan(2 * isolated);
  }
}
