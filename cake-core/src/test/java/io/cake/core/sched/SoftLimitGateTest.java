package io.cake.core.sched;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.time.Clock;
import io.cake.core.time.ManualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class SoftLimitGateTest {

  @Test
  void atMostLimitHoldersDoDiskWorkEvenWhileSomeLendTheirSlot() throws Exception {
    SoftLimitGate gate = new SoftLimitGate("disk", Clock.system(), 6);
    AtomicInteger onDisk = new AtomicInteger();
    AtomicInteger maxOnDisk = new AtomicInteger();
    AtomicInteger maxThreadsInPool = new AtomicInteger();
    AtomicInteger inPool = new AtomicInteger();
    ExecutorService readers = Executors.newFixedThreadPool(20);
    List<Future<?>> all = new ArrayList<>();
    for (int r = 0; r < 20; r++) {
      String tenant = r % 4 == 0 ? "front" : "batch";
      all.add(
          readers.submit(
              () -> {
                for (int chunk = 0; chunk < 200; chunk++) {
                  try (SoftLimitGate.Permit p = gate.acquire(tenant, 65_536)) {
                    maxThreadsInPool.accumulateAndGet(inPool.incrementAndGet(), Math::max);
                    maxOnDisk.accumulateAndGet(onDisk.incrementAndGet(), Math::max);
                    Thread.yield(); // "disk read"
                    onDisk.decrementAndGet();
                    p.lend(); // blocked writing to the network
                    Thread.yield();
                    p.reclaim();
                    maxOnDisk.accumulateAndGet(onDisk.incrementAndGet(), Math::max);
                    onDisk.decrementAndGet();
                    inPool.decrementAndGet();
                  }
                }
                return null;
              }));
    }
    for (Future<?> f : all) {
      f.get(60, TimeUnit.SECONDS);
    }
    readers.shutdown();
    assertThat(maxOnDisk.get()).isLessThanOrEqualTo(6);
    assertThat(maxThreadsInPool.get()).as("lenders let more threads in").isGreaterThan(6);
    assertThat(gate.holding()).isZero();
    assertThat(gate.lent()).isZero();
    assertThat(gate.scheduler().metrics("batch").totalCompletions()).isEqualTo(15 * 200);
    assertThat(gate.scheduler().metrics("front").totalCompletions()).isEqualTo(5 * 200);
  }

  @Test
  void freedSlotsGoToReclaimersFirstThenByShare() throws Exception {
    SoftLimitGate gate = new SoftLimitGate("disk2", new ManualClock(), 1);
    SoftLimitGate.Permit holder = gate.acquire("batch", 1);
    holder.lend();
    SoftLimitGate.Permit other = gate.acquire("front", 1); // takes the lent slot at once
    assertThat(gate.holding()).isEqualTo(1);

    CompletableFuture<SoftLimitGate.Permit> newcomer =
        CompletableFuture.supplyAsync(() -> acquire(gate, "front"));
    waitUntil(() -> gate.waiting() == 1);
    CompletableFuture<Void> reclaim = CompletableFuture.runAsync(() -> reclaim(holder));
    waitUntil(() -> gate.waiting() == 2);

    other.close();
    reclaim.get(10, TimeUnit.SECONDS);
    assertThat(newcomer).as("the reclaimer went first").isNotDone();
    holder.close();
    newcomer.get(10, TimeUnit.SECONDS).close();
    assertThat(gate.holding()).isZero();
  }

  @Test
  void aReservedSlotWaitsForItsTenant() throws Exception {
    SoftLimitGate gate = new SoftLimitGate("disk3", new ManualClock(), 2);
    gate.scheduler().setAllocation(Allocation.equalShares().withReservation("front", 1));
    SoftLimitGate.Permit batch = gate.acquire("batch", 1); // the shared slot
    CompletableFuture<SoftLimitGate.Permit> batch2 =
        CompletableFuture.supplyAsync(() -> acquire(gate, "batch"));
    waitUntil(() -> gate.waiting() == 1);
    assertThat(batch2).as("the reserved slot idles rather than serve batch").isNotDone();

    SoftLimitGate.Permit front = gate.acquire("front", 1); // immediately, on the reserved slot
    assertThat(gate.holding()).isEqualTo(2);
    front.close();
    batch.close();
    batch2.get(10, TimeUnit.SECONDS).close();
  }

  @Test
  void raisingTheLimitAdmitsWaitersAndLoweringItTakesEffectAsHoldersLeave() throws Exception {
    SoftLimitGate gate = new SoftLimitGate("disk4", new ManualClock(), 1);
    SoftLimitGate.Permit a = gate.acquire("t", 1);
    CompletableFuture<SoftLimitGate.Permit> b = CompletableFuture.supplyAsync(() -> acquire(gate, "t"));
    waitUntil(() -> gate.waiting() == 1);
    gate.setLimit(2);
    SoftLimitGate.Permit bp = b.get(10, TimeUnit.SECONDS);
    assertThat(gate.holding()).isEqualTo(2);

    gate.setLimit(1);
    CompletableFuture<SoftLimitGate.Permit> c = CompletableFuture.supplyAsync(() -> acquire(gate, "t"));
    waitUntil(() -> gate.waiting() == 1);
    bp.close(); // slot 1 is above the new limit: it is not handed on
    assertThat(gate.holding()).isEqualTo(1);
    assertThat(c).isNotDone();
    a.close();
    c.get(10, TimeUnit.SECONDS).close();
    assertThat(gate.holding()).isZero();
  }

  private static SoftLimitGate.Permit acquire(SoftLimitGate gate, String tenant) {
    try {
      return gate.acquire(tenant, 1);
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  private static void reclaim(SoftLimitGate.Permit p) {
    try {
      p.reclaim();
    } catch (InterruptedException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Waits for a state another thread reaches (not for time): fails after 10 s. */
  private static void waitUntil(java.util.function.BooleanSupplier condition) {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("condition not reached in 10 s");
      }
      Thread.onSpinWait();
    }
  }
}
