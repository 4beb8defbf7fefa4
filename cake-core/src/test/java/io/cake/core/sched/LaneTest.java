package io.cake.core.sched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.core.time.ManualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Priority lanes in {@link FairQueueScheduler}: ahead of the shares, bounded by their width. In
 * each test the other tenants queue first, so by share alone (equal start tags, ties to the older
 * tenant) they would be served first.
 */
class LaneTest {
  private final ManualClock clock = new ManualClock();

  private FairQueueScheduler<String> scheduler(int slots) {
    return new FairQueueScheduler<>("test", clock, slots, 1_000, 10_000);
  }

  private static void offer(FairQueueScheduler<String> s, String tenant, int n) {
    for (int i = 0; i < n; i++) {
      assertThat(s.offer(tenant, tenant + i, 1)).isTrue();
    }
  }

  private static Map<String, Lane> lane(String tenant, int rank, int slots) {
    return Map.of(tenant, new Lane(rank, slots));
  }

  @Test
  void aLanedTenantGoesBeforeAnOlderTenantWithTenTimesItsShare() {
    FairQueueScheduler<String> s = scheduler(4);
    offer(s, "batch", 5);
    offer(s, "front", 3);
    s.setAllocation(new Allocation(Map.of("batch", 10.0, "front", 1.0), Map.of(), 1.0, lane("front", 1, 2)));

    Ticket<String> first = s.poll(0);
    Ticket<String> second = s.poll(1);
    assertThat(first.tenant()).isEqualTo("front");
    assertThat(second.tenant()).isEqualTo("front");
    assertThat(first.servedByShared()).as("lane service is not charged to the share").isFalse();
    // Two of front's tickets in service through its lane of 2: its third waits its turn by share.
    Ticket<String> third = s.poll(2);
    assertThat(third.tenant()).isEqualTo("batch");
    assertThat(third.servedByShared()).isTrue();
    s.complete(first);
    assertThat(s.poll(0).tenant()).as("room in the lane again").isEqualTo("front");
  }

  @Test
  void withoutTheLaneTheSameQueuesAreServedByShare() {
    FairQueueScheduler<String> s = scheduler(4);
    offer(s, "batch", 5);
    offer(s, "front", 3);
    s.setAllocation(new Allocation(Map.of("batch", 10.0, "front", 1.0), Map.of(), 1.0));
    assertThat(s.poll(0).tenant()).isEqualTo("batch");
  }

  @Test
  void lowerRankGoesFirstAndEqualRanksFollowTheirTags() {
    FairQueueScheduler<String> s = scheduler(8);
    offer(s, "batch", 3);
    offer(s, "loose", 3);
    offer(s, "loose2", 3);
    offer(s, "tight", 3);
    s.setAllocation(new Allocation(Map.of(), Map.of(), 1.0,
        Map.of("tight", new Lane(1, 1), "loose", new Lane(2, 3), "loose2", new Lane(2, 3))));
    List<String> order = new ArrayList<>();
    for (int slot = 0; slot < 7; slot++) {
      order.add(s.poll(slot).tenant());
    }
    // tight's lane (1 slot) first; then the two rank-2 lanes by their start tags (lane service
    // leaves tags alone, so the older tenant, loose, keeps winning the tie until its lane is full).
    assertThat(order).containsExactly("tight", "loose", "loose", "loose", "loose2", "loose2", "loose2");
    Ticket<String> last = s.poll(7);
    assertThat(last.tenant()).as("lanes together never take the last slot").isEqualTo("batch");
    assertThat(last.servedByShared()).isTrue();
  }

  @Test
  void aLaneNeverIdlesASlot() {
    FairQueueScheduler<String> s = scheduler(2);
    s.setAllocation(new Allocation(Map.of(), Map.of(), 1.0, lane("front", 1, 5)));
    offer(s, "batch", 2);
    assertThat(s.poll(0).tenant()).as("nothing in the lane: the slot serves others").isEqualTo("batch");
    offer(s, "front", 1);
    assertThat(s.poll(1).tenant()).isEqualTo("front");
  }

  @Test
  void reservationsNarrowWhatLanesMayTake() {
    FairQueueScheduler<String> s = scheduler(3);
    offer(s, "other", 3);
    offer(s, "front", 3);
    s.setAllocation(new Allocation(Map.of(), Map.of("batch", 1), 1.0, lane("front", 1, 2)));
    assertThat(s.reservedTenant(0)).isEqualTo("batch");
    assertThat(s.poll(1).tenant()).isEqualTo("front");
    // Three slots, one reserved: one lane slot at most, so the other shared slot serves by share.
    assertThat(s.poll(2).tenant()).isEqualTo("other");
  }

