package io.cake.director.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MovePlannerTest {
  private static RegionLoad region(String name, String server, double load) {
    return new RegionLoad(name, "t", server, load, false);
  }

  @Test
  void anOverloadedServerShedsItsHottestRegionsToTheServerWithMostRoomUntilItFits() {
    // rs1 carries 9 against a capacity of 6; rs2 has 4 free, rs3 (capacity unknown: the smallest
    // known, 6) has 5.5 free.
    List<ServerLoad> servers = List.of(new ServerLoad("rs1", 9, 6), new ServerLoad("rs2", 4, 8),
        new ServerLoad("rs3", 0.5, Double.NaN));
    List<RegionLoad> regions = List.of(region("a", "rs1", 1), region("b", "rs1", 3), region("c", "rs1", 5),
        region("d", "rs2", 4), region("e", "rs3", 1));
    Plan p = new MovePlanner(5, 1.0).plan(servers, regions, Set.of());
    // c (5) goes to rs3, which has the most room (5.5); rs1 is then at 4, within 6.
    assertThat(p.moves()).extracting(Move::region, Move::from, Move::to).containsExactly(
        org.assertj.core.groups.Tuple.tuple("c", "rs1", "rs3"));
    assertThat(p.moves().get(0).reason()).contains("rs1 carries 9.00 busy handlers, over its 6.00");
    assertThat(p.moreServers()).isEmpty();
  }

  @Test
  void movesAreBoundedAndNeverTouchSystemOrCoolingRegions() {
    List<ServerLoad> servers = List.of(new ServerLoad("rs1", 10, 2.5), new ServerLoad("rs2", 0, Double.NaN));
    List<RegionLoad> regions = List.of(new RegionLoad("meta", "hbase:meta", "rs1", 4, true),
        region("hot", "rs1", 3), region("warm", "rs1", 2), region("mild", "rs1", 0.5), region("cool", "rs1", 0.5));
    // meta is a system table's, hot cools down from its last move: warm, the hottest left, goes;
    // the bound stops there, with rs1 still over, and no server is asked for while moves are left undone.
    Plan p = new MovePlanner(1, 1.0).plan(servers, regions, Set.of("hot"));
    assertThat(p.moves()).extracting(Move::region).containsExactly("warm");
    assertThat(p.moreServers()).isEmpty();
  }

  @Test
  void whenNothingItHoldsFitsElsewhereTheClusterNeedsAnotherServer() {
    List<ServerLoad> servers = List.of(new ServerLoad("rs1", 8, 4), new ServerLoad("rs2", 3.5, 4));
    Plan p = new MovePlanner(3, 1.0).plan(servers, List.of(region("big", "rs1", 5), region("big2", "rs1", 3),
        region("x", "rs2", 3.5)), Set.of());
    assertThat(p.moves()).isEmpty();
    assertThat(p.moreServers()).contains("rs1");
  }

  @Test
  void overprovisionKeepsHeadroomAndWithNoCapacityKnownNothingMoves() {
    List<ServerLoad> servers = List.of(new ServerLoad("rs1", 5, 6), new ServerLoad("rs2", 0, 6));
    List<RegionLoad> regions = List.of(region("a", "rs1", 2), region("b", "rs1", 3));
    assertThat(new MovePlanner(5, 1.0).plan(servers, regions, Set.of()).moves()).isEmpty();
    // 5 x 1.5 > 6: rs1 sheds its hottest region.
    assertThat(new MovePlanner(5, 1.5).plan(servers, regions, Set.of()).moves()).extracting(Move::region)
        .containsExactly("b");
    List<ServerLoad> unknown = List.of(new ServerLoad("rs1", 50, Double.NaN), new ServerLoad("rs2", 0, Double.NaN));
    assertThat(new MovePlanner(5, 1.5).plan(unknown, regions, Set.of())).isEqualTo(Plan.NOTHING);
  }
}
