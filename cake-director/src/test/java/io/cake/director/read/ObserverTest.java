package io.cake.director.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.assertj.core.api.Assertions.within;

import io.cake.director.loop.Observation;
import io.cake.director.model.CapacityModel.Verdict;
import io.cake.director.plan.RegionLoad;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ObserverTest {
  private static final long SECOND = 1_000_000_000L;

  @Test
  void aServerIsObservedFromItsSecondReadingWithItsLoadSplitOverItsRegions() {
    Observer o = new Observer();
    Observation first = o.observe(reading(Map.of("rs1", server(0, 0, 0.0)), Map.of(),
        List.of(counts("a", "rs1", 0), counts("b", "rs1", 0))));
    assertThat(first.serverLoads()).isEmpty();
    assertThat(first.regions()).isEmpty();

    // 3 s of handler time over 1 s: 3 busy handlers; a served 300 requests, b 100.
    Observation second = o.observe(reading(Map.of("rs1", server(3_000_000, SECOND, 0.0)), Map.of(),
        List.of(counts("a", "rs1", 300), counts("b", "rs1", 100))));
    assertThat(second.serverLoads().get("rs1")).isCloseTo(3.0, within(1e-9));
    assertThat(second.verdicts()).containsEntry("rs1", Verdict.MISSED);
    assertThat(second.regions()).extracting(RegionLoad::region, RegionLoad::load)
        .containsExactlyInAnyOrder(tuple("a", 2.25), tuple("b", 0.75));
  }

  @Test
  void theLoadIsOverTheTimeTheCountersGrewNotBetweenReadings() {
    Observer o = new Observer();
    o.observe(reading(Map.of("rs1", server(0, 0, 1.0)), Map.of(), List.of()));
    // Read again before the scheduler closed another interval: nothing grew, and it is not idle.
    Observation between = o.observe(reading(Map.of("rs1", server(0, 0, 1.0)), Map.of(), List.of()));
    assertThat(between.serverLoads()).isEmpty();
    // Two intervals of 1 s closed since the first reading, 4 s of handler time: 2 busy handlers.
    Observation after = o.observe(reading(Map.of("rs1", server(4_000_000, 2 * SECOND, 1.0)), Map.of(), List.of()));
    assertThat(after.serverLoads().get("rs1")).isCloseTo(2.0, within(1e-9));
    assertThat(after.verdicts()).containsEntry("rs1", Verdict.MET);
  }

  @Test
  void aServerWhoseBeansCannotBeReadIsLeftOutWithItsRegionsAndStartsOver() {
    Observer o = new Observer();
    o.observe(reading(Map.of("rs1", server(0, 0, 1.0), "rs2", server(0, 0, 1.0)), Map.of(),
        List.of(counts("a", "rs1", 0), counts("b", "rs2", 0))));
    Observation blind = o.observe(reading(Map.of("rs1", server(1_000_000, SECOND, 1.0)), Map.of("rs2", "HTTP 500"),
        List.of(counts("a", "rs1", 10), counts("b", "rs2", 10))));
    assertThat(blind.serverLoads()).containsOnlyKeys("rs1");
    assertThat(blind.regions()).extracting(RegionLoad::region).containsExactly("a");

    Observation back = o.observe(reading(Map.of("rs1", server(2_000_000, 2 * SECOND, 1.0),
        "rs2", server(5_000_000, 2 * SECOND, 1.0)), Map.of(), List.of(counts("a", "rs1", 20), counts("b", "rs2", 20))));
    assertThat(back.serverLoads()).as("rs2 counts again from its next reading").containsOnlyKeys("rs1");
  }

  @Test
  void aSchedulerThatDoesNotSayWhenItsIntervalEndedIsLeftOut() {
    Observer o = new Observer();
    ServerReading old = new ServerReading(Map.of("front", 1L), Double.NaN, List.of(0.0));
    o.observe(new ClusterReading(Map.of("rs1", old), Map.of(), List.of()));
    assertThat(o.observe(new ClusterReading(Map.of("rs1", old), Map.of(), List.of())).serverLoads()).isEmpty();
  }

  private static ClusterReading reading(Map<String, ServerReading> servers, Map<String, String> unreadable,
      List<RegionCounts> regions) {
    return new ClusterReading(servers, unreadable, regions);
  }

  private static ServerReading server(long charged, long intervalEndNanos, double met) {
    return new ServerReading(Map.of("front", charged), intervalEndNanos, List.of(met));
  }

  private static RegionCounts counts(String region, String server, long reads) {
    return new RegionCounts(region, "t", server, reads, 0);
  }
}
