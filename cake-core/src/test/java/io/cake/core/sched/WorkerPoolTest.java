package io.cake.core.sched;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

class WorkerPoolTest {

  @Test
  void resizingNeverLosesQueuedWorkAndBoundsConcurrency() throws Exception {
    FairQueueScheduler<Integer> s = new FairQueueScheduler<>("pool", Clock.system(), 4, 10_000, 10_000);
    Set<Integer> done = ConcurrentHashMap.newKeySet();
    AtomicInteger running = new AtomicInteger();
    AtomicInteger maxRunning = new AtomicInteger();
    Semaphore gate = new Semaphore(0);
    CountDownLatch all = new CountDownLatch(2_000);
    WorkerPool<Integer> pool =
        new WorkerPool<>(
            s,
            () ->
                ticket -> {
                  int now = running.incrementAndGet();
                  maxRunning.accumulateAndGet(now, Math::max);
                  gate.acquireUninterruptibly();
                  running.decrementAndGet();
                  done.add(ticket.item());
                  all.countDown();
                },
            r -> new Thread(r, "worker"));
    pool.start();
    for (int i = 0; i < 2_000; i++) {
      assertThat(s.offer(i % 2 == 0 ? "a" : "b", i, 1)).isTrue();
    }
    // Four workers hold one item each; let some through, shrink, let more through, grow.
    gate.release(100);
    pool.resize(2);
    gate.release(500);
    pool.resize(8);
    gate.release(500);
    pool.resize(1);
    gate.release(Integer.MAX_VALUE / 2);

    assertThat(all.await(60, TimeUnit.SECONDS)).as("all items ran").isTrue();
    assertThat(done).hasSize(2_000);
    assertThat(maxRunning.get()).isLessThanOrEqualTo(8);
    assertThat(pool.stop(java.time.Duration.ofSeconds(30))).isTrue();
    assertThat(pool.size()).isZero();
  }

  @Test
  void aShrunkPoolRunsAtMostTheNewNumberOfItemsAtOnce() throws Exception {
    FairQueueScheduler<Integer> s = new FairQueueScheduler<>("pool2", Clock.system(), 6, 1_000, 1_000);
    AtomicInteger running = new AtomicInteger();
    AtomicInteger maxAfterShrink = new AtomicInteger();
    CountDownLatch finished = new CountDownLatch(300);
    WorkerPool<Integer> pool =
        new WorkerPool<>(
            s,
            () ->
                ticket -> {
                  int now = running.incrementAndGet();
                  if (ticket.item() >= 0) {
                    maxAfterShrink.accumulateAndGet(now, Math::max);
                  }
                  running.decrementAndGet();
                  finished.countDown();
                },
            Thread::new);
    pool.start();
    pool.resize(2);
    // The four retired workers are idle, so they leave at once; only two remain.
    for (int i = 0; i < 300; i++) {
      s.offer("t", i, 1);
    }
    assertThat(finished.await(30, TimeUnit.SECONDS)).isTrue();
    assertThat(maxAfterShrink.get()).isLessThanOrEqualTo(2);
    assertThat(pool.stop(java.time.Duration.ofSeconds(30))).isTrue();
  }

  @Test
  void stopGivesUpOnAStuckWorkerAfterTheTimeoutAndInterruptsIt() throws Exception {
    FairQueueScheduler<Integer> s = new FairQueueScheduler<>("pool3", Clock.system(), 1, 10, 10);
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch interrupted = new CountDownLatch(1);
    WorkerPool<Integer> pool =
        new WorkerPool<>(
            s,
            () ->
                ticket -> {
                  started.countDown();
                  try {
                    new CountDownLatch(1).await(); // a call that never returns by itself
                  } catch (InterruptedException e) {
                    interrupted.countDown();
                  }
                },
            Thread::new);
    pool.start();
    s.offer("t", 1, 1);
    assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
    assertThat(pool.stop(java.time.Duration.ofMillis(200))).isFalse();
    assertThat(interrupted.await(10, TimeUnit.SECONDS)).as("the stuck worker was interrupted").isTrue();
  }

