package io.cake.core.sched;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.time.ManualClock;
import java.lang.reflect.Field;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

/**
 * Hostile, found by {@link SoftLimitGateInvariantTest}: a caller granted a slot but not yet awake
 * (it needs the gate's lock back) was written off with the others granted before the cutoff. It
 * woke to find its slot lent away and, no longer in line for one, waited for ever. The test holds
 * the gate's lock itself to keep the granted caller from waking.
 */
class WriteOffOfAWakingHolderTest {
  @Test
  void aHolderGrantedButNotYetRunningIsNotWrittenOff() throws Exception {
    ManualClock clock = new ManualClock();
    SoftLimitGate gate = new SoftLimitGate("waking", clock, 1);
    SoftLimitGate.Permit first = gate.acquire("a", 1);
    CompletableFuture<SoftLimitGate.Permit> second = CompletableFuture.supplyAsync(() -> {
      try {
        return gate.acquire("b", 1, 0L, "vol-b");
      } catch (InterruptedException e) {
        throw new IllegalStateException(e);
      }
    });
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (gate.waiting() != 1) {
      assertThat(System.nanoTime()).as("second caller waiting").isLessThan(deadline);
      Thread.yield();
    }
    ReentrantLock lock = lockOf(gate);
    lock.lock();
    try {
      first.close(); // grants the slot to the second caller, who cannot wake while we hold the lock
      clock.advance(Duration.ofSeconds(5));
      assertThat(gate.writeOffHeldSince(clock.nanoTime())).as("not running yet: not stuck").isZero();
    } finally {
      lock.unlock();
    }
    SoftLimitGate.Permit p = second.get(10, TimeUnit.SECONDS);
    assertThat(gate.holding()).isEqualTo(1);
    clock.advance(Duration.ofSeconds(5));
    assertThat(gate.writeOffHeldSince(clock.nanoTime())).as("running and held 5 s: written off").isEqualTo(1);
    p.close();
    assertThat(gate.holding()).isZero();
    assertThat(gate.lent()).isZero();
  }

  private static ReentrantLock lockOf(SoftLimitGate gate) throws ReflectiveOperationException {
    Field f = SoftLimitGate.class.getDeclaredField("lock");
    f.setAccessible(true);
    return (ReentrantLock) f.get(gate);
  }
}
