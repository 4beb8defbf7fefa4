package io.cake.core.sched;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.cake.core.metrics.ArrivalPeaks;
import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.metrics.TenantSnapshot;
import io.cake.core.metrics.TenantTotals;
import io.cake.core.time.Clock;
import io.cake.core.time.ManualClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Test;

class FairQueueSchedulerTest {
  private final ManualClock clock = new ManualClock();

  private FairQueueScheduler<String> scheduler(int slots) {
    return new FairQueueScheduler<>("test", clock, slots, 100_000, 1_000_000);
  }

  /** Keeps every tenant backlogged, makes {@code decisions} picks on shared slot 0, sums cost. */
  private static Map<String, Long> serveBacklogged(
      FairQueueScheduler<String> s, Map<String, Long> costs, int decisions) {
    Map<String, Long> served = new HashMap<>();
    costs.forEach(
        (t, c) -> {
          for (int i = 0; i < 10; i++) {
            assertThat(s.offer(t, t, c)).isTrue();
          }
        });
    for (int i = 0; i < decisions; i++) {
      Ticket<String> ticket = s.poll(0);
      assertThat(ticket).isNotNull();
      served.merge(ticket.tenant(), ticket.cost(), Long::sum);
      s.complete(ticket);
      assertThat(s.offer(ticket.tenant(), ticket.tenant(), costs.get(ticket.tenant()))).isTrue();
    }
    return served;
  }

  /** {@code n} calls of cost 1 for {@code tenant}, each accepted, {@code gapMs} apart on the clock. */
  private void offerEvery(FairQueueScheduler<String> s, String tenant, int n, long gapMs) {
    for (int i = 0; i < n; i++) {
      assertThat(s.offer(tenant, tenant + i, 1)).isTrue();
      clock.advance(Duration.ofMillis(gapMs));
    }
  }

  private static double fraction(Map<String, Long> served, String tenant) {
    long total = served.values().stream().mapToLong(Long::longValue).sum();
    return served.getOrDefault(tenant, 0L) / (double) total;
  }

  @Test
  void bestEffortIsServedWithWhatTheOthersLeave() {
    FairQueueScheduler<String> s = scheduler(1);
    s.setAllocation(new Allocation(Map.of("front", 9.0), Map.of(), 1.0));
    Map<String, Long> served =
        serveBacklogged(s, Map.of("front", 1L, "batch", 1L, io.cake.core.tenant.TenantNames.BEST_EFFORT, 1L), 20_000);
    // Best effort weighs a thousandth of the lightest (batch, 1): 1/10,001 of the slot.
    assertThat(fraction(served, io.cake.core.tenant.TenantNames.BEST_EFFORT)).isBetween(0.00005, 0.0002);
    assertThat(fraction(served, "front")).isCloseTo(0.9, org.assertj.core.data.Offset.offset(0.001));
    // Alone, it has the slot.
    s.drain();
    s.offer(io.cake.core.tenant.TenantNames.BEST_EFFORT, "x", 1);
    assertThat(s.poll(0).tenant()).isEqualTo(io.cake.core.tenant.TenantNames.BEST_EFFORT);
  }

  @Test
  void anEligibilityFilterSkipsTicketsItRejectsAndLeavesThemInPlace() {
    FairQueueScheduler<String> s = scheduler(2);
    s.offer("a", "a1@v1", 1);
    s.offer("a", "a2@v2", 1);
    s.offer("a", "a3@v1", 1);
    Ticket<String> t = s.poll(0, item -> !item.endsWith("@v1"));
    assertThat(t.item()).isEqualTo("a2@v2");
    assertThat(t.servedByShared()).isTrue();
    assertThat(s.poll(0, item -> !item.endsWith("@v1"))).as("nothing eligible").isNull();
    assertThat(s.queued("a")).isEqualTo(2);
    assertThat(s.poll(0).item()).as("the skipped keep their order").isEqualTo("a1@v1");
    assertThat(s.poll(0).item()).isEqualTo("a3@v1");
  }

  @Test
  void aSharedSlotServesTheSmallestTagAmongTenantsWithAnEligibleTicket() {
    FairQueueScheduler<String> s = scheduler(2);
    s.offer("a", "a@busy", 6);
    s.offer("c", "c@idle", 6);
    s.offer("b", "b@idle", 6);
    // Equal shares, start tags all 0 (one busy period): ties go to the older tenant, a, c, then b.
    Ticket<String> t = s.poll(1, item -> item.endsWith("@idle"));
    assertThat(t.tenant()).isEqualTo("c");
    // c is charged 6 (start tag 6 for its next ticket): b's 0 is now the smallest eligible one.
    s.offer("c", "c@idle", 6);
    assertThat(s.poll(1, item -> item.endsWith("@idle")).tenant()).isEqualTo("b");
    assertThat(s.poll(1).tenant()).as("unfiltered, a's tag is smallest").isEqualTo("a");
  }

