package io.cake.core.sched;

import io.cake.core.time.Clock;
import java.util.concurrent.TimeUnit;

/** How a {@link SoftLimitGate}'s slots change hands, when they last did, and the wait for one. */
final class HandOff {
  private final Clock clock;
  private final SlotTable slots;
  private final TurnOrder turns;
  /** When a slot was last freed or granted: a gate with waiters and no turnover is stuck. */
  private long lastTurnover;

  HandOff(Clock clock, SlotTable slots, TurnOrder turns) {
    this.clock = clock;
    this.slots = slots;
    this.turns = turns;
    this.lastTurnover = clock.nanoTime();
  }

  /** No slot is free and none was freed or granted for {@code stallNanos} (0: never stalled). */
  boolean stalled(long stallNanos) {
    return stallNanos > 0 && slots.noneFree() && clock.nanoTime() - lastTurnover >= stallNanos;
  }

  /**
   * Waits until {@code p} is granted a slot. Returns false, {@code p} cancelled, if no slot was
   * freed or granted for {@code stallNanos} (0: wait for ever) while it waited.
   */
  boolean awaitGrant(SoftLimitGate.Permit p, long stallNanos) throws InterruptedException {
    long since = clock.nanoTime();
    while (p.slot < 0) {
      if (stallNanos <= 0) {
        p.granted.await();
      } else {
        long now = clock.nanoTime();
        if (now - Math.max(since, lastTurnover) >= stallNanos) {
          p.cancelled = true; // dispatch() drops it when it reaches the head
          return false;
        }
        // Wake up now and then to look at the clock: a stuck gate signals nobody.
        p.granted.await(Math.max(1L, stallNanos / 4), TimeUnit.NANOSECONDS);
      }
    }
    p.pickedUp = true;
    return true;
  }

  /**
   * Lends the slots of holders granted at or before {@code cutoffNanos} and running since, written
   * off; how many.
   */
  int writeOffHeldSince(long cutoffNanos, WrittenOffPermits writtenOff) {
    int n = 0;
    for (int s = slots.nextHeld(0); s >= 0; s = slots.nextHeld(s + 1)) {
      SoftLimitGate.Permit p = slots.holder(s);
      if (p != null && p.pickedUp && p.grantedAt - cutoffNanos <= 0) {
        writtenOff.add(p);
        lendSlot(p); // clears held bit s; the loop goes on from s + 1
        n++;
      }
    }
    return n;
  }

  /** {@code p}'s holder lends its slot: it goes to the next in turn. */
  void lendSlot(SoftLimitGate.Permit p) {
    int s = p.slot;
    p.slot = -1;
    slots.lentOne();
    freeSlot(s);
  }

  void freeSlot(int s) {
    lastTurnover = clock.nanoTime();
    slots.release(s);
    dispatch();
  }

  /**
   * Hands free slots to reclaimers in their tenant's turn (see {@link TurnOrder#reclaimerFor}), else
   * to scheduled callers.
   */
  void dispatch() {
    for (int s = slots.nextFree(0); s >= 0; s = slots.nextFree(s + 1)) {
      SoftLimitGate.Permit p = turns.reclaimerFor(s);
      if (p != null) {
        slots.returnedOne(); // back from lending: counted at the grant, which happens once
      } else if ((p = turns.scheduled(s)) == null) {
        continue;
      } else {
        turns.passedOver(s);
      }
      slots.take(s, p);
      lastTurnover = clock.nanoTime();
      p.grantedAt = lastTurnover;
      p.pickedUp = false;
      p.slot = s;
      p.granted.signal();
    }
  }
}
