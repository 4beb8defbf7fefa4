package io.cake.sim.placement;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.sim.placement.PlacementRun.Result;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/** The director against a greedy mover and static overprovisioning, over 8 seeds per scenario. */
class PlacementSimulationTest {
  private static final int SEEDS = 8;

  private static List<Result> runs(PlacementScenario s, Supplier<Placement> p) {
    List<Result> out = new ArrayList<>();
    for (long seed = 1; seed <= SEEDS; seed++) {
      out.add(PlacementRun.run(s, p.get(), seed));
    }
    out.forEach(r -> System.out.println("placement: " + r));
    return out;
  }

  private static int sum(List<Result> rs, java.util.function.ToIntFunction<Result> f) {
    return rs.stream().mapToInt(f).sum();
  }

  @Test
  void aHotspotIsUndoneInTheIntervalAfterItAppearsInFewerMovesThanAGreedyMover() {
    PlacementScenario s = PlacementScenario.hotspot();
    List<Result> director = runs(s, Placements::director);
    List<Result> greedy = runs(s, Placements::greedy);
    // The interval the hotspot appears in misses (the director reacts to what it saw); none after.
    assertThat(director).allSatisfy(r -> assertThat(r.missedIntervals()).as(r.toString()).isEqualTo(1));
    assertThat(sum(director, Result::moves)).isLessThan(sum(greedy, Result::moves));
  }

  @Test
  void growthPastThreeServersGetsTheStandbyAndCostsLessThanStaticOverprovisioning() {
    PlacementScenario s = PlacementScenario.diurnal();
    List<Result> director = runs(s, Placements::director);
    List<Result> greedy = runs(s, Placements::greedy);
    assertThat(sum(director, Result::missedIntervals)).isLessThan(sum(greedy, Result::missedIntervals));
    // It took the standby (the greedy mover, which cannot, ran 3 servers throughout), later than
    // static overprovisioning, which runs all 4 from the start.
    assertThat(director).allSatisfy(r -> assertThat(r.serverIntervals()).as(r.toString())
        .isGreaterThan(s.servers() * s.intervals()).isLessThan((s.servers() + s.standbys()) * s.intervals()));
  }

  @Test
  void afterAPeakTheDirectorDrainsWhatTheEbbLeavesIdle() {
    PlacementScenario s = PlacementScenario.ebb();
    List<Result> director = runs(s, Placements::director);
    List<Result> all = runs(s, Placements::staticOverprovisioned);
    // Two or three of the five servers go back once the ebb has left room for them 20 intervals
    // (docs/decisions/0034-drain-after-twenty-intervals.md).
    assertThat(director).allSatisfy(r -> assertThat(r.drained()).as(r.toString()).isGreaterThanOrEqualTo(2));
    assertThat(sum(director, Result::serverIntervals)).isLessThan(sum(all, Result::serverIntervals));
  }
}
