package io.cake.controller.policy.minimax;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.cake.controller.policy.minimax.MinimaxShares.Params;
import io.cake.controller.policy.minimax.MinimaxShares.Result;
import io.cake.controller.policy.minimax.MinimaxShares.Tenant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class MinimaxSharesTest {
  private static final double E = 1e-9;
  /** Performance twice the share: a tenant meets its SLO at half of everything. */
  private static final PerformanceModel TWICE = new PerformanceModel(0, 2);
  private static final MinimaxShares FREE = new MinimaxShares(new Params(1.0, 1.0, 0.001));

  @Test
  void underOverloadEqualWeightsDegradeEqually() {
    List<Tenant> t = List.of(new Tenant("a", 1, TWICE, 0.2), new Tenant("b", 1, TWICE, 0.3), new Tenant("c", 1, TWICE, 0.5));
    Result r = FREE.allocate(t);
    assertThat(r.overloaded()).isTrue();
    assertThat(r.feasible()).isFalse();
    r.shares().values().forEach(s -> assertThat(s).isCloseTo(1.0 / 3, within(E)));
    r.badness(t).values().forEach(b -> assertThat(b).isCloseTo(1.0 / 3, within(E)));
  }

  @Test
  void underOverloadEachDegradesInInverseProportionToItsWeight() {
    // Badness t for all: a_i = (1 - t / w_i) / 2 sums to 1 at t = 0.4: shares 0.4, 0.3, 0.3.
    List<Tenant> t = List.of(new Tenant("gold", 2, TWICE, 1.0 / 3), new Tenant("b", 1, TWICE, 1.0 / 3),
        new Tenant("c", 1, TWICE, 1.0 / 3));
    Result r = FREE.allocate(t);
    assertThat(r.shares().get("gold")).isCloseTo(0.4, within(E));
    assertThat(r.shares().get("b")).isCloseTo(0.3, within(E));
    assertThat(r.badness(t).values()).allSatisfy(b -> assertThat(b).isCloseTo(0.4, within(E)));
    assertThat(r.predicted().get("gold")).isCloseTo(0.8, within(E));
    assertThat(Result.byWeight(t).get(0)).isEqualTo("gold");
  }

  @Test
  void withEnoughEachGoalGetsJustItsTargetAndTheRestGoesToTheTenantsWithoutOne() {
    PerformanceModel quarter = new PerformanceModel(0, 4); // meets its SLO at 25%
    List<Tenant> t = List.of(new Tenant("a", 1, quarter, 0.4), new Tenant("b", 5, new PerformanceModel(0.5, 5), 0.3),
        new Tenant("batch", 1, null, 0.2), new Tenant("etl", 1, null, 0.1));
    Result r = new MinimaxShares(new Params(1.0, 1.2, 0.001)).allocate(t);
    assertThat(r.overloaded()).isFalse();
    assertThat(r.feasible()).isTrue();
    assertThat(r.shares().get("a")).as("performance 1.2 at 30%").isCloseTo(0.3, within(E));
    assertThat(r.shares().get("b")).as("0.5 + 5a = 1.2 at 14%").isCloseTo(0.14, within(E));
    // 56% left, split 2:1 as batch and etl had it.
    assertThat(r.shares().get("batch")).isCloseTo(0.56 * 2 / 3, within(E));
    assertThat(r.shares().get("etl")).isCloseTo(0.56 / 3, within(E));
  }

  @Test
  void sharesMoveAtMostOneStepAndSumToOne() {
    MinimaxShares stepped = new MinimaxShares(new Params(0.1, 1.0, 0.001));
    // a needs 80% to meet its SLO, b only 10%: a may only go from 50% to 60%.
    List<Tenant> t = List.of(new Tenant("a", 1, new PerformanceModel(0, 1.25), 0.5),
        new Tenant("b", 1, new PerformanceModel(0, 10), 0.5));
    Result r = stepped.allocate(t);
    assertThat(r.shares().get("a")).isCloseTo(0.6, within(E));
    assertThat(r.shares().get("b")).isCloseTo(0.4, within(E));
    assertThat(r.shares().values().stream().mapToDouble(Double::doubleValue).sum()).isCloseTo(1, within(E));
  }

  @Test
  void underOverloadEachShareMovesAtMostTheStepTheCallerGivesItWithRoomAtTheStep() {
    MinimaxShares stepped = new MinimaxShares(new Params(0.1, 1.0, 0.001));
    // Overload: a needs 80% and b 50%. By weighted badness alone b would fall to 0.4 (see above);
    // given a step of 0.02 it may fall only that far, so a can have only the 0.52 left.
    List<Tenant> overload = List.of(new Tenant("a", 1, new PerformanceModel(0, 1.25), 0.5),
        new Tenant("b", 1, new PerformanceModel(0, 2), 0.5));
    Result over = stepped.allocate(overload, Map.of("b", 0.02));
    assertThat(over.overloaded()).isTrue();
    assertThat(over.shares().get("a")).isCloseTo(0.52, within(E));
    assertThat(over.shares().get("b")).isCloseTo(0.48, within(E));
    // No step given: the whole step, b to 0.4.
    assertThat(stepped.allocate(overload).shares().get("b")).isCloseTo(0.4, within(E));

    // Room: the caller's steps are for overload only. b needs 10% and falls the whole step, 0.3 to
    // 0.2; batch takes the rest.
    Result room = stepped.allocate(List.of(new Tenant("a", 1, new PerformanceModel(0, 1.25), 0.5),
        new Tenant("b", 1, new PerformanceModel(0, 10), 0.3), new Tenant("batch", 1, null, 0.2)), Map.of("b", 0.02));
    assertThat(room.overloaded()).isFalse();
    assertThat(room.shares().get("b")).isCloseTo(0.2, within(E));
    assertThat(new Params(0.1, 1.0, 0.001).damping()).as("Frosting's fixed step").isEqualTo(1.0);
    assertThatThrownBy(() -> new Params(0.1, 1.0, 0.001, 0)).hasMessageContaining("damping");
  }

  @Test
  void aThroughputFloorIsAGoalLikeAnyOtherAndTenantsWithoutAGoalKeepTheMinimumUnderOverload() {
    List<Tenant> t = List.of(new Tenant("front", 1, TWICE, 0.5), new Tenant("batch-floor", 1, TWICE, 0.3),
        new Tenant("scratch", 1, null, 0.2));
    Result r = FREE.allocate(t);
    assertThat(r.overloaded()).isTrue();
    assertThat(r.shares().get("scratch")).isCloseTo(0.001, within(E));
    assertThat(r.shares().get("front")).isCloseTo(r.shares().get("batch-floor"), within(E));
  }

  @Test
  void badInputIsRefusedNamingTheTenant() {
    assertThatThrownBy(() -> new Tenant("x", 0, TWICE, 0.5)).hasMessageContaining("'x'").hasMessageContaining("weight");
    assertThatThrownBy(() -> new Tenant("x", 1, TWICE, 1.5)).hasMessageContaining("share");
    assertThatThrownBy(() -> new Params(0, 1, 0.01)).hasMessageContaining("step");
    assertThatThrownBy(() -> new Params(0.1, 0.9, 0.01)).hasMessageContaining("target");
    assertThatThrownBy(() -> FREE.allocate(List.of())).hasMessageContaining("no tenants");
    assertThatThrownBy(() -> new PerformanceModel(0, -1)).hasMessageContaining("positive");
  }

  @Test
  void aFloorLiftsAShareAtOnceWhileEveryFloorFits() {
    // b's model says 0.1 would do, and the step allows 0.2 - 0.05; its load needs 0.3: it keeps 0.3.
    MinimaxShares stepped = new MinimaxShares(new Params(0.05, 1.0, 0.001));
    List<Tenant> t = List.of(new Tenant("b", 1, new PerformanceModel(0, 10), 0.2, 0.3),
        new Tenant("batch", 1, null, 0.8));
    Result r = stepped.allocate(t);
    assertThat(r.shares().get("b")).isCloseTo(0.3, within(E));
    assertThat(r.shares().get("batch")).isCloseTo(0.7, within(E));
    assertThat(r.atFloor()).as("the floor placed b, not a step").containsExactly("b");

    // Without the floor the step takes it down to 0.15.
    Result free = stepped.allocate(List.of(new Tenant("b", 1, new PerformanceModel(0, 10), 0.2, 0),
        new Tenant("batch", 1, null, 0.8)));
    assertThat(free.shares().get("b")).isCloseTo(0.15, within(E));
    assertThat(free.atFloor()).isEmpty();
    // A floor below where the model puts b places nothing.
    Result above = stepped.allocate(List.of(new Tenant("b", 1, new PerformanceModel(0, 2), 0.2, 0.1),
        new Tenant("batch", 1, null, 0.8)));
    assertThat(above.shares().get("b")).isCloseTo(0.25, within(E));
    assertThat(above.atFloor()).isEmpty();
  }

  @Test
  void floorsThatDoNotFitAreScaledToHalfOfWhatThereIs() {
    // Floors 0.8 + 0.4 = 1.2 of 1: scaled to 0.5 in all, 1/3 and 1/6; the models ask for 0.
    PerformanceModel done = new PerformanceModel(5, 1);
    List<Tenant> t = List.of(new Tenant("a", 1, done, 0.5, 0.8), new Tenant("b", 1, done, 0.5, 0.4));
    Result r = FREE.allocate(t);
    assertThat(r.shares().get("a") / r.shares().get("b")).as("a keeps twice b's floor").isGreaterThanOrEqualTo(1.0);
    assertThat(r.shares().get("a")).isGreaterThanOrEqualTo(1.0 / 3 - E);
    assertThat(r.shares().get("b")).isGreaterThanOrEqualTo(1.0 / 6 - E);
    assertThatThrownBy(() -> new Tenant("a", 1, done, 0.5, 1.5)).hasMessageContaining("floor of tenant 'a'");
  }
}
