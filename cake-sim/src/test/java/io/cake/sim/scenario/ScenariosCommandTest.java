package io.cake.sim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ScenariosCommandTest {
  @TempDir
  Path out;

  private final StringWriter err = new StringWriter();
  private final StringWriter std = new StringWriter();

  private int run(String... args) {
    CommandLine cmd = new CommandLine(new ScenariosCommand());
    cmd.setErr(new PrintWriter(err));
    cmd.setOut(new PrintWriter(std));
    return cmd.execute(args);
  }

  @Test
  void badArgumentsAreRefusedByNameBeforeAnythingRuns() {
    assertThat(run("--only", "nope", "--out", out.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("--only: no scenario 'nope'");
    assertThat(run("--seeds", "0", "--out", out.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("--seeds must be at least 1, got 0");
    assertThat(run("--conf", "cake.controller.confidence=7", "--only", "hdd-2x", "--out", out.toString())).isEqualTo(2);
    assertThat(err.toString()).contains("cake.controller.confidence");
    assertThat(run("--against", out.resolve("missing").toString(), "--only", "hdd-2x", "--out", out.toString()))
        .isEqualTo(1);
    assertThat(err.toString()).contains("missing is not a readable directory");
    assertThat(out.toFile().list()).as("nothing written").isEmpty();
  }

  @Test
  void aRunWritesAFilePerScenarioAndTheSummary() {
    assertThat(run("--only", "hdd-4x,cpu-2x", "--seeds", "1", "--out", out.toString())).isEqualTo(0);
    assertThat(out.toFile().list()).containsExactlyInAnyOrder("hdd-4x.json", "cpu-2x.json", "summary.md");
    assertThat(std.toString()).contains("| hdd-4x | 1/1 |");
  }
}