  @Test
  void strayInterruptsNeitherKillWorkersNorLoseOrRepeatWork() throws Exception {
    int slots = 4;
    int items = 10_000;
    FairQueueScheduler<Integer> s = new FairQueueScheduler<>("storm", Clock.system(), slots, items, items);
    AtomicIntegerArray runs = new AtomicIntegerArray(items);
    AtomicInteger done = new AtomicInteger();
    List<Thread> threads = new CopyOnWriteArrayList<>();
    WorkerPool<Integer> pool =
        new WorkerPool<>(
            s,
            () ->
                ticket -> {
                  runs.incrementAndGet(ticket.item());
                  done.incrementAndGet();
                },
            r -> {
              Thread t = new Thread(r, "storm-worker");
              threads.add(t);
              return t;
            });
    pool.start();
    // 1,000 interrupts, round robin over the workers, while the work arrives: they land on parked
    // and on busy workers alike (HBase interrupts handler threads when it closes a region).
    for (int i = 0; i < items; i++) {
      assertThat(s.offer(i % 3 == 0 ? "a" : "b", i, 1)).isTrue();
      if (i % 10 == 0) {
        threads.get((i / 10) % threads.size()).interrupt();
      }
    }
    // Ends at once if a worker died, rather than waiting for work that nobody will take.
    waitUntil(() -> done.get() == items || pool.size() < slots);
    assertThat(pool.size()).as("workers alive after 1,000 interrupts").isEqualTo(slots);
    waitUntil(() -> done.get() == items);
    assertThat(pool.strayInterrupts()).isBetween(1L, 1_000L); // several may land before one is seen

    assertThat(pool.stop(Duration.ofSeconds(10))).as("stop ended every worker").isTrue();
    for (int i = 0; i < items; i++) {
      assertThat(runs.get(i)).as("runs of item %d", i).isEqualTo(1);
    }
    assertThat(threads).hasSize(slots).noneMatch(Thread::isAlive);
  }

  @Test
  void everyRunIsFollowedByItsAfterRunAndAThrowingAfterRunKillsNoWorker() throws Exception {
    // One slot: the last shared handler, whose loss would leave every later call unanswered.
    FairQueueScheduler<Integer> s = new FairQueueScheduler<>("after", Clock.system(), 1, 1_000, 1_000);
    int items = 200;
    AtomicInteger ran = new AtomicInteger();
    AtomicInteger booked = new AtomicInteger();
    WorkerPool<Integer> pool =
        new WorkerPool<>(
            s,
            () -> new WorkerPool.Worker<Integer>() {
              private Integer last;

              @Override
              public void run(Ticket<Integer> ticket) {
                ran.incrementAndGet();
                last = ticket.item();
              }

              @Override
              public void afterRun() {
                if (last != null) {
                  booked.incrementAndGet();
                  int item = last;
                  last = null;
                  if (item % 2 == 0) {
                    throw new IllegalStateException("bookkeeping failed for " + item);
                  }
                }
              }
            },
            r -> new Thread(r, "after-worker"));
    pool.start();
    for (int i = 0; i < items; i++) {
      assertThat(s.offer("a", i, 1)).isTrue();
    }
    // Ends at once if the worker died, rather than waiting for work that nobody will take.
    waitUntil(() -> booked.get() == items || pool.size() < 1);
    assertThat(pool.size()).as("the worker survived 100 failed bookkeepings").isEqualTo(1);
    assertThat(ran.get()).isEqualTo(items);
    assertThat(booked.get()).isEqualTo(items);
    assertThat(pool.stop(Duration.ofSeconds(10))).isTrue();
  }

