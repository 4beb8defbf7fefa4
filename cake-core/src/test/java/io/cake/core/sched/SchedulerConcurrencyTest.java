package io.cake.core.sched;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Many producers and consumers; every accepted item is handed out exactly once. */
class SchedulerConcurrencyTest {
  private static final int PRODUCERS = 6;
  private static final int ITEMS_PER_PRODUCER = 20_000;
  private static final String[] TENANTS = {"front", "batch", "other", "default"};

  @Test
  void everyAcceptedItemIsHandedOutExactlyOnceWhileAllocationAndSlotsChange() throws Exception {
    FairQueueScheduler<Long> s = new FairQueueScheduler<>("stress", Clock.system(), 8, 500, 1_500);
    ConcurrentHashMap<Long, Boolean> accepted = new ConcurrentHashMap<>();
    ConcurrentHashMap<Long, Integer> handedOut = new ConcurrentHashMap<>();
    AtomicInteger duplicates = new AtomicInteger();
    AtomicLong rejected = new AtomicLong();

    List<Thread> consumers = new ArrayList<>();
    for (int slot = 0; slot < 8; slot++) {
      int mySlot = slot;
      Thread c =
          new Thread(
              () -> {
                try {
                  Ticket<Long> t;
                  while ((t = s.take(mySlot)) != null) {
                    if (handedOut.merge(t.item(), 1, Integer::sum) > 1) {
                      duplicates.incrementAndGet();
                    }
                    // Real costs other than the estimates: corrections race with decisions.
                    s.complete(t, t.cost() + t.item() % 3);
                  }
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                }
              });
      consumers.add(c);
      c.start();
    }
    AtomicInteger changes = new AtomicInteger();
    List<Thread> producers = new ArrayList<>();
    for (int p = 0; p < PRODUCERS; p++) {
      long base = (long) p * ITEMS_PER_PRODUCER;
      boolean changer = p == 0;
      Thread t =
          new Thread(
              () -> {
                for (long i = 0; i < ITEMS_PER_PRODUCER; i++) {
                  if (changer && i % 500 == 0) {
                    // Shares, reservations and slot counts change while the others produce.
                    change(s, changes.incrementAndGet());
                  }
                  long id = base + i;
                  if (s.offer(TENANTS[(int) (id % TENANTS.length)], id, 1 + id % 5)) {
                    accepted.put(id, Boolean.TRUE);
                  } else {
                    rejected.incrementAndGet();
                    Thread.onSpinWait();
                  }
                }
              });
      producers.add(t);
      t.start();
    }
    for (Thread t : producers) {
      t.join();
    }
    s.setSlotCount(8);
    // Wait until the consumers drained every accepted item, then stop them.
    while (handedOut.size() < accepted.size()) {
      Thread.onSpinWait();
    }
    s.close();
    for (Thread c : consumers) {
      c.join();
    }

    assertThat(changes.get()).as("allocation changed under load").isEqualTo(ITEMS_PER_PRODUCER / 500);
    assertThat(duplicates.get()).isZero();
    assertThat(handedOut.keySet()).isEqualTo(accepted.keySet());
    assertThat(s.queued()).isZero();
    assertThat(accepted.size() + rejected.get()).isEqualTo((long) PRODUCERS * ITEMS_PER_PRODUCER);
    long arrivals = 0;
    long completions = 0;
    for (String t : TENANTS) {
      arrivals += s.metrics(t).totalArrivals();
      completions += s.metrics(t).totalCompletions();
    }
    assertThat(arrivals).isEqualTo(accepted.size());
    assertThat(completions).isEqualTo(accepted.size());
  }

  private static void change(FairQueueScheduler<Long> s, int round) {
    Allocation a =
        Allocation.equalShares()
            .withShare("front", 1 + round % 9)
            .withShare("batch", 10 - round % 9)
            .withReservation("front", round % 3)
            .withReservation("batch", round % 2);
    s.setSlotCount(round % 2 == 0 ? 8 : 5);
    if (a.fits(s.slotCount())) {
      s.setAllocation(a);
    }
    s.rollMetrics();
  }
}