  @Test
  void aReservedSlotTakesItsTenantsFirstEligibleTicketOnly() {
    FairQueueScheduler<String> s = scheduler(2);
    s.setAllocation(Allocation.equalShares().withReservation("front", 1));
    s.offer("front", "f1@busy", 1);
    s.offer("batch", "b1@idle", 1);
    int reserved = s.reservedTenant(0) != null ? 0 : 1;
    assertThat(s.poll(reserved, item -> item.endsWith("@idle"))).as("not another tenant's").isNull();
    s.offer("front", "f2@idle", 1);
    Ticket<String> t = s.poll(reserved, item -> item.endsWith("@idle"));
    assertThat(t.item()).isEqualTo("f2@idle");
    assertThat(t.servedByShared()).isFalse();
  }

  @Test
  void twoBackloggedTenantsAt90To10GetTheirShareOfService() {
    FairQueueScheduler<String> s = scheduler(4);
    s.setAllocation(Allocation.equalShares().withShare("front", 90).withShare("batch", 10));

    Map<String, Long> served = serveBacklogged(s, Map.of("front", 1L, "batch", 1L), 10_000);

    assertThat(fraction(served, "front")).isCloseTo(0.90, within(0.02));
    assertThat(fraction(served, "batch")).isCloseTo(0.10, within(0.02));
  }

  @Test
  void fiveTenantsAtUnevenSharesGetTheirShareOfService() {
    FairQueueScheduler<String> s = scheduler(4);
    Map<String, Double> shares = new LinkedHashMap<>();
    shares.put("a", 50.0);
    shares.put("b", 25.0);
    shares.put("c", 12.5);
    shares.put("d", 10.0);
    shares.put("e", 2.5);
    s.setAllocation(new Allocation(shares, Map.of(), 1.0));
    Map<String, Long> costs = new HashMap<>();
    shares.keySet().forEach(t -> costs.put(t, 1L));

    Map<String, Long> served = serveBacklogged(s, costs, 10_000);

    shares.forEach((t, share) -> assertThat(fraction(served, t)).as(t).isCloseTo(share / 100, within(0.02)));
  }

  @Test
  void sharesAreSharesOfServiceUnitsNotOfRequests() {
    FairQueueScheduler<String> s = scheduler(4);
    s.setAllocation(Allocation.equalShares().withShare("small", 1).withShare("large", 1));

    Map<String, Long> served = serveBacklogged(s, Map.of("small", 1L, "large", 64L), 10_000);

    assertThat(fraction(served, "small")).isCloseTo(0.5, within(0.02));
    assertThat(fraction(served, "large")).isCloseTo(0.5, within(0.02));
  }

  @Test
  void aShareChangeAppliesToTheNextDecisions() {
    FairQueueScheduler<String> s = scheduler(2);
    s.setAllocation(Allocation.equalShares().withShare("a", 1).withShare("b", 1));
    Map<String, Long> before = serveBacklogged(s, Map.of("a", 1L, "b", 1L), 2_000);
    assertThat(fraction(before, "a")).isCloseTo(0.5, within(0.02));

    s.setAllocation(Allocation.equalShares().withShare("a", 3).withShare("b", 1));
    Map<String, Long> after = new HashMap<>();
    for (int i = 0; i < 2_000; i++) {
      Ticket<String> t = s.poll(0);
      after.merge(t.tenant(), 1L, Long::sum);
      s.offer(t.tenant(), t.tenant(), 1);
    }
    assertThat(fraction(after, "a")).isCloseTo(0.75, within(0.02));
  }

  @Test
  void withOneBackloggedTenantEverySharedSlotServesIt() {
    FairQueueScheduler<String> s = scheduler(4);
    s.setAllocation(Allocation.equalShares().withShare("only", 1).withShare("idle", 99));
    for (int i = 0; i < 10; i++) {
      s.offer("only", "x" + i, 1);
    }
    for (int slot = 0; slot < 4; slot++) {
      Ticket<String> t = s.poll(slot);
      assertThat(t).as("slot %d", slot).isNotNull();
      assertThat(t.tenant()).isEqualTo("only");
    }
  }

  @Test
  void aReservedSlotIdlesWithoutItsTenantAndTakesItsNextItemImmediately() {
    FairQueueScheduler<String> s = scheduler(3);
    s.setAllocation(Allocation.equalShares().withReservation("front", 1));
    assertThat(s.reservedTenant(0)).isEqualTo("front");
    s.offer("batch", "b1", 1);
    s.offer("batch", "b2", 1);

    assertThat(s.poll(0)).as("reserved slot idles while only batch waits").isNull();
    assertThat(s.poll(1).tenant()).isEqualTo("batch");

    s.offer("front", "f1", 1);
    Ticket<String> t = s.poll(0);
    assertThat(t.item()).isEqualTo("f1");
    assertThat(t.servedByShared()).isFalse();
    assertThat(s.poll(2).item()).isEqualTo("b2");
  }

