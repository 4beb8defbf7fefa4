package io.cake.core.sched;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.time.Clock;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
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
}
