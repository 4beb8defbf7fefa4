package io.cake.core.sched;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.time.ManualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Random use of a {@link SoftLimitGate} from several threads at once: acquire, lend and reclaim
 * (any number of times), close, interrupts at any moment, while a driver changes the limit and the
 * per-device limit, writes off holders and moves the clock. Thread timing varies run to run, the
 * choices are seeded. Invariants: no caller waits for ever (each worker finishes its rounds), and
 * at the end no slot is held, lent or waited for, nothing is queued, nothing is written off, and a
 * new caller gets a slot at once.
 */
class SoftLimitGateInvariantTest {
  private static final int SEEDS = 12;
  private static final int WORKERS = 4;
  private static final int ROUNDS = 600;

  @Test
  void everySlotAndPermitComesBackWhateverHappens() throws Exception {
    for (int seed = 0; seed < SEEDS; seed++) {
      run(seed);
    }
  }

  private static void run(int seed) throws Exception {
    ManualClock clock = new ManualClock();
    SoftLimitGate gate = new SoftLimitGate("inv-" + seed, clock, 2);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    List<Thread> workers = new ArrayList<>();
    for (int w = 0; w < WORKERS; w++) {
      Random r = new Random(seed * 31L + w);
      Thread t = new Thread(() -> {
        for (int i = 0; i < ROUNDS; i++) {
          try {
            round(gate, r);
          } catch (InterruptedException e) {
            // an interrupt from the driver: the gate gave back whatever the call held
          } catch (Throwable e) {
            failure.compareAndSet(null, e);
            return;
          }
        }
      }, "worker-" + w);
      workers.add(t);
      t.start();
    }
    AtomicBoolean done = new AtomicBoolean();
    Random d = new Random(seed);
    Thread driver = new Thread(() -> {
      while (!done.get()) {
        switch (d.nextInt(6)) {
          case 0 -> gate.setLimit(1 + d.nextInt(4));
          case 1 -> gate.setDeviceLimit(d.nextInt(3));
          case 2 -> gate.writeOffHeldSince(clock.nanoTime() - d.nextInt(1_000_000));
          case 3 -> workers.get(d.nextInt(WORKERS)).interrupt();
          default -> clock.advanceNanos(d.nextInt(500_000));
        }
        Thread.yield();
      }
    }, "driver");
    driver.start();
    for (Thread t : workers) {
      t.join(TimeUnit.SECONDS.toMillis(30));
      assertThat(t.isAlive()).as("seed %d: %s waits for ever: %s", seed, t.getName(), gate).isFalse();
    }
    done.set(true);
    driver.join();
    assertThat(failure.get()).as("seed %d", seed).isNull();
    assertThat(gate.holding()).as("seed %d: slots held", seed).isZero();
    assertThat(gate.lent()).as("seed %d: slots lent", seed).isZero();
    assertThat(gate.waiting()).as("seed %d: waiting", seed).isZero();
    assertThat(gate.scheduler().queued()).as("seed %d: queued", seed).isZero();
    assertThat(gate.stuckDevices()).as("seed %d: written off", seed).isEmpty();
    gate.setLimit(1);
    gate.setDeviceLimit(0);
    try (SoftLimitGate.Permit p = gate.acquire("late", 1)) {
      assertThat(gate.holding()).isEqualTo(1);
    }
  }

  /** One caller: a permit, then any mix of lend and reclaim, then close, always (as ChunkGate does). */
  private static void round(SoftLimitGate gate, Random r) throws InterruptedException {
    SoftLimitGate.Permit p = gate.acquire("t" + r.nextInt(3), 1 + r.nextInt(100), 0L, "dev" + r.nextInt(2));
    try {
      for (int k = r.nextInt(3); k > 0; k--) {
        p.lend();
        if (r.nextBoolean()) {
          Thread.yield();
        }
        p.reclaim();
      }
      if (r.nextInt(5) == 0) {
        p.lend(); // and closed while lent
      }
    } finally {
      p.close();
    }
  }
}
