package io.cake.director.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.cake.director.plan.RegionLoad;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LoadSplitTest {
  @Test
  void aServersBusyHandlersAreSplitOverItsRegionsByTheRequestsEachServed() {
    LoadSplit split = new LoadSplit();
    split.split(Map.of("rs1", 4.0), List.of(new RegionCounts("a", "t", "rs1", 100, 0),
        new RegionCounts("b", "t", "rs1", 50, 50), new RegionCounts("m", "hbase:meta", "rs1", 10, 0)));
    List<RegionLoad> loads = split.split(Map.of("rs1", 4.0), List.of(new RegionCounts("a", "t", "rs1", 400, 0),
        new RegionCounts("b", "t", "rs1", 100, 100), new RegionCounts("m", "hbase:meta", "rs1", 10, 0)));
    // a served 300, b 100, m none: 4 busy handlers split 3 to 1.
    assertThat(loads).extracting(RegionLoad::region).containsExactly("a", "b", "m");
    assertThat(loads.get(0).load()).isCloseTo(3.0, within(1e-9));
    assertThat(loads.get(1).load()).isCloseTo(1.0, within(1e-9));
    assertThat(loads.get(2).load()).isZero();
    assertThat(loads.get(2).system()).isTrue();
  }

  @Test
  void aRegionJustOpenedMovedOrReopenedHasServedNothingYet() {
    LoadSplit split = new LoadSplit();
    split.split(Map.of(), List.of(new RegionCounts("a", "t", "rs1", 500, 0), new RegionCounts("b", "t", "rs1", 500, 0)));
    List<RegionLoad> loads = split.split(Map.of("rs1", 2.0, "rs2", 2.0), List.of(
        new RegionCounts("a", "t", "rs2", 600, 0), // moved: its counters restarted elsewhere
        new RegionCounts("b", "t", "rs1", 100, 0), // reopened in place: counters went back
        new RegionCounts("c", "t", "rs1", 50, 0))); // new
    assertThat(loads).allSatisfy(r -> assertThat(r.load()).as(r.region()).isZero());
  }
}
