package io.cake.core.sched;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.time.Clock;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Slots with nothing they may take must sleep, not spin. A tenant with both a rate limit and a
 * cap on tickets in service (best effort; the others' limit below one handler) is often within
 * its limit but at its cap: its work waits for a ticket to finish, which wakes the parked slots.
 * Real threads, as on a RegionServer: the cost of a spin is CPU the busy handlers need.
 */
class IdleSlotCpuTest {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  @Test
  void idleSlotsSleepWhileTheOnlyQueuedWorkIsHeldByItsTenantsCap() throws Exception {
    FairQueueScheduler<String> s = new FairQueueScheduler<>("idle", Clock.system(), 4, 100, 100);
    // A rate its tenant stays within (a handler's time), and one ticket in service at most.
    s.setLimits(new RateLimits(Map.of("best-effort", 1e6), 0.0, RateLimits.DEFAULT_BURST_SECONDS));
    s.setInServiceCaps(InServiceCaps.none().with("best-effort", 1));
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch finish = new CountDownLatch(1);
    Map<Thread, Boolean> busy = new ConcurrentHashMap<>();
    WorkerPool<String> pool = new WorkerPool<>(s, () -> ticket -> {
      busy.put(Thread.currentThread(), true);
      started.countDown();
      try {
        finish.await(); // the call in service: blocked on the disk, say
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      s.complete(ticket);
    }, r -> new Thread(r, "idle-slot-test"));
    List<Thread> workers = new ArrayList<>();
    pool.start();
    try {
      assertThat(s.offer("best-effort", "in service", 1)).isTrue();
      assertThat(started.await(10, TimeUnit.SECONDS)).as("the first call went into service").isTrue();
      for (int i = 0; i < 5; i++) {
        assertThat(s.offer("best-effort", "queued " + i, 1)).isTrue();
      }
      Thread.getAllStackTraces().keySet().stream()
          .filter(t -> t.getName().equals("idle-slot-test") && !busy.containsKey(t))
          .forEach(workers::add);
      assertThat(workers).as("the idle slots' threads").hasSize(3);
      long before = cpuNanos(workers);
      // An observation window, not a wait for state: CPU time the idle threads burn in it.
      TimeUnit.SECONDS.sleep(1);
      long spent = cpuNanos(workers) - before;
      assertThat(s.queued()).as("the cap still holds the queued work").isEqualTo(5);
      assertThat(Duration.ofNanos(spent)).as("CPU of the 3 idle slots over 1 s").isLessThan(Duration.ofMillis(50));
      finish.countDown();
    } finally {
      finish.countDown();
      assertThat(pool.stop(Duration.ofSeconds(10))).isTrue();
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