  @Test
  void aWorkerThatLeavesItsInterruptFlagSetKeepsServing() throws Exception {
    // One slot: the last shared handler, whose loss would leave every later call unanswered.
    FairQueueScheduler<Integer> s = new FairQueueScheduler<>("flag", Clock.system(), 1, 1_000, 1_000);
    CountDownLatch all = new CountDownLatch(100);
    WorkerPool<Integer> pool =
        new WorkerPool<>(
            s,
            () ->
                ticket -> {
                  if (ticket.item() % 2 == 0) {
                    Thread.currentThread().interrupt(); // as a call that restores the flag
                  }
                  all.countDown();
                },
            Thread::new);
    pool.start();
    for (int i = 0; i < 100; i++) {
      assertThat(s.offer("t", i, 1)).isTrue();
    }
    waitUntil(() -> all.getCount() == 0 || pool.size() == 0);
    assertThat(pool.size()).as("the only worker is still there").isEqualTo(1);
    assertThat(all.await(10, TimeUnit.SECONDS)).as("all items ran").isTrue();
    waitUntil(() -> pool.strayInterrupts() == 50); // the last one is seen by the next take()
    assertThat(pool.stop(Duration.ofSeconds(10))).isTrue();
    assertThat(pool.size()).isZero();
  }

  @Test
  void stopStillEndsWorkersThatItInterrupts() throws Exception {
    FairQueueScheduler<Integer> s = new FairQueueScheduler<>("stop", Clock.system(), 3, 10, 10);
    CountDownLatch stuck = new CountDownLatch(2);
    List<Thread> threads = new CopyOnWriteArrayList<>();
    WorkerPool<Integer> pool =
        new WorkerPool<>(
            s,
            () ->
                ticket -> {
                  stuck.countDown();
                  try {
                    new CountDownLatch(1).await(); // a call that never returns by itself
                  } catch (InterruptedException e) {
                    if (ticket.item() == 1) {
                      Thread.currentThread().interrupt(); // one restores the flag, one swallows it
                    }
                  }
                },
            r -> {
              Thread t = new Thread(r, "stop-worker");
              threads.add(t);
              return t;
            });
    pool.start();
    s.offer("t", 1, 1);
    s.offer("t", 2, 1);
    assertThat(stuck.await(10, TimeUnit.SECONDS)).isTrue();
    // Two workers are stuck, the third idles in take(): stop() interrupts the stuck ones, and an
    // interrupt after stop must end a worker rather than count as stray.
    assertThat(pool.stop(Duration.ofMillis(200))).as("two workers were stuck").isFalse();
    for (Thread t : threads) {
      t.join(10_000);
      assertThat(t.isAlive()).as("%s ended after stop", t.getName()).isFalse();
    }
    assertThat(threads).hasSize(3);
    assertThat(pool.size()).isZero();
    assertThat(pool.strayInterrupts()).as("interrupts after stop() are not stray").isZero();
  }

  @Test
  void aSlotsWorkerIsMadeOnItsThreadAndOnlyThatThreadServesTheSlot() throws Exception {
    int max = 6;
    FairQueueScheduler<Integer> s = new FairQueueScheduler<>("slots", Clock.system(), 2, 100_000, 100_000);
    AtomicReferenceArray<Thread> owner = new AtomicReferenceArray<>(max);
    List<String> violations = new CopyOnWriteArrayList<>();
    AtomicInteger made = new AtomicInteger();
    AtomicInteger ran = new AtomicInteger();
    WorkerPool<Integer> pool =
        new WorkerPool<>(
            s,
            slot -> {
              made.incrementAndGet();
              owner.set(slot, Thread.currentThread());
              return ticket -> {
                // Per-slot state handed from thread to thread relies on this.
                if (owner.get(slot) != Thread.currentThread()) {
                  violations.add("slot " + slot + " served by a thread other than its newest");
                }
                ran.incrementAndGet();
              };
            },
            r -> new Thread(r, "slot-worker"));
    pool.start();
    int items = 0;
    for (int i = 0; i < 2_000; i++) {
      pool.resize(i % 2 == 0 ? max : 2);
      for (int k = 0; k < 3; k++) {
        assertThat(s.offer("t", items++, 1)).isTrue();
      }
    }
    int total = items;
    waitUntil(() -> ran.get() == total);
    assertThat(violations).isEmpty();
    assertThat(made.get()).as("shrinking and growing replaced threads").isGreaterThan(max);
    assertThat(pool.stop(Duration.ofSeconds(10))).isTrue();
  }

  /** Waits for a state other threads reach (not for time): fails after 10 s. */
  private static void waitUntil(BooleanSupplier condition) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not reached in 10 s");
      }
      Thread.yield();
    }
  }
}
