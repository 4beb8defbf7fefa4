package io.cake.bench.experiment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The overload experiment's yardstick: Frosting's weighted badness and its spread over tenants. */
class WeightedBadnessTest {
  private static final TenantExperiments.FrontEnd LIGHT = new TenantExperiments.FrontEnd("a", 1, 2, 1);
  private static final TenantExperiments.FrontEnd HEAVY = new TenantExperiments.FrontEnd("c", 1, 2, 2);

  @Test
  void badnessIsWeightTimesTheShortfallAndNoneWhenTheSloIsMet() {
    assertThat(WeightedBadness.badness(LIGHT, 100, 400)).isCloseTo(0.75, within(1e-12));
    assertThat(WeightedBadness.badness(HEAVY, 100, 400)).isCloseTo(1.5, within(1e-12));
    assertThat(WeightedBadness.badness(HEAVY, 100, 80)).isZero(); // room to spare is no badness
    assertThat(WeightedBadness.badness(HEAVY, 100, Double.NaN)).isNaN(); // nothing measured
  }

  @Test
  void twiceTheWeightAtTheSameLatencyIsASpreadOfTwoAndHalfTheShortfallEvensIt() {
    // Every queue grown without bound (p99 >> SLO): the spread is the weights' ratio.
    double a = WeightedBadness.badness(LIGHT, 100, 1e6);
    double c = WeightedBadness.badness(HEAVY, 100, 1e6);
    assertThat(WeightedBadness.spread(List.of(a, c))).isCloseTo(2.0, within(1e-3));
    // Frosting's fair answer: the heavy tenant at half the light one's shortfall.
    double light = WeightedBadness.badness(LIGHT, 100, 400); // 0.75
    double heavy = WeightedBadness.badness(HEAVY, 100, 100 / (1 - 0.375)); // 2 x 0.375
    assertThat(WeightedBadness.spread(List.of(light, heavy))).isCloseTo(1.0, within(1e-9));
  }

  @Test
  void theSpreadIsUndefinedWhenATenantMeetsItsSlo() {
    assertThat(WeightedBadness.spread(List.of(0.0, 0.5))).isNaN();
  }
}