  @Test
  void aReservedSlotServesItsTenantAheadOfEveryone() {
    FairQueueScheduler<String> s = scheduler(2);
    s.setAllocation(Allocation.equalShares().withShare("batch", 1000).withReservation("front", 1));
    for (int i = 0; i < 100; i++) {
      s.offer("batch", "b" + i, 1);
    }
    s.offer("front", "f", 1);
    assertThat(s.poll(0).item()).isEqualTo("f");
  }

  @Test
  void theLastSharedSlotIsNeverReserved() {
    FairQueueScheduler<String> s = scheduler(3);
    assertThatThrownBy(() -> s.setAllocation(Allocation.equalShares().withReservation("a", 3)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at most 2 of 3");
    assertThat(s.allocation().totalReserved()).as("refused change leaves the old one").isZero();

    s.setAllocation(Allocation.equalShares().withReservation("a", 1).withReservation("b", 1));
    assertThat(s.effectiveReservations()).isEqualTo(2);
    s.setSlotCount(2);
    assertThat(s.effectiveReservations()).as("clipped when the pool shrinks").isEqualTo(1);
    assertThat(s.reservedTenant(1)).isNull();
    s.setSlotCount(5);
    assertThat(s.effectiveReservations()).isEqualTo(2);
  }

  @Test
  void aTenantMayHaveItsOwnQueueBoundAndZeroGivesItTheDefaultBack() {
    FairQueueScheduler<String> s = new FairQueueScheduler<>("bounded", clock, 1, 3, 100);
    s.setTenantCapacity("be", 1);
    assertThat(s.offer("be", "be1", 1)).isTrue();
    assertThat(s.offer("be", "be2", 1)).as("its own bound").isFalse();
    assertThat(s.metrics("be").totalRejections()).isEqualTo(1);
    for (int i = 0; i < 3; i++) {
      assertThat(s.offer("a", "a" + i, 1)).as("the others keep the default").isTrue();
    }
    assertThat(s.tenantCapacity("be")).isEqualTo(1);
    assertThat(s.tenantCapacity("a")).isEqualTo(3);
    s.setTenantCapacity("be", 0);
    assertThat(s.tenantCapacity("be")).isEqualTo(3);
    assertThat(s.offer("be", "be2", 1)).isTrue();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> s.setTenantCapacity("be", -1))
        .hasMessageContaining("'be'");
  }

  @Test
  void boundedQueuesRejectWithoutBlockingAndTheTotalBoundHolds() {
    FairQueueScheduler<String> s = new FairQueueScheduler<>("bounded", clock, 1, 3, 5);
    assertThat(s.offer("a", "a1", 1)).isTrue();
    assertThat(s.offer("a", "a2", 1)).isTrue();
    assertThat(s.offer("a", "a3", 1)).isTrue();
    assertThat(s.offer("a", "a4", 1)).as("per-tenant bound").isFalse();
    assertThat(s.offer("b", "b1", 1)).isTrue();
    assertThat(s.offer("b", "b2", 1)).isTrue();
    assertThat(s.offer("c", "c1", 1)).as("total bound").isFalse();
    assertThat(s.queued()).isEqualTo(5);
    assertThat(s.metrics("a").totalRejections()).isEqualTo(1);
    assertThat(s.metrics("c").totalRejections()).isEqualTo(1);

    s.poll(0);
    assertThat(s.offer("c", "c1", 1)).as("room again after a pick").isTrue();
  }

  /** Starts a thread taking on {@code slot} and returns once it is parked there. */
  private static CompletableFuture<Ticket<String>> parkedTaker(
      FairQueueScheduler<String> s, int slot) throws InterruptedException {
    return parkedTaker(s, slot, Thread.State.WAITING);
  }

  /** As above, parked in {@code state} (TIMED_WAITING: until a limited tenant may go again). */
  private static CompletableFuture<Ticket<String>> parkedTaker(
      FairQueueScheduler<String> s, int slot, Thread.State state) throws InterruptedException {
    CompletableFuture<Ticket<String>> got = new CompletableFuture<>();
    Thread t = new Thread(() -> {
      try {
        got.complete(s.take(slot));
      } catch (InterruptedException e) {
        got.completeExceptionally(e);
      }
    });
    t.setDaemon(true);
    t.start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!(t.getState() == state && LockSupport.getBlocker(t) == s)) {
      assertThat(System.nanoTime()).as("parked in take").isLessThan(deadline);
      Thread.onSpinWait();
    }
    return got;
  }

  @Test
  void anOfferHandsItsTicketToAParkedSlotInFairQueuingOrder() throws Exception {
    FairQueueScheduler<String> s = scheduler(2);
    s.setAllocation(new Allocation(Map.of("a", 1.0, "b", 1.0), Map.of("b", 1), 1.0)); // slot 0 reserved for b
    var shared = parkedTaker(s, 1);
    s.offer("a", "a1", 1);
    // The fast path: the ticket left the queue in offer(), before the woken thread ran.
    assertThat(s.queued()).isZero();
    assertThat(shared.get(10, TimeUnit.SECONDS).item()).isEqualTo("a1");

    var reserved = parkedTaker(s, 0);
    var sharedAgain = parkedTaker(s, 1);
    s.offer("b", "b1", 1);
    assertThat(reserved.get(10, TimeUnit.SECONDS).item())
        .as("b's own reserved slot is handed b's ticket, not the shared one").isEqualTo("b1");
    assertThat(sharedAgain).isNotDone();
    s.offer("a", "a2", 1);
    assertThat(sharedAgain.get(10, TimeUnit.SECONDS).item()).isEqualTo("a2");
  }