  @Test
  void peekTenantAgreesWithTheLane() {
    FairQueueScheduler<String> s = scheduler(4);
    offer(s, "batch", 2);
    offer(s, "front", 2);
    s.setAllocation(new Allocation(Map.of(), Map.of(), 1.0, lane("front", 1, 1)));
    assertThat(s.peekTenant(0)).isEqualTo("front");
    assertThat(s.poll(0).tenant()).isEqualTo("front");
    assertThat(s.peekTenant(1)).as("lane full").isEqualTo("batch");
  }

  @Test
  void aChangedAllocationKeepsItsLanesUntilTheyAreReplaced() {
    FairQueueScheduler<String> s = scheduler(4);
    offer(s, "batch", 2);
    offer(s, "front", 2);
    s.setAllocation(new Allocation(Map.of(), Map.of(), 1.0, lane("front", 1, 1)));
    Allocation next = s.allocation().withShare("front", 3.0).withReservation("x", 1);
    assertThat(next.lanes()).containsEntry("front", new Lane(1, 1));
    s.setAllocation(next.withLanes(Map.of()));
    assertThat(s.poll(3).tenant()).isEqualTo("batch");
  }

  @Test
  void aFilteredPollTakesTheLanesFirstEligibleTicket() {
    FairQueueScheduler<String> s = scheduler(4);
    offer(s, "batch", 2);
    s.offer("front", "f@busy", 1);
    s.offer("front", "f@idle", 1);
    s.setAllocation(new Allocation(Map.of(), Map.of(), 1.0, lane("front", 1, 1)));
    assertThat(s.poll(0, item -> !item.endsWith("@busy")).item()).isEqualTo("f@idle");
  }

  @Test
  void aLanesTokenBucketBoundsItsRateAndBeyondItTheTenantGoesByShare() {
    FairQueueScheduler<String> s = scheduler(4);
    offer(s, "batch", 10);
    offer(s, "front", 10);
    // A lane 3 wide, but at most 2 tickets at once and then one per 100 ms (10/s, burst 2).
    Lane bounded = new Lane(1, 3, io.cake.core.contract.Contract.of(10, 2));
    s.setAllocation(new Allocation(Map.of("batch", 10.0, "front", 1.0), Map.of(), 1.0, Map.of("front", bounded)));
    Ticket<String> a = s.poll(0);
    Ticket<String> b = s.poll(1);
    assertThat(List.of(a.tenant(), b.tenant())).containsExactly("front", "front");
    s.complete(a);
    s.complete(b);
    assertThat(s.poll(0).tenant()).as("room in the lane, but no token: by share").isEqualTo("batch");
    clock.advance(java.time.Duration.ofMillis(100));
    Ticket<String> c = s.poll(1);
    assertThat(c.tenant()).as("a token back").isEqualTo("front");
    assertThat(c.servedByShared()).isFalse();
    // The bucket is empty again: front's next ticket waits its turn by share (its start tag is now
    // the smaller, as batch was served once by share and front's lane service was not charged).
    Ticket<String> d = s.poll(2);
    assertThat(d.tenant()).isEqualTo("front");
    assertThat(d.servedByShared()).isTrue();
  }

  @Test
  void theSameBucketsKeepTheirStateAcrossAllocationsAndNewOnesStartFull() {
    FairQueueScheduler<String> s = scheduler(4);
    offer(s, "batch", 10);
    offer(s, "front", 10);
    Lane bounded = new Lane(1, 3, io.cake.core.contract.Contract.of(10, 1));
    s.setAllocation(new Allocation(Map.of("batch", 10.0), Map.of(), 1.0, Map.of("front", bounded)));
    s.complete(s.poll(0));
    s.setAllocation(s.allocation().withShare("batch", 20.0)); // the lane unchanged: its bucket stays empty
    assertThat(s.poll(0).tenant()).isEqualTo("batch");
    s.setAllocation(s.allocation().withLanes(Map.of("front", bounded.withLimit(io.cake.core.contract.Contract.of(10, 2)))));
    assertThat(s.poll(1).tenant()).as("new buckets start full").isEqualTo("front");
  }

  @Test
  void badLanesAreRefusedNamingWhatIsWrong() {
    assertThatThrownBy(() -> new Lane(0, 1)).hasMessageContaining("rank");
    assertThatThrownBy(() -> new Lane(1, 0)).hasMessageContaining("slots");
  }
}
