package io.cake.controller.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.offset;

import io.cake.core.sched.Lane;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.ThroughputGoal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PriorityLanesTest {
  private final PriorityLanes lanes = new PriorityLanes(2.0);

  private static ResourceLoad load(int slots, Map<String, Double> busy) {
    Map<String, ResourceLoad.TenantLoad> m = new java.util.HashMap<>();
    busy.forEach((t, b) -> m.put(t, new ResourceLoad.TenantLoad(0.5, b)));
    return new ResourceLoad(slots, m);
  }

  private static PriorityLanes.Tenant latency(String name, double ms, double weight) {
    return new PriorityLanes.Tenant(name, LatencyGoal.of(99, ms), weight);
  }

  @Test
  void rankedBySloTightestFirstThenByWeightThenByName() {
    List<PriorityLanes.Tenant> tenants = List.of(
        latency("loose", 400, 5), latency("tight", 100, 1), latency("mid-light", 200, 1),
        latency("mid-heavy", 200, 3), latency("mid-light-b", 200, 1),
        new PriorityLanes.Tenant("batch", new ThroughputGoal(50), 1));
    PriorityLanes.Sized s = lanes.next(PriorityLanes.State.EMPTY, tenants, load(20, Map.of()), load(4, Map.of()));
    Map<String, Lane> hb = s.hbase();
    assertThat(hb.get("tight").rank()).isEqualTo(1);
    assertThat(hb.get("mid-heavy").rank()).isEqualTo(2);
    assertThat(hb.get("mid-light").rank()).isEqualTo(3);
    assertThat(hb.get("mid-light-b").rank()).isEqualTo(4);
    assertThat(hb.get("loose").rank()).isEqualTo(5);
    assertThat(hb).as("a throughput goal gets no lane").doesNotContainKey("batch");
    assertThat(s.hdfs().keySet()).isEqualTo(hb.keySet());
  }

  @Test
  void targetsAtOtherPercentilesAreComparedAsTheP99TheyAmountTo() {
    // SLOs like the bursty experiment's: the on-off tenant's p99.9 of 483 ms against p99s of 366
    // and 452 ms. By milliseconds alone it would rank last.
    List<PriorityLanes.Tenant> tenants = List.of(
        new PriorityLanes.Tenant("bursty", LatencyGoal.of(99.9, 483), 1),
        latency("frontend-b", 366, 1), latency("frontend-c", 452, 2));
    Map<String, Lane> hb = lanes.next(PriorityLanes.State.EMPTY, tenants, load(20, Map.of()), load(4, Map.of())).hbase();
    assertThat(hb.get("bursty").rank()).as("483 ms at p99.9 is a p99 of 322 ms").isEqualTo(1);
    assertThat(hb.get("frontend-b").rank()).isEqualTo(2);
    assertThat(hb.get("frontend-c").rank()).isEqualTo(3);

    assertThat(PriorityLanes.tightness(LatencyGoal.of(99, 366))).as("a p99 is its own ms").isCloseTo(366, offset(1e-9));
    assertThat(PriorityLanes.tightness(LatencyGoal.of(99.9, 450))).isCloseTo(300, offset(1e-9));
    assertThat(PriorityLanes.tightness(LatencyGoal.of(90, 100))).isCloseTo(200, offset(1e-9));
    List<PriorityLanes.Tenant> loose = List.of(
        new PriorityLanes.Tenant("p999-loose", LatencyGoal.of(99.9, 600), 1), latency("p99-tight", 366, 1));
    assertThat(lanes.next(PriorityLanes.State.EMPTY, loose, load(20, Map.of()), load(4, Map.of())).hbase()
        .get("p99-tight").rank()).as("a p99.9 of 600 ms (a p99 of 400) is looser than a p99 of 366").isEqualTo(1);
  }

  @Test
  void aLaneIsTwiceThePeakLoadRoundedUpAtEachResourceWithinAllButTheLastSlot() {
    List<PriorityLanes.Tenant> one = List.of(latency("front", 100, 1));
    PriorityLanes.Sized s = lanes.next(PriorityLanes.State.EMPTY, one,
        load(10, Map.of("front", 1.2, "batch", 8.0)), load(4, Map.of("front", 0.3)));
    assertThat(s.hbase().get("front")).isEqualTo(new Lane(1, 3)); // 2 x 1.2 = 2.4 -> 3
    assertThat(s.hdfs().get("front")).isEqualTo(new Lane(1, 1)); // 0.6 -> 1
    PriorityLanes.Sized idle = lanes.next(PriorityLanes.State.EMPTY, one, load(10, Map.of()), load(4, Map.of()));
    assertThat(idle.hdfs().get("front").slots()).as("at least one").isEqualTo(1);
    PriorityLanes.Sized flood = lanes.next(PriorityLanes.State.EMPTY, one, load(10, Map.of("front", 9.0)),
        load(4, Map.of("front", 4.0)));
    assertThat(flood.hbase().get("front").slots()).as("never the last slot").isEqualTo(9);
    assertThat(flood.hdfs().get("front").slots()).isEqualTo(3);
    assertThat(PriorityLanes.width(2.0, 4)).as("a whole want is not rounded up").isEqualTo(2);
  }

  @Test
  void aBurstsLoadKeepsTheLaneWideWhileItsPeakFades() {
    List<PriorityLanes.Tenant> one = List.of(latency("front", 100, 1));
    PriorityLanes.Sized s = lanes.next(PriorityLanes.State.EMPTY, one, load(20, Map.of("front", 3.0)), load(8, Map.of("front", 2.0)));
    assertThat(s.hbase().get("front").slots()).isEqualTo(6);
    int[] widths = new int[12];
    for (int i = 0; i < widths.length; i++) {
      s = lanes.next(s.state(), one, load(20, Map.of("front", 0.2)), load(8, Map.of("front", 0.1)));
      widths[i] = s.hbase().get("front").slots();
    }
    // The peak halves in 10 intervals: 3.0 x 0.5^(n/10) x 2, rounded up.
    assertThat(widths[0]).isEqualTo(6);
    assertThat(widths[9]).isEqualTo(3);
    assertThat(widths).isSortedAccordingTo(java.util.Comparator.reverseOrder());
    assertThat(s.state().hbasePeak().get("front")).isCloseTo(3.0 * Math.pow(0.5, 1.2), org.assertj.core.data.Offset.offset(1e-9));
  }

  private static ResourceLoad.TenantLoad measured(double busy, double busiestSecond) {
    return new ResourceLoad.TenantLoad(0.5, busy, Double.NaN, busiestSecond);
  }

  @Test
  void aBurstHiddenInTheMeanWidensTheLaneByItsBusiestSecond() {
    // Half a burst in the interval: a mean of 1.5 busy handlers, 3 in the burst's seconds. Sized
    // from the mean, the lane would be 3 handlers where the burst keeps 3 busy and wants twice that.
    List<PriorityLanes.Tenant> one = List.of(latency("front", 100, 1));
    ResourceLoad hb = new ResourceLoad(12, Map.of("front", measured(1.5, 3.0)));
    ResourceLoad df = new ResourceLoad(4, Map.of("front", measured(0.4, 0.9)));
    PriorityLanes.Sized s = lanes.next(PriorityLanes.State.EMPTY, one, hb, df);
    assertThat(s.hbase().get("front")).isEqualTo(new Lane(1, 6));
    assertThat(s.hdfs().get("front")).isEqualTo(new Lane(1, 2)); // 1.8 -> 2
    // The mean counts where it is more (lumpy long calls); an unmeasured second (an older DataNode) counts none.
    ResourceLoad steady = new ResourceLoad(12, Map.of("front", measured(2.6, 2.0)));
    ResourceLoad old = new ResourceLoad(4, Map.of("front", measured(0.4, Double.NaN)));
    PriorityLanes.Sized t = lanes.next(PriorityLanes.State.EMPTY, one, steady, old);
    assertThat(t.hbase().get("front").slots()).isEqualTo(6); // 2 x 2.6 = 5.2 -> 6
    assertThat(t.hdfs().get("front").slots()).isEqualTo(1); // 0.8 -> 1
    // The burst's want fades as the mean's does, so the next burst still finds the lane wide.
    PriorityLanes.Sized lull = lanes.next(s.state(), one, new ResourceLoad(12, Map.of("front", measured(0.1, 0.3))),
        new ResourceLoad(4, Map.of("front", measured(0.05, 0.1))));
    assertThat(lull.hbase().get("front").slots()).isEqualTo(6); // 6 x 0.933 = 5.6 -> 6
  }

  @Test
  void aLaneLeavesRoomForTheLoadsOfTheLanesRankedBelowIt() {
    // 12 handlers, 11 for lanes. a (first) keeps 5 busy, b 2, c 3: a's lane would be 10 wide and,
    // in a's burst, take the handlers b's and c's own loads need.
    List<PriorityLanes.Tenant> three = List.of(latency("a", 100, 1), latency("b", 200, 1), latency("c", 300, 1));
    ResourceLoad hb = new ResourceLoad(12, Map.of("a", measured(5, 5), "b", measured(2, 2), "c", measured(3, 3)));
    ResourceLoad df = new ResourceLoad(4, Map.of());
    PriorityLanes.Sized s = lanes.next(PriorityLanes.State.EMPTY, three, hb, df);
    assertThat(s.hbase().get("a")).as("11 less b's 2 and c's 3").isEqualTo(new Lane(1, 6));
    assertThat(s.hbase().get("b")).as("its own 4 fits beside c's 3").isEqualTo(new Lane(2, 4));
    assertThat(s.hbase().get("c")).as("nothing below it").isEqualTo(new Lane(3, 6));
    ResourceLoad crowded = new ResourceLoad(12, Map.of("a", measured(5, 5), "b", measured(6, 6), "c", measured(6, 6)));
    assertThat(lanes.next(PriorityLanes.State.EMPTY, three, crowded, df).hbase().get("a").slots())
        .as("at least one, however crowded").isEqualTo(1);
  }

  @Test
  void withoutLanesKeepsThePeaks() {
    PriorityLanes.Sized s = lanes.next(PriorityLanes.State.EMPTY, List.of(latency("front", 100, 1)),
        load(10, Map.of("front", 2.0)), load(4, Map.of()));
    PriorityLanes.Sized none = s.withoutLanes();
    assertThat(none.hbase()).isEmpty();
    assertThat(none.hdfs()).isEmpty();
    assertThat(none.state()).isEqualTo(s.state());
  }

  @Test
  void aFactorOutsideOneToTenIsRefused() {
    assertThatThrownBy(() -> new PriorityLanes(0.5)).hasMessageContaining("[1, 10]");
    assertThatThrownBy(() -> new PriorityLanes(Double.NaN)).hasMessageContaining("[1, 10]");
  }
}