  @Test
  void aRetiredSlotGetsNothing() throws InterruptedException {
    FairQueueScheduler<String> s = scheduler(4);
    s.offer("a", "x", 1);
    s.setSlotCount(2);
    assertThat(s.poll(3)).isNull();
    assertThat(s.take(3)).as("take on a retired slot returns at once").isNull();
    assertThat(s.poll(1).item()).isEqualTo("x");
  }

  @Test
  void snapshotsReportIntervalCountsLatenciesOccupancyAndAllocation() {
    FairQueueScheduler<String> s = scheduler(2);
    s.setAllocation(Allocation.equalShares().withShare("a", 3).withReservation("a", 1));
    s.rollMetrics();

    s.offer("a", "a1", 5);
    clock.advance(Duration.ofMillis(20));
    Ticket<String> t = s.poll(0);
    clock.advance(Duration.ofMillis(30));
    s.complete(t);
    clock.advance(Duration.ofMillis(50));
    assertThat(s.offer("b", "b1", 1)).isTrue();
    clock.advance(Duration.ofMillis(100));

    SchedulerSnapshot snap = s.rollMetrics();
    assertThat(snap.intervalNanos()).isEqualTo(Duration.ofMillis(200).toNanos());
    TenantSnapshot a = snap.tenant("a").orElseThrow();
    assertThat(a.arrivals()).isEqualTo(1);
    assertThat(a.completions()).isEqualTo(1);
    assertThat(a.serviceUnits()).isEqualTo(5);
    assertThat(a.queueTime().p99Ms()).isCloseTo(20.0, within(0.2));
    assertThat(a.serviceTime().p99Ms()).isCloseTo(30.0, within(0.3));
    assertThat(a.latency().p99Ms()).isCloseTo(50.0, within(0.5));
    assertThat(a.occupancy()).isCloseTo(20.0 / 200, within(1e-9));
    assertThat(a.share()).isEqualTo(3.0);
    assertThat(a.reservation()).isEqualTo(1);
    TenantSnapshot b = snap.tenant("b").orElseThrow();
    assertThat(b.occupancy()).isCloseTo(100.0 / 200, within(1e-9));
    assertThat(b.queueLength()).isEqualTo(1);
    assertThat(s.lastSnapshot()).isSameAs(snap);

    clock.advance(Duration.ofMillis(100));
    TenantSnapshot next = s.rollMetrics().tenant("a").orElseThrow();
    assertThat(next.arrivals()).as("counts are per interval").isZero();
    assertThat(next.latency().count()).isZero();
    assertThat(next.totals())
        .as("totals go on across intervals")
        .isEqualTo(new TenantTotals(1, 1, 0, 0, 5, Duration.ofMillis(30).toNanos()));
  }

  @Test
  void snapshotsReportTheBusiestSecondsLoadBesideTheMean() {
    FairQueueScheduler<String> s = scheduler(4);
    s.rollMetrics();
    // Two seconds quiet, then a second in which three calls of 500 ms each complete.
    clock.advance(Duration.ofMillis(2_000));
    offerEvery(s, "a", 3, 0);
    List<Ticket<String>> burst = List.of(s.poll(0), s.poll(1), s.poll(2));
    clock.advance(Duration.ofMillis(500));
    burst.forEach(s::complete);
    clock.advance(Duration.ofMillis(1_500));
    TenantSnapshot a = s.rollMetrics().tenant("a").orElseThrow();
    assertThat(a.busiestSecond()).isCloseTo(1.5, within(1e-9));
    clock.advance(Duration.ofMillis(4_000));
    assertThat(s.rollMetrics().tenant("a").orElseThrow().busiestSecond()).as("per interval").isZero();
  }

  @Test
  void snapshotsReportTheMostArrivalsInAny100msAndAnySecond() {
    FairQueueScheduler<String> s = scheduler(1);
    s.rollMetrics();
    // Four calls 10 ms apart, then 1.5 s later five more 150 ms apart: the busiest 100 ms holds
    // the first four, the busiest second the last five.
    clock.advance(Duration.ofMillis(1_000));
    offerEvery(s, "a", 4, 10);
    clock.advance(Duration.ofMillis(1_500));
    offerEvery(s, "a", 5, 150);
    TenantSnapshot a = s.rollMetrics().tenant("a").orElseThrow();
    assertThat(a.arrivals()).isEqualTo(9);
    assertThat(a.arrivalPeaks()).isEqualTo(new ArrivalPeaks.Peaks(4, 5));
    clock.advance(Duration.ofMillis(4_000));
    assertThat(s.rollMetrics().tenant("a").orElseThrow().arrivalPeaks())
        .as("per interval").isEqualTo(ArrivalPeaks.Peaks.NONE);
  }

