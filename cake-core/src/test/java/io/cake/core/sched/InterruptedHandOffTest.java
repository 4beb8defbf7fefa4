package io.cake.core.sched;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;

/**
 * An offer hands a parked slot its ticket (its mailbox) and wakes it. If the slot's thread is
 * interrupted meanwhile (HBase interrupts handlers when it closes a region) and the pool shrinks
 * past the slot, the thread ends: the ticket it was handed must still run, not wait in the
 * mailbox of a slot nobody serves (a call its client waits on until it times out).
 */
class InterruptedHandOffTest {

  @Test
  void aTicketHandedToAWorkerInterruptedInItsBookkeepingRunsAfterThePoolShrinksPastIt() throws Exception {
    FairQueueScheduler<String> s = new FairQueueScheduler<>("handoff", Clock.system(), 2, 100, 100);
    AtomicReference<WorkerPool<String>> poolRef = new AtomicReference<>();
    CountDownLatch holding = new CountDownLatch(2);
    CountDownLatch releaseZero = new CountDownLatch(1);
    CountDownLatch releaseOne = new CountDownLatch(1);
    CountDownLatch zeroIdle = new CountDownLatch(1);
    CountDownLatch ran = new CountDownLatch(1);
    AtomicBoolean once = new AtomicBoolean();
    IntFunction<WorkerPool.Worker<String>> workers = slot -> new WorkerPool.Worker<String>() {
      @Override
      public void run(Ticket<String> ticket) {
        if (ticket.item().equals("handed")) {
          ran.countDown();
          return;
        }
        holding.countDown();
        await(slot == 0 ? releaseZero : releaseOne);
      }

      @Override
      public void afterRun() {
        if (slot == 0) {
          zeroIdle.countDown(); // slot 0 is back among the waiting ones before slot 1
        } else if (once.compareAndSet(false, true)) {
          // Slot 1 waits, the latest to: the offer hands it the ticket. Then it is interrupted
          // and retired before it looks.
          Thread.currentThread().interrupt();
          assertThat(s.offer("t", "handed", 1)).isTrue();
          poolRef.get().resize(1);
        }
      }
    };
    WorkerPool<String> pool = new WorkerPool<>(s, workers, r -> new Thread(r, "handoff-worker"));
    poolRef.set(pool);
    pool.start();
    try {
      assertThat(s.offer("t", "hold 1", 1)).isTrue();
      assertThat(s.offer("t", "hold 2", 1)).isTrue();
      assertThat(holding.await(10, TimeUnit.SECONDS)).as("both slots hold a call").isTrue();
      releaseZero.countDown();
      assertThat(zeroIdle.await(10, TimeUnit.SECONDS)).isTrue();
      releaseOne.countDown();
      assertThat(ran.await(5, TimeUnit.SECONDS)).as("the handed ticket ran").isTrue();
      assertThat(s.queued()).isZero();
    } finally {
      assertThat(pool.stop(Duration.ofSeconds(10))).isTrue();
    }
  }

  /**
   * The same race where it is widest: the slot parked, then an offer, an interrupt and a shrink
   * in quick succession from another thread, so that the thread wakes to an interrupt with a
   * ticket already in its mailbox. Every round's ticket must run while the pool stays shrunk.
   */
  @Test
  void ticketsHandedToParkedWorkersThatAreInterruptedAndRetiredAllRun() throws Exception {
    FairQueueScheduler<Integer> s = new FairQueueScheduler<>("handoff-storm", Clock.system(), 1, 100, 100);
    Set<Integer> done = ConcurrentHashMap.newKeySet();
    List<Thread> threads = new CopyOnWriteArrayList<>();
    WorkerPool<Integer> pool = new WorkerPool<>(s, () -> ticket -> done.add(ticket.item()), r -> {
      Thread t = new Thread(r, "handoff-storm-worker");
      threads.add(t);
      return t;
    });
    pool.start();
    try {
      for (int round = 0; round < 300; round++) {
        pool.resize(2);
        Thread newest = threads.get(threads.size() - 1);
        waitUntil(() -> newest.getState() == Thread.State.WAITING); // parked in take(), registered
        int item = round;
        assertThat(s.offer("t", item, 1)).isTrue(); // to the slot that went to wait last: slot 1
        newest.interrupt();
        pool.resize(1);
        waitUntil(() -> done.contains(item));
      }
      assertThat(done).hasSize(300);
      assertThat(s.queued()).isZero();
    } finally {
      assertThat(pool.stop(Duration.ofSeconds(10))).isTrue();
    }
  }

  private static void await(CountDownLatch latch) {
    try {
      assertThat(latch.await(10, TimeUnit.SECONDS)).isTrue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Waits for a state other threads reach (not for time): fails after 5 s. */
  private static void waitUntil(BooleanSupplier condition) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not reached in 5 s");
      }
      Thread.yield();
    }
  }
}
