package io.cake.bench;

import io.cake.bench.experiment.Options;
import static org.assertj.core.api.Assertions.assertThat;

import io.cake.bench.experiment.Figure;
import java.io.File;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** ./cake-bench as main executes it: exit codes and messages; the run itself is a stand-in that records its options. */
class CommandLineTest {
  private final List<Options> ran = new ArrayList<>();
  private final List<List<String>> ranWith = new ArrayList<>();
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int execute(String... args) {
    CommandLine cmd = BenchCommand.commandLine((o, original, w) -> {
      ran.add(o);
      ranWith.add(original);
      return 0;
    });
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    return cmd.execute(args);
  }

  private void assertRefused(String message, String... args) {
    assertThat(execute(args)).as(String.join(" ", args)).isEqualTo(2);
    assertThat(err.toString()).contains("cake-bench: " + message).contains("--help' for its options");
    assertThat(ran).as("nothing runs").isEmpty();
    err.getBuffer().setLength(0);
  }

  @Test
  void badValuesExitTwoNamingTheOptionWithoutRunning() {
    assertRefused("--rate must be positive, got -1", "--rate", "-1");
    assertRefused("Invalid value for option '--rate': 'fast' is not a double", "--rate", "fast");
    assertRefused("Missing required parameter for option '--rate'", "--quick", "--rate");
    assertRefused("--disk must be memory or hdd, got 'ssd'", "--disk", "ssd");
    assertRefused("--clients must be separate or in-jvm, got 'remote'", "--clients=remote");
    assertRefused("Unknown option: '--no-such-option'", "--no-such-option");
    assertRefused("--volume-limit must be within [0, ", "--volume-limit", "-1");
    assertRefused("--zk wants host[:port]", "--zk", "host:port");
  }

  @Test
  void checksAcrossOptionsRefuseBeforeTheRunStarts() {
    assertRefused("--disk-seek-ms needs --disk hdd", "--disk-seek-ms", "5");
    assertRefused("--disk-seek-ms must be between 1 and 100, got 9000", "--disk", "hdd", "--disk-seek-ms", "9000");
    assertRefused("experiment runs on the embedded cluster only; drop --zk", "experiment", "fig8", "--zk", "localhost");
    assertRefused("experiment hotspot runs on a cluster of several RegionServers: give --zk (benchmarks/hotspot.sh)",
        "experiment", "hotspot");
    assertRefused("give the options after 'experiment': --quick came before it", "--quick", "experiment", "fig8");
  }

  @Test
  void experimentNamesAreCheckedAndListed() {
    assertRefused("unknown experiment 'nope'; known: " + Figure.names(), "experiment", "nope");
    assertRefused("Missing required parameter: 'NAME'; one of " + Figure.names(), "experiment", "--quick");
  }

  @Test
  void compareTakesTwoFiles() {
    assertRefused("Missing required parameters: 'A', 'B'", "compare");
    assertRefused("Unmatched argument at index 3: 'c'", "compare", "a", "b", "c");
  }

  @Test
  void aGoodCommandLineRunsWithItsOptionsAndTheArgumentsRepeatHandsOn() {
    String[] args = {"experiment", "fig12", "--tiny", "--repeat", "3", "--out=x"};
    assertThat(execute(args)).isZero();
    assertThat(ran).hasSize(1);
    Options o = ran.get(0);
    assertThat(o.experiment).isEqualTo(Figure.FIG12);
    assertThat(o.scale).isEqualTo(Options.Scale.TINY);
    assertThat(o.repeat).isEqualTo(3);
    assertThat(o.out).isEqualTo(new File("x"));
    assertThat(o.diskModel).as("experiments run on the emulated disk").isNotNull();
    assertThat(ranWith.get(0)).containsExactly(args);
    assertThat(Repeat.childArgs(args, new File("x/run-1")))
        .containsExactly("experiment", "fig12", "--tiny", "--out", "x/run-1");
    assertThat(Repeat.childArgs(new String[] {"--out", "y", "--repeat=2", "--quick"}, new File("y/run-2")))
        .containsExactly("--quick", "--out", "y/run-2");
  }

  @Test
  void helpIsPrintedAndNothingRuns() {
    assertThat(execute("--help")).isZero();
    assertThat(out.toString()).contains("Usage: cake-bench [OPTIONS] [COMMAND]", "Commands:", "experiment", "compare", "jmh");
    out.getBuffer().setLength(0);
    assertThat(execute("experiment", "--help")).isZero();
    assertThat(out.toString()).contains("Usage: cake-bench experiment [OPTIONS] NAME", "fig14-17", "Figure 8");
    assertThat(ran).isEmpty();
  }
}
