package io.cake.core.level;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.core.sched.Allocation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AllocationTextTest {
  @Test
  void roundTripsAndRefusesBadInput() {
    assertThat(AllocationText.parseShares(" a=0.8, b=0.2 ,")).isEqualTo(Map.of("a", 0.8, "b", 0.2));
    assertThat(AllocationText.parseReservations("")).isEmpty();
    assertThat(AllocationText.format(Map.of("b", 2, "a", 1))).isEqualTo("a=1,b=2");
    assertThatThrownBy(() -> AllocationText.parseShares("a=0")).hasMessageContaining("share of 'a'");
    assertThatThrownBy(() -> AllocationText.parseShares("a")).hasMessageContaining("tenant=value");
    assertThatThrownBy(() -> AllocationText.parseShares("a=1,a=2")).hasMessageContaining("twice");
    assertThatThrownBy(() -> AllocationText.parseReservations("a=1.5")).hasMessageContaining("integer");
    assertThatThrownBy(() -> AllocationText.parseReservations(null)).hasMessageContaining("null");
  }

  @Test
  void lanesRoundTripAndBadOnesAreRefusedNamingTheTenantAndThePart() {
    Map<String, io.cake.core.sched.Lane> lanes = AllocationText.parseLanes(" front=1:2 , other=2:1");
    assertThat(lanes).isEqualTo(Map.of("front", new io.cake.core.sched.Lane(1, 2), "other", new io.cake.core.sched.Lane(2, 1)));
    assertThat(AllocationText.format(lanes)).isEqualTo("front=1:2,other=2:1");
    assertThat(AllocationText.parseLanes("")).isEmpty();
    assertThatThrownBy(() -> AllocationText.parseLanes("front=2")).hasMessageContaining("lane of 'front'")
        .hasMessageContaining("rank:slots");
    assertThatThrownBy(() -> AllocationText.parseLanes("front=0:2")).hasMessageContaining("lane of 'front' rank");
    assertThatThrownBy(() -> AllocationText.parseLanes("front=1:-1")).hasMessageContaining("lane of 'front' slots");
    assertThatThrownBy(() -> AllocationText.parseLanes("front=1:x")).hasMessageContaining("lane of 'front' slots");
    assertThatThrownBy(() -> AllocationText.parseLanes("front=1:1,front=2:1")).hasMessageContaining("twice");
  }

  @Test
  void lanesWithTokenBucketsRoundTripAndBadBucketsAreRefusedNamingTheTenant() {
    Map<String, io.cake.core.sched.Lane> lanes = AllocationText.parseLanes("front=1:2@200:20/1000:5,other=2:1");
    assertThat(lanes.get("front").limit()).isEqualTo(io.cake.core.contract.Contract.parse("k", "200:20,1000:5"));
    assertThat(lanes.get("other").limit()).isNull();
    assertThat(AllocationText.format(lanes)).isEqualTo("front=1:2@200:20/1000:5,other=2:1");
    assertThat(AllocationText.parseLanes(AllocationText.format(lanes))).isEqualTo(lanes);
    assertThatThrownBy(() -> AllocationText.parseLanes("front=1:2@0:5")).hasMessageContaining("lane of 'front' buckets");
    assertThatThrownBy(() -> AllocationText.parseLanes("front=1:2@")).hasMessageContaining("lane of 'front' buckets");
    assertThatThrownBy(() -> AllocationText.parseLanes("front=1:2@200")).hasMessageContaining("lane of 'front' buckets");
  }

  @Test
  void aControlMBeanSetsLanesAloneOrWithTheRestAndRefusesBadOnesChangingNothing() {
    io.cake.core.sched.FairQueueScheduler<String> q =
        new io.cake.core.sched.FairQueueScheduler<>("t", new io.cake.core.time.ManualClock(), 4, 10, 10);
    FirstLevelControl control = new FirstLevelControl(level(q));
    control.setAllocation("front=2", "", 1.0, "front=1:2");
    assertThat(control.getLanes()).isEqualTo("front=1:2");
    control.setAllocation("front=3", "", 1.0); // the three-part write keeps the lanes
    assertThat(control.getLanes()).isEqualTo("front=1:2");
    assertThat(control.getShares()).isEqualTo("front=3.0");
    assertThatThrownBy(() -> control.setLanes("front=1:0")).hasMessageContaining("lane of 'front' slots");
    assertThat(control.getLanes()).as("unchanged").isEqualTo("front=1:2");
    control.setLanes("");
    assertThat(control.getLanes()).isEmpty();
    assertThat(control.getShares()).isEqualTo("front=3.0");
  }

  /** The smallest FirstLevel around a scheduler: what the control MBean needs of it. */
  private static FirstLevel level(io.cake.core.sched.FairQueueScheduler<String> q) {
    return new FirstLevel() {
      @Override public String name() { return "t"; }
      @Override public String kind() { return "test"; }
      @Override public boolean enabled() { return true; }
      @Override public void setEnabled(boolean enabled) {}
      @Override public Allocation allocation() { return q.allocation(); }
      @Override public synchronized Allocation updateAllocation(java.util.function.UnaryOperator<Allocation> change) {
        Allocation next = change.apply(q.allocation());
        q.setAllocation(next);
        return next;
      }
      @Override public int slots() { return q.slotCount(); }
      @Override public io.cake.core.sched.FairQueueScheduler<?> queues() { return q; }
      @Override public io.cake.core.tenant.TenantCap tenants() { return null; }
    };
  }

  @Test
  void sharesAreReportedAsTheFractionTheyGive() {
    Allocation a = new Allocation(Map.of("front", 0.9, "batch", 0.1), Map.of(), 1.0);
    // The operator's "0.9/0.1" beside a busy default tenant: the front end gets 0.45, not 0.9.
    assertThat(AllocationText.formatFractions(a.fractions(List.of("front", "batch", "default"))))
        .isEqualTo("batch=0.050,default=0.500,front=0.450");
    assertThat(AllocationText.formatFractions(a.fractions(List.of("front", "batch"))))
        .isEqualTo("batch=0.100,front=0.900");
  }
}
