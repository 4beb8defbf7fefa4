package io.cake.director.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class DrainPlannerTest {
  private static final List<ServerLoad> SERVERS = List.of(new ServerLoad("rs1", 4, 10), new ServerLoad("rs2", 3, 10),
      new ServerLoad("rs3", 2, 10));
  private static final Map<String, Double> LIMITS = Map.of("rs1", 8.0, "rs2", 8.0, "rs3", 8.0);

  private static RegionLoad region(String name, String server, double load) {
    return new RegionLoad(name, "t", server, load, false);
  }

  @Test
  void theLeastLoadedServerIsRemovableWhenAllItCarriesFitsOnTheOthers() {
    List<RegionLoad> regions = List.of(region("a", "rs3", 1.5), region("b", "rs3", 0.5),
        new RegionLoad("meta", "hbase:meta", "rs3", 0.2, true), region("c", "rs1", 4), region("d", "rs2", 3));
    DrainPlanner d = new DrainPlanner(2);
    assertThat(d.removable(SERVERS, LIMITS, regions)).contains("rs3");
    // Where the others' room (4 and 5) cannot take a region of 6, it is not.
    assertThat(d.removable(SERVERS, LIMITS, List.of(region("big", "rs3", 6)))).isEmpty();
    assertThat(d.removable(SERVERS, Map.of("rs1", 8.0, "rs2", 8.0, "rs3", Double.POSITIVE_INFINITY), regions))
        .as("a limit unknown").isEmpty();
    assertThat(d.removable(List.of(SERVERS.get(0)), LIMITS, regions)).as("one server").isEmpty();
  }

  @Test
  void aDrainMovesTheHottestFirstToTheServerWithMostRoomAndLeavesSystemTablesBehind() {
    List<RegionLoad> regions = List.of(region("a", "rs3", 1.5), region("b", "rs3", 0.5), region("c", "rs3", 0.2),
        new RegionLoad("meta", "hbase:meta", "rs3", 0.2, true));
    List<Move> moves = new DrainPlanner(2).movesOff("rs3", SERVERS, LIMITS, regions, Set.of("b"));
    // rs2 has 5 free, rs1 4: a (1.5) to rs2, leaving it 3.5, then c to rs1; b is cooling down.
    assertThat(moves).extracting(Move::region, Move::to).containsExactly(tuple("a", "rs2"), tuple("c", "rs1"));
    assertThat(DrainPlanner.holdsMovable("rs3", regions)).isTrue();
    assertThat(DrainPlanner.holdsMovable("rs3", List.of(regions.get(3)))).as("only meta").isFalse();
  }
}
