package io.cake.sim.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SuiteReportTest {
  private static SeedVerdict seed(boolean met, double batch) {
    return new SeedVerdict(1, List.of(new SeedVerdict.Tenant("a", 100, met ? 50 : 150, met ? 1 : 0.5, 0, 0)),
        batch, 1, met);
  }

  private static ScenarioResult result(String name, boolean controllerMet, double controllerBatch, boolean staticMet,
      double staticBatch) {
    return new ScenarioResult(ScenarioResult.SCHEMA, name, "", "SLO", "", java.util.Map.of(), List.of(1L),
        PolicySummary.of(List.of(seed(controllerMet, controllerBatch))),
        PolicySummary.of(List.of(seed(staticMet, staticBatch))));
  }

  @Test
  void aScenarioTheBaselineMetAndThisBuildMissesFailsTheGate() {
    SuiteReport.Gate g = SuiteReport.gate(List.of(result("x", true, 0.5, false, 0.9)),
        List.of(result("x", false, 0.5, false, 0.9)));
    assertThat(g.failed()).isEqualTo(1);
    assertThat(g.table()).contains("WORSE than the baseline");
  }

  @Test
  void aStaticAllocationThatMeetsWhereTheControllerMissesOrGivesBatchMoreFailsTheGate() {
    assertThat(SuiteReport.gate(List.of(), List.of(result("x", false, 0.9, true, 0.5))).table())
        .contains("BEATEN by static: it meets");
    SuiteReport.Gate g = SuiteReport.gate(List.of(), List.of(result("x", true, 0.5, true, 0.6)));
    assertThat(g.failed()).isEqualTo(1);
    assertThat(g.table()).contains("static gives batch more");
  }

  @Test
  void meetingWhereTheBaselineDidWithAtLeastStaticsBatchPasses() {
    SuiteReport.Gate g = SuiteReport.gate(List.of(result("x", true, 0.5, false, 0.9), result("y", false, 0.5, false, 0.9)),
        List.of(result("x", true, 0.4, false, 0.9), result("y", false, 0.3, false, 0.9),
            result("z", true, 0.7, true, 0.6)));
    assertThat(g.failed()).as(g.table()).isZero();
  }

  private static PolicySummary met(double... batchBySeed) {
    List<SeedVerdict> seeds = new java.util.ArrayList<>();
    for (int i = 0; i < batchBySeed.length; i++) {
      seeds.add(new SeedVerdict(i + 1, List.of(new SeedVerdict.Tenant("a", 100, 50, 1, 0, 0)), batchBySeed[i], 1, true));
    }
    return PolicySummary.of(seeds);
  }

  private static ScenarioResult both(PolicySummary controller, PolicySummary fixed) {
    return new ScenarioResult(ScenarioResult.SCHEMA, "g", "", "SLO", "", java.util.Map.of(), List.of(1L, 2L, 3L, 4L),
        controller, fixed);
  }

  @Test
  void batchIsComparedSeedBySeedNotMedianAgainstMedian() {
    // The seeds agree but one: the two medians taken apart still differ, so the gate must read
    // the median of the gaps seed by seed, which is 0.
    PolicySummary controller = met(0.90, 0.90, 0.91, 0.91);
    PolicySummary fixed = met(0.90, 0.901, 0.91, 0.91);
    assertThat(controller.batchShare().median()).isLessThan(fixed.batchShare().median());
    SuiteReport.Gate g = SuiteReport.gate(List.of(), List.of(both(controller, fixed)));
    assertThat(g.failed()).as(g.table()).isZero();
    // Less on every seed, by however little, is beaten.
    SuiteReport.Gate lower = SuiteReport.gate(List.of(), List.of(both(met(0.899, 0.899, 0.909, 0.909), fixed)));
    assertThat(lower.failed()).isEqualTo(1);
    assertThat(lower.table()).contains("static gives batch more (0.1 points");
  }

  @Test
  void theMedianVerdictNeedsHalfTheSeeds() {
    assertThat(PolicySummary.of(List.of(seed(true, 1), seed(false, 1))).medianMet()).isTrue();
    assertThat(PolicySummary.of(List.of(seed(true, 1), seed(false, 1), seed(false, 1))).medianMet()).isFalse();
    PolicySummary.Stat s = PolicySummary.stat(List.of(3.0, 1.0, 2.0, 10.0), x -> x, true);
    assertThat(s.median()).isEqualTo(2.5);
    assertThat(s.worst()).isEqualTo(1.0);
  }
}