  @Test
  void aMeasuredCostCorrectsTheTenantsCharge() {
    FairQueueScheduler<String> s = scheduler(2);
    // Both estimate cost 1, but "slow" really costs 3 per item: charged afterwards.
    Map<String, Long> served = new HashMap<>();
    for (int i = 0; i < 10; i++) {
      s.offer("slow", "s", 1);
      s.offer("fast", "f", 1);
    }
    for (int i = 0; i < 4_000; i++) {
      Ticket<String> t = s.poll(0);
      long actual = t.tenant().equals("slow") ? 3 : 1;
      s.complete(t, actual);
      served.merge(t.tenant(), actual, Long::sum);
      s.offer(t.tenant(), t.item(), 1);
    }
    assertThat(fraction(served, "slow")).isCloseTo(0.5, within(0.02));
  }

  @Test
  void whileIdleRunsOnceAfterTheDecisionWhenWorkIsThere() throws Exception {
    FairQueueScheduler<String> s = scheduler(2);
    s.offer("a", "a1", 1);
    List<String> seen = new ArrayList<>();
    // Runs after this slot's decision: the queue is already empty.
    Ticket<String> t = s.take(0, () -> seen.add("idle, queued " + s.queued()));
    assertThat(t.item()).isEqualTo("a1");
    assertThat(seen).containsExactly("idle, queued 0");
    s.close();
    assertThat(s.take(0, () -> seen.add("closed"))).isNull();
    assertThat(seen).containsExactly("idle, queued 0", "closed");
  }

