package io.cake.director.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Map;
import org.junit.jupiter.api.Test;

class LoadViewTest {
  @Test
  void aPlacementCostsTheLoadItPutsOverTheLimitsInUnitsOfTheSmallestServer() {
    assertThat(LoadView.overload(new double[] {2, 1}, new double[] {2.2, 2.2})).isZero();
    // 0.8 over a limit of 2.2, whichever server it is on.
    assertThat(LoadView.overload(new double[] {3, 0}, new double[] {2.2, 2.2})).isCloseTo(0.8 / 2.2, within(1e-12));
    assertThat(LoadView.overload(new double[] {0, 3}, new double[] {2.2, 2.2})).isCloseTo(0.8 / 2.2, within(1e-12));
    assertThat(LoadView.overload(new double[] {9, 0}, new double[] {2.2, 2.2})).as("at most 1").isEqualTo(1);
    assertThat(LoadView.overload(new double[] {1, 5}, new double[] {0, Double.POSITIVE_INFINITY}))
        .as("over a limit of 0 and no other known: the most").isEqualTo(1);
    assertThat(LoadView.overload(new double[] {0.5, 1}, new double[] {0, 2}))
        .as("a server being drained: all it holds is over, in units of the others").isEqualTo(0.25);
    assertThat(LoadView.overload(new double[] {5, 5}, new double[] {Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY}))
        .as("no limit known").isZero();
  }

  @Test
  void aServerOrRegionTheDirectorDoesNotKnowIsTakenAsThePlannerTakesIt() {
    LoadView v = new LoadView(Map.of("hot", 1.5), Map.of("rs1", 3.0, "rs2", 2.0));
    assertThat(v.limit("rs3")).as("a new server: the smallest known").isEqualTo(2.0);
    assertThat(v.load("new-region")).isZero();
    assertThat(v.known()).isTrue();
    assertThat(new LoadView(Map.of(), Map.of("rs1", Double.POSITIVE_INFINITY)).known()).isFalse();
    assertThat(new LoadView(Map.of(), Map.of("rs1", 3.0, "draining", 0.0)).limit("rs3")).as("not the drained one's 0").isEqualTo(3.0);
  }
}
