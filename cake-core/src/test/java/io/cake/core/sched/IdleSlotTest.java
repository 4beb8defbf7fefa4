package io.cake.core.sched;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.time.Clock;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

/**
 * How a slot with nothing to do waits, on real threads as on a RegionServer. It must sleep, not
 * spin, and it must not miss the wake-up of work handed to it.
 *
 * <p>Sleep, not spin. A tenant with both a rate limit and a
 * cap on tickets in service (best effort; the others' limit below one handler) is often within
 * its limit but at its cap: its work waits for a ticket to finish, which wakes the parked slots.
 * The cost of a spin is CPU the busy handlers need.
 */
class IdleSlotTest {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  @Test
  void idleSlotsSleepWhileTheOnlyQueuedWorkIsHeldByItsTenantsCap() throws Exception {
    FairQueueScheduler<String> s = new FairQueueScheduler<>("idle", Clock.system(), 4, 100, 100);
    // A rate its tenant stays within (a handler's time), and one ticket in service at most.
    s.setLimits(new RateLimits(Map.of("best-effort", 1e6), 0.0, RateLimits.DEFAULT_BURST_SECONDS));
    s.setInServiceCaps(InServiceCaps.none().with("best-effort", 1));
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch finish = new CountDownLatch(1);
    Set<Thread> busy = ConcurrentHashMap.newKeySet();
    List<Thread> workers = new CopyOnWriteArrayList<>();
    WorkerPool<String> pool = new WorkerPool<>(s, () -> ticket -> {
      busy.add(Thread.currentThread());
      started.countDown();
      try {
        finish.await(); // the call in service: blocked on the disk, say
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      s.complete(ticket);
    }, r -> {
      Thread t = new Thread(r, "idle-slot-test");
      workers.add(t);
      return t;
    });
    pool.start();
    try {
      assertThat(s.offer("best-effort", "in service", 1)).isTrue();
      assertThat(started.await(10, TimeUnit.SECONDS)).as("the first call went into service").isTrue();
      for (int i = 0; i < 5; i++) {
        assertThat(s.offer("best-effort", "queued " + i, 1)).isTrue();
      }
      List<Thread> idle = workers.stream().filter(t -> !busy.contains(t)).toList();
      assertThat(idle).as("the idle slots' threads").hasSize(3);
      long before = cpuNanos(idle);
      // An observation window, not a wait for state: CPU time the idle threads burn in it.
      TimeUnit.SECONDS.sleep(1);
      long spent = cpuNanos(idle) - before;
      assertThat(s.queued()).as("the cap still holds the queued work").isEqualTo(5);
      assertThat(Duration.ofNanos(spent)).as("CPU of the 3 idle slots over 1 s").isLessThan(Duration.ofMillis(50));
    } finally {
      finish.countDown();
      assertThat(pool.stop(Duration.ofSeconds(10))).isTrue();
    }
  }

  /**
   * The bookkeeping a slot runs while idle ({@code whileIdle}: HBase's handler books its last call)
   * may block on a lock, and a contended lock parks the thread: that park takes the permit an
   * offer left when it handed the slot a ticket meanwhile. The slot must still find its ticket,
   * or it parks for good with a call in its mailbox that nobody answers.
   */
  @Test
  void aSlotFindsTheTicketHandedToItWhileItsIdleBookkeepingWaitedOnALock() throws Exception {
    FairQueueScheduler<String> s = new FairQueueScheduler<>("permit", Clock.system(), 1, 10, 10);
    ReentrantLock bookkeeping = new ReentrantLock();
    CountDownLatch held = new CountDownLatch(1);
    AtomicReference<Thread> slotThread = new AtomicReference<>();
    Thread holder = new Thread(() -> {
      bookkeeping.lock();
      held.countDown();
      Thread t;
      while ((t = slotThread.get()) == null || !bookkeeping.hasQueuedThread(t)) {
        Thread.onSpinWait(); // until the slot's thread is parked on the lock
      }
      bookkeeping.unlock();
    }, "bookkeeping-holder");
    holder.start();
    assertThat(held.await(10, TimeUnit.SECONDS)).isTrue();
    Runnable whileIdle = () -> {
      try {
        Thread offer = new Thread(() -> s.offer("a", "handed while idle", 1));
        offer.start();
        offer.join(); // the ticket is in this slot's mailbox, the thread unparked
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      slotThread.set(Thread.currentThread());
      bookkeeping.lock(); // contended: parks, and the park takes the offer's permit
      bookkeeping.unlock();
    };
    FutureTask<Ticket<String>> take = new FutureTask<>(() -> s.take(0, whileIdle));
    Thread slot = new Thread(take, "permit-slot");
    slot.start();
    try {
      assertThat(take.get(10, TimeUnit.SECONDS).item()).isEqualTo("handed while idle");
    } finally {
      slot.interrupt();
      holder.join(10_000);
    }
  }

  private static long cpuNanos(List<Thread> threads) {
    long sum = 0;
    for (Thread t : threads) {
      sum += Math.max(0L, THREADS.getThreadCpuTime(t.getId()));
    }
    return sum;
  }
}