  @Test
  void workOfferedWhileASlotDoesItsBookkeepingGoesToThatSlotNotAnOlderWaiter() throws Exception {
    FairQueueScheduler<String> s = new FairQueueScheduler<>("test", Clock.system(), 2, 100, 1_000);
    CompletableFuture<Ticket<String>> older = parkedTaker(s, 0);
    // Slot 1 goes idle later, and a call arrives while it books its last one: slot 1 gets it,
    // though slot 0 has waited longer and comes first in slot order.
    AtomicReference<Ticket<String>> mine = new AtomicReference<>();
    Thread booker = new Thread(() -> {
      try {
        mine.set(s.take(1, () -> s.offer("a", "a1", 1)));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    booker.start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (mine.get() == null && !older.isDone() && System.nanoTime() < deadline) {
      Thread.onSpinWait(); // whichever slot got the call returns it
    }
    s.close(); // lets the other one go
    booker.join();
    assertThat(mine.get()).as("slot 1's take").isNotNull();
    assertThat(mine.get().item()).isEqualTo("a1");
    assertThat(mine.get().slot()).isEqualTo(1);
    assertThat(older.get(10, TimeUnit.SECONDS)).as("the older waiter got nothing, let go at close").isNull();
  }

  @Test
  void aCompletionOnAnotherThreadIsChargedAtTheNextDecision() throws Exception {
    FairQueueScheduler<String> s = scheduler(2);
    s.offer("a", "a1", 1);
    s.offer("b", "b1", 1);
    s.offer("a", "a2", 1);
    s.offer("b", "b2", 1);
    Ticket<String> a1 = s.poll(0);
    Ticket<String> b1 = s.poll(0);
    assertThat(a1.item() + b1.item()).isEqualTo("a1b1");
    // Completed without the scheduler's lock, on a thread of its own: a1 really cost 1,000.
    Thread handler = new Thread(() -> {
      s.complete(a1, 1_000);
      s.complete(b1, 1);
    });
    handler.start();
    handler.join();
    assertThat(s.poll(0).item()).as("a's finish tag moved to 1,000: b goes first").isEqualTo("b2");
    assertThat(s.poll(0).item()).isEqualTo("a2");
  }

  @Test
  void aCorrectionPendingForAnIdleTenantSetsTheStartTagOfItsNextCall() {
    FairQueueScheduler<String> s = scheduler(2);
    s.offer("a", "a1", 1);
    s.offer("b", "b1", 1);
    Ticket<String> a1 = s.poll(0);
    s.complete(a1, 100); // a's queue is empty: the correction waits for the next decision
    s.offer("a", "a2", 1);
    assertThat(s.poll(0).item()).as("a's finish tag is 100 by now").isEqualTo("b1");
    assertThat(s.poll(0).item()).isEqualTo("a2");
  }

  @Test
  void completionsRacingOnManyThreadsAreAllCharged() throws Exception {
    FairQueueScheduler<String> s = scheduler(2);
    int n = 800;
    long extra = 12;
    for (int i = 0; i < n; i++) {
      s.offer("a", "a", 1);
    }
    // b's finish tag lands half an extra below what a's is once every correction is in: one lost
    // correction leaves a below it, and a goes first.
    s.offer("b", "b", n + n * extra - extra / 2);
    List<Ticket<String>> served = new ArrayList<>();
    served.add(s.poll(0));
    Ticket<String> b = s.poll(0);
    assertThat(b.tenant()).isEqualTo("b");
    s.complete(b);
    s.offer("b", "b2", 1);
    for (int i = 1; i < n; i++) {
      served.add(s.poll(0));
    }
    assertThat(served).extracting(Ticket::tenant).containsOnly("a");
    s.offer("a", "a2", 1); // start tag from a's finish tag, n, until the corrections come in

    int threads = 8;
    CyclicBarrier start = new CyclicBarrier(threads);
    List<Thread> handlers = new ArrayList<>();
    for (int h = 0; h < threads; h++) {
      List<Ticket<String>> mine = served.subList(h * n / threads, (h + 1) * n / threads);
      Thread t = new Thread(() -> {
        try {
          start.await();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
        mine.forEach(ticket -> s.complete(ticket, 1 + extra));
      });
      handlers.add(t);
      t.start();
    }
    for (Thread t : handlers) {
      t.join();
    }
    assertThat(s.poll(0).item()).as("every one of %d corrections charged", n).isEqualTo("b2");
    assertThat(s.poll(0).item()).isEqualTo("a2");
  }

  @Test
  void forgettingTenantsDropsOnlyEmptyUnallocatedQueuesTheKeeperRejects() {
    FairQueueScheduler<String> s = scheduler(2);
    s.setAllocation(Allocation.equalShares().withShare("front", 4.0));
    s.offer("idle", "x", 1);
    s.complete(s.poll(0));
    s.offer("busy", "y", 1);
    assertThat(s.tenantCount()).as("front, idle, busy").isEqualTo(3);

    assertThat(s.forgetTenants(t -> false)).as("only idle: busy has a queue, front a share").isEqualTo(1);
    assertThat(s.metrics("idle")).isNull();
    assertThat(s.metrics("busy")).isNotNull();
    assertThat(s.metrics("front")).isNotNull();
    assertThat(s.poll(0).item()).isEqualTo("y");
    s.offer("idle", "z", 1);
    assertThat(s.metrics("idle").totalArrivals()).as("starts afresh").isEqualTo(1);
  }

  // ---------------------------------------------------------------- rate limits

  private static final long MS = 1_000_000L;

  @Test
  void aTenantOverItsLimitKeepsItsPlaceWhileTheSharedSlotsServeOthers() {
    FairQueueScheduler<String> s = scheduler(2);
    s.setLimits(RateLimits.allBut("fe", 1_000)); // batch: 1 unit per ms, saves up 100
    s.offer("batch", "b1", 150);
    s.offer("batch", "b2", 10);
    assertThat(s.poll(0).item()).as("within its burst").isEqualTo("b1");
    s.offer("fe", "f1", 10);
    // batch's b2 has the smaller start tag (0 against fe's), but batch owes 50 units.
    assertThat(s.poll(0).item()).isEqualTo("f1");
    assertThat(s.poll(1)).as("only limited work left").isNull();
    clock.advanceNanos(49 * MS);
    assertThat(s.poll(1)).isNull();
    clock.advanceNanos(MS);
    assertThat(s.poll(1).item()).as("out of debt after 50 ms").isEqualTo("b2");
  }

  @Test
  void overTimeALimitedTenantGetsItsRateAndTheRestGoesToOthers() {
    FairQueueScheduler<String> s = scheduler(1);
    s.setLimits(RateLimits.allBut("fe", 500_000)); // half of one slot, in microseconds of service
    for (int i = 0; i < 10; i++) {
      s.offer("batch", "b", 20_000);
      s.offer("fe", "f", 2_000);
    }
    // Equal shares would give batch half too: the second limit below is the one that shows.
    Map<String, Long> served = serveBackloggedFor(s, 10);
    assertThat(served.get("batch") / 10.0).as("batch's units per second").isCloseTo(500_000.0, within(25_000.0));
    assertThat(served.get("fe") / 10.0).as("fe took the rest").isGreaterThan(400_000.0);

    s.setLimits(RateLimits.allBut("fe", 100_000));
    served = serveBackloggedFor(s, 10);
    assertThat(served.get("batch") / 10.0).isCloseTo(100_000.0, within(25_000.0));
    assertThat(served.get("fe") / 10.0).isGreaterThan(850_000.0);
  }

  /**
   * Runs slot 0 for {@code seconds} of the manual clock in 1 ms steps, busy for each ticket's cost
   * in microseconds, and queues each served item again; returns the cost served per tenant.
   */
  private Map<String, Long> serveBackloggedFor(FairQueueScheduler<String> s, int seconds) {
    Map<String, Long> served = new HashMap<>();
    long end = clock.nanoTime() + seconds * 1_000 * MS;
    long busyUntil = clock.nanoTime();
    while (clock.nanoTime() < end) {
      if (clock.nanoTime() >= busyUntil) {
        Ticket<String> t = s.poll(0);
        if (t != null) {
          served.merge(t.tenant(), t.cost(), Long::sum);
          s.complete(t, t.cost());
          busyUntil = clock.nanoTime() + t.cost() * 1_000;
          s.offer(t.tenant(), t.item(), t.cost());
        }
      }
      clock.advanceNanos(MS);
    }
    return served;
  }

  @Test
  void aLimitHoldsATicketBackNoLongerThanItsPatienceAndStillChargesIt() {
    FairQueueScheduler<String> s = scheduler(1);
    s.setLimits(RateLimits.allBut("fe", 1_000)); // 1 unit per ms, burst 100
    s.offer("batch", "big", 1);
    s.complete(s.poll(0), 1_100); // 1,000 units in debt: a second before batch may go again
    s.offer("batch", "patient", 1, 200 * MS);
    s.offer("batch", "unhurried", 1);
    clock.advanceNanos(199 * MS);
    assertThat(s.poll(0)).as("within its patience, the limit holds it").isNull();
    clock.advanceNanos(MS);
    assertThat(s.poll(0).item()).as("its patience is up: it goes in debt").isEqualTo("patient");
    clock.advanceNanos(799 * MS);
    assertThat(s.poll(0)).as("no patience: it waits out the debt, its predecessor's unit included").isNull();
    clock.advanceNanos(2 * MS);
    assertThat(s.poll(0).item()).isEqualTo("unhurried");
  }

  @Test
  void theRealCostIsChargedToTheLimitAndABalanceCarriesOverAChangeOfLimit() {
    FairQueueScheduler<String> s = scheduler(2);
    s.setLimits(RateLimits.allBut("fe", 1_000)); // 1 unit per ms, burst 100
    s.offer("batch", "b1", 1);
    s.offer("batch", "b2", 1);
    Ticket<String> t = s.poll(0);
    s.complete(t, 300); // estimated 1, cost 300: 200 in debt
    assertThat(s.poll(0)).isNull();
    s.setLimits(RateLimits.allBut("fe", 2_000)); // twice the rate, the same debt
    clock.advanceNanos(99 * MS);
    assertThat(s.poll(0)).isNull();
    clock.advanceNanos(MS);
    assertThat(s.poll(0).item()).isEqualTo("b2");
    s.offer("batch", "b3", 1);
    s.setLimits(RateLimits.none());
    Ticket<String> big = s.poll(0);
    s.complete(big, 1_000_000);
    s.offer("batch", "b4", 1);
    assertThat(s.poll(0).item()).as("no limit, no debt").isEqualTo("b4");
  }

  @Test
  void aSlotReservedForALimitedTenantIdlesWhileItIsInDebt() {
    FairQueueScheduler<String> s = scheduler(2);
    s.setAllocation(new Allocation(Map.of(), Map.of("batch", 1), 1.0)); // slot 0 reserved for batch
    s.setLimits(new RateLimits(Map.of("batch", 1_000.0), 0.0, 0.1));
    s.offer("batch", "b1", 200);
    s.offer("batch", "b2", 1);
    assertThat(s.poll(0).item()).isEqualTo("b1");
    assertThat(s.poll(0)).as("reserved, but 100 in debt").isNull();
    assertThat(s.poll(1)).as("nor on the shared slot").isNull();
    clock.advanceNanos(100 * MS);
    assertThat(s.poll(0).item()).isEqualTo("b2");
  }

  @Test
  void aParkedSlotWakesWhenALimitedTenantMayGoAgain() throws Exception {
    FairQueueScheduler<String> s = scheduler(1);
    s.setLimits(RateLimits.allBut("fe", 1_000));
    s.offer("batch", "b1", 150);
    s.offer("batch", "b2", 1);
    assertThat(s.poll(0).item()).isEqualTo("b1"); // 50 units (50 ms) in debt
    var got = parkedTaker(s, 0, Thread.State.TIMED_WAITING);
    clock.advanceNanos(50 * MS); // the slot parked for 50 ms of real time, then looks again
    assertThat(got.get(10, TimeUnit.SECONDS).item()).isEqualTo("b2");
  }

  @Test
  void aSlotParkedWithNothingToDoWakesForLimitedWorkQueuedLater() throws Exception {
    FairQueueScheduler<String> s = scheduler(1);
    s.setLimits(RateLimits.allBut("fe", 1_000));
    s.offer("batch", "b0", 150);
    assertThat(s.poll(0).item()).isEqualTo("b0"); // 50 units in debt, nothing queued
    var got = parkedTaker(s, 0, Thread.State.WAITING); // no limited work: parked without a timeout
    s.offer("batch", "b1", 1); // still in debt: no ticket handed, but the slot must learn when
    clock.advanceNanos(50 * MS);
    assertThat(got.get(10, TimeUnit.SECONDS).item()).isEqualTo("b1");
  }

  @Test
  void forgettingIdleTenantsKeepsTheNamedLimitsAndNewTenantsGetTheDefault() {
    FairQueueScheduler<String> s = scheduler(1);
    s.setLimits(new RateLimits(Map.of("named", 1_000.0), 1_000.0, 0.1));
    s.offer("named", "n", 1);
    s.offer("other", "o", 1);
    s.poll(0);
    s.poll(0);
    assertThat(s.forgetTenants(t -> false)).as("'other' forgotten, 'named' kept").isEqualTo(1);
    s.offer("late", "l1", 500);
    s.offer("late", "l2", 1);
    assertThat(s.poll(0).item()).isEqualTo("l1");
    assertThat(s.poll(0)).as("a new tenant gets the default limit").isNull();
  }

  @Test
  void aTenantCappedInServiceHoldsAtMostItsCapOfSlotsAndTheOthersTakeTheRest() {
    FairQueueScheduler<String> s = scheduler(4);
    s.setInServiceCaps(InServiceCaps.none().with("best-effort", 1));
    for (int i = 0; i < 5; i++) {
      s.offer("best-effort", "be" + i, 10);
    }
    s.offer("front", "f0", 10);
    s.offer("front", "f1", 10);
    Ticket<String> first = s.poll(0);
    assertThat(first.tenant()).as("smallest tag first").isIn("best-effort", "front");
    java.util.List<Ticket<String>> held = new java.util.ArrayList<>(java.util.List.of(first));
    for (int slot = 1; slot < 4; slot++) {
      Ticket<String> t = s.poll(slot);
      if (t != null) {
        held.add(t);
      }
    }
    // One best effort in service and the two fronts: the fourth slot stays free with best effort queued.
    assertThat(held).extracting(Ticket::tenant).containsExactlyInAnyOrder("best-effort", "front", "front");
    assertThat(s.poll(3)).isNull();
    Ticket<String> be = held.stream().filter(t -> t.tenant().equals("best-effort")).findFirst().orElseThrow();
    s.complete(be);
    assertThat(s.poll(3).tenant()).as("its place given back").isEqualTo("best-effort");
    assertThat(s.poll(3)).isNull();
    s.setInServiceCaps(InServiceCaps.none().with("best-effort", 0));
    assertThat(s.poll(3).tenant()).as("no cap").isEqualTo("best-effort");
    assertThat(s.maxInService("best-effort")).isZero();
  }

  @Test
  void aDroppedOrTwiceGivenBackTicketFreesItsPlaceOnce() {
    FairQueueScheduler<String> s = scheduler(4);
    s.setInServiceCaps(InServiceCaps.none().with("be", 2));
    for (int i = 0; i < 6; i++) {
      s.offer("be", "be" + i, 10);
    }
    Ticket<String> a = s.poll(0);
    Ticket<String> b = s.poll(1);
    assertThat(s.poll(2)).isNull();
    s.drop(a);
    s.drop(a); // a mistaken second give-back must not open a third place
    assertThat(s.poll(2)).isNotNull();
    assertThat(s.poll(3)).isNull();
    s.complete(b, 5);
    assertThat(s.poll(3)).isNotNull();
  }

  @Test
  void aSlotParkedWithOnlyCappedWorkWaitingIsWokenWhenThatWorkGivesBackItsPlace() throws Exception {
    FairQueueScheduler<String> s = scheduler(2);
    s.setInServiceCaps(InServiceCaps.none().with("be", 1));
    s.offer("be", "be0", 10);
    s.offer("be", "be1", 10);
    Ticket<String> inService = s.take(0);
    // Slot 1 can take nothing while be0 is in service: it parks, with no time to wake up at.
    CompletableFuture<Ticket<String>> parked = parkedTaker(s, 1);
    assertThat(parked).isNotDone();
    s.complete(inService);
    assertThat(parked.get(10, java.util.concurrent.TimeUnit.SECONDS).item()).isEqualTo("be1");
  }

  @Test
  void tenantsNotNamedTakeTheDefaultInServiceCapAndANamedZeroIsExempt() {
    FairQueueScheduler<String> s = scheduler(6);
    s.setInServiceCaps(new InServiceCaps(java.util.Map.of("front", 0), 1));
    for (String t : new String[] {"front", "batch", "etl"}) {
      for (int i = 0; i < 3; i++) {
        s.offer(t, t + i, 10);
      }
    }
    java.util.List<String> taken = new java.util.ArrayList<>();
    for (int slot = 0; slot < 6; slot++) {
      Ticket<String> t = s.poll(slot);
      if (t != null) {
        taken.add(t.tenant());
      }
    }
    // front uncapped (3), batch and etl (never named: the default) one each; a slot stays free.
    assertThat(taken).containsExactlyInAnyOrder("front", "front", "front", "batch", "etl");
    assertThat(s.maxInService("etl")).isEqualTo(1);
    assertThat(s.maxInService("front")).isZero();
    s.setInServiceCaps(InServiceCaps.none());
    assertThat(s.poll(5)).isNotNull();
    assertThatThrownBy(() -> new InServiceCaps(java.util.Map.of("x", -1), 0)).hasMessageContaining("'x'");
  }
}
