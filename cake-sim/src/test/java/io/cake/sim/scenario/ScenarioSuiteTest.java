package io.cake.sim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The suite itself: repeatable, and the gate against the baseline recorded in {@code
 * cake-sim/baseline} (the controller before the one-controller work): no scenario's median verdict
 * worse than there, and no grid point where the static 0.9/0.1 allocation beats the controller.
 */
class ScenarioSuiteTest {
  private static final File BASELINE = new File("baseline");

  private static Scenario named(String name) {
    return Scenarios.all().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
  }

  @Test
  void aSeedRunTwiceGivesTheSameVerdictsAndAnotherSeedOthers() {
    Scenario s = named("multi-tenant");
    assertThat(ScenarioSuite.runSeed(s, 3, Tuning.SHIPPED)).isEqualTo(ScenarioSuite.runSeed(s, 3, Tuning.SHIPPED));
    assertThat(ScenarioSuite.runSeed(s, 4, Tuning.SHIPPED)).isNotEqualTo(ScenarioSuite.runSeed(s, 3, Tuning.SHIPPED));
  }

  @Test
  void scenarioNamesAreUniqueAndTheGridHasTwentySevenPoints() {
    List<String> names = Scenarios.all().stream().map(Scenario::name).toList();
    assertThat(names).doesNotHaveDuplicates();
    assertThat(names.stream().filter(n -> n.startsWith("grid-"))).hasSize(27);
    assertThat(names).contains("join", "tighten", "overload", "misbehaving", "bursty-p99.9", "cpu-2x");
  }

  @Test
  void aResultWrittenAsJsonReadsBackTheSame(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    ExecutorService pool = Executors.newSingleThreadExecutor();
    try {
      ScenarioResult r = ScenarioSuite.run(named("tighten"), List.of(1L), Tuning.SHIPPED, pool);
      ScenariosCommand.JSON.writeValue(dir.resolve("tighten.json").toFile(), r);
      assertThat(ScenariosCommand.read(dir.toFile())).containsExactly(r);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void noScenarioIsWorseThanInTheBaseline() throws Exception {
    List<ScenarioResult> baseline = ScenariosCommand.read(BASELINE);
    Map<String, ScenarioResult> byName = baseline.stream().collect(Collectors.toMap(ScenarioResult::scenario, r -> r));
    assertThat(byName.keySet()).as("a baseline file per scenario")
        .containsExactlyInAnyOrderElementsOf(Scenarios.all().stream().map(Scenario::name).toList());
    ExecutorService pool = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
    try {
      List<ScenarioResult> now = new java.util.ArrayList<>();
      for (Scenario s : Scenarios.all()) {
        now.add(ScenarioSuite.run(s, byName.get(s.name()).seeds(), Tuning.SHIPPED, pool));
      }
      SuiteReport.Gate gate = SuiteReport.gate(baseline, now);
      assertThat(gate.table()).as("the gate").doesNotContain("WORSE than the baseline").doesNotContain("BEATEN by static");
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void theBaselineFilesAreWhatTheSuiteWrites() throws Exception {
    // Every file parses, and names its schema: a file edited by hand into another shape fails here.
    for (File f : Files.list(BASELINE.toPath()).map(Path::toFile).filter(f -> f.getName().endsWith(".json")).toList()) {
      ScenarioResult r = ScenariosCommand.JSON.readValue(f, ScenarioResult.class);
      assertThat(r.schema()).isEqualTo(ScenarioResult.SCHEMA);
      assertThat(f.getName()).isEqualTo(r.scenario() + ".json");
    }
  }
}
