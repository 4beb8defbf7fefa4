package io.cake.director.loop;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.director.model.CapacityModel.Verdict;
import io.cake.director.model.Smoothing;
import io.cake.director.plan.DrainPlanner;
import io.cake.director.plan.LoadView;
import io.cake.director.plan.Move;
import io.cake.director.plan.MovePlanner;
import io.cake.director.plan.Plan;
import io.cake.director.plan.RegionLoad;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DirectorTest {
  private static Observation cluster(double rs1, Verdict v1, double rs2, Verdict v2, String hotAt) {
    List<RegionLoad> regions = new ArrayList<>(List.of(new RegionLoad("hot", "t", hotAt, 5, false)));
    for (int i = 0; i < 4; i++) {
      regions.add(new RegionLoad("r1-" + i, "t", "rs1", 1, false));
    }
    regions.add(new RegionLoad("r2", "t", "rs2", 2, false));
    return new Observation(Map.of("rs1", rs1, "rs2", rs2), Map.of("rs1", v1, "rs2", v2), regions);
  }

  @Test
  void aHotspotMovesOnceAndTheIntervalOfTheMoveIsNotReadAsAnotherOverload() {
    // Rises are taken whole: a stale interval read as news would look like rs1 overloaded again.
    Director d = new Director(new MovePlanner(2, 1.2), new DrainPlanner(2), new Smoothing(1.0, 0.2), 3, 100);
    Plan first = d.step(cluster(9, Verdict.MISSED, 2, Verdict.MET, "rs1"));
    assertThat(d.capacity("rs1")).isEqualTo(9);
    assertThat(first.moves()).extracting(Move::region, Move::to)
        .containsExactly(org.assertj.core.groups.Tuple.tuple("hot", "rs2"));
    // The interval the move happened in: rs1 still shows the load it had and the region where it was.
    assertThat(d.step(cluster(9, Verdict.MISSED, 2, Verdict.MET, "rs1")).moves()).isEmpty();
    // Then the cluster as the move left it, for as long as it lasts.
    for (int i = 0; i < 5; i++) {
      assertThat(d.step(cluster(4, Verdict.MET, 7, Verdict.MET, "rs2")).moves()).as("step " + i).isEmpty();
    }
  }

  @Test
  void itsViewHasTheRegionsWhereItMovedThemAndTheLimitsThePlanUsed() {
    Director d = new Director(new MovePlanner(2, 1.2), new DrainPlanner(2), new Smoothing(1.0, 0.2), 3, 100);
    assertThat(d.view().known()).as("before any miss").isFalse();
    d.step(cluster(9, Verdict.MISSED, 2, Verdict.MET, "rs1"));
    LoadView v = d.view();
    assertThat(v.limit("rs1")).isEqualTo(9 / 1.2);
    assertThat(v.limit("rs2")).as("unknown: rs1's, the smallest known").isEqualTo(9 / 1.2);
    assertThat(v.load("hot")).isEqualTo(5);
  }

  @Test
  void aServerTheOthersHaveHadRoomForIsDrainedThenNamedAndAMissEndsTheDrain() {
    Director d = new Director(new MovePlanner(2, 1.0), new DrainPlanner(2), new Smoothing(1.0, 1.0), 3, 2);
    // rs1 once missed at 12: every server's capacity is taken as 12.
    d.step(new Observation(Map.of("rs1", 12.0, "rs2", 1.0), Map.of("rs1", Verdict.MISSED, "rs2", Verdict.MET), List.of()));
    Observation quiet = new Observation(Map.of("rs1", 4.0, "rs2", 1.0), Map.of("rs1", Verdict.MET, "rs2", Verdict.MET),
        List.of(new RegionLoad("a", "t", "rs1", 4, false), new RegionLoad("b", "t", "rs2", 1, false)));
    assertThat(d.step(quiet).moves()).as("one quiet interval").isEmpty();
    Plan drain = d.step(quiet);
    assertThat(drain.moves()).extracting(Move::region, Move::to).containsExactly(org.assertj.core.groups.Tuple.tuple("b", "rs1"));
    assertThat(d.draining()).contains("rs2");
    assertThat(d.view().limit("rs2")).as("the balancer is not to put anything back on it").isZero();
    Observation emptied = new Observation(Map.of("rs1", 5.0, "rs2", 0.0), Map.of("rs1", Verdict.MET),
        List.of(new RegionLoad("a", "t", "rs1", 4, false), new RegionLoad("b", "t", "rs1", 1, false)));
    assertThat(d.step(emptied).drained()).isEqualTo("rs2");
    // A miss anywhere ends it.
    d.step(new Observation(Map.of("rs1", 5.0, "rs2", 0.0), Map.of("rs1", Verdict.MISSED), emptied.regions()));
    assertThat(d.draining()).isEmpty();
  }

  @Test
  void aMovedRegionCoolsDownBeforeItMayMoveAgain() {
    Director d = new Director(new MovePlanner(2, 1.0), new DrainPlanner(2), new Smoothing(1.0, 1.0), 3, 100);
    assertThat(d.step(cluster(9, Verdict.MISSED, 2, Verdict.MET, "rs1")).moves()).extracting(Move::region)
        .containsExactly("hot");
    d.step(cluster(4, Verdict.MET, 7, Verdict.MET, "rs2")); // settling
    // rs2 now misses at 7: its capacity is 7 and it is at it, with room nowhere for 5 but rs1's...
    // the hot region may not go back yet; r2 (2) goes instead.
    Plan p = d.step(cluster(4, Verdict.MET, 8, Verdict.MISSED, "rs2"));
    assertThat(p.moves()).extracting(Move::region).doesNotContain("hot").containsExactly("r2");
  }
}
