package io.cake.core.sched;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;

/**
 * How slots get their work: a poll under the scheduler's lock, and {@link #take}, which parks a
 * slot with nothing to do. Holds the parked slots, their threads, and the mailboxes through which
 * an offer hands a parked slot its ticket (as HBase's FastPathBalancedQueueRpcExecutor): the offer
 * makes the slot's decision there and then, and the woken thread returns the ticket without taking
 * the lock again. Part of {@link FairQueueScheduler}; its state is guarded by the scheduler's lock,
 * except the mailboxes.
 */
final class ParkedSlots<T> {
  private final ReentrantLock lock;
  /** What a parked thread waits on, for thread dumps: the scheduler. */
  private final Object blocker;
  private final io.cake.core.time.Clock clock;
  private final SlotMap<T> slots;
  private final SlotPicker<T> picker;
  private final FairTags<T> tags;
  private final ServiceGates<T> gates;
  private boolean closed;
  private final BitSet waiting = new BitSet();
  private final List<Thread> waiters = new ArrayList<>();
  /** Per slot, when it last went to wait (a count of waits): offers pick the latest, still warm. */
  private long[] parkedAt = new long[0];
  private long parks;
  /** Per slot, a ticket handed to its parked thread by offer; grown under the lock, read without. */
  private volatile AtomicReference<Ticket<T>>[] mailboxes = newMailboxes(0, null);

  ParkedSlots(Object blocker, ReentrantLock lock, io.cake.core.time.Clock clock, SlotMap<T> slots, SlotPicker<T> picker,
      FairTags<T> tags, ServiceGates<T> gates) {
    this.blocker = blocker;
    this.lock = lock;
    this.clock = clock;
    this.slots = slots;
    this.picker = picker;
    this.tags = tags;
    this.gates = gates;
  }

  boolean closed() {
    return closed;
  }

  /** Every take() returns null from now on: wakes every parked slot. */
  void close() {
    closed = true;
    wakeAll();
  }

  /** Under the lock: the ticket {@code slot} takes now, or null. {@code eligible} null: every ticket is. */
  Ticket<T> pollLocked(int slot, Predicate<? super T> eligible) {
    if (closed || !slots.live(slot)) {
      return null;
    }
    long now = clock.nanoTime();
    tags.applyCorrections(now);
    return picker.take(slot, eligible, now);
  }

  /** Under the lock: the tenant whose ticket {@code slot} would take now, or null. */
  String peekLocked(int slot) {
    if (closed || !slots.live(slot)) {
      return null;
    }
    long now = clock.nanoTime();
    tags.applyCorrections(now);
    return picker.peek(slot, now);
  }

  /** As {@link #pollLocked}, taking the lock; the ticket's queue time is recorded outside it. */
  Ticket<T> poll(int slot, Predicate<? super T> eligible) {
    Ticket<T> t;
    lock.lock();
    try {
      t = pollLocked(slot, eligible);
    } finally {
      lock.unlock();
    }
    return started(t);
  }

  /** See {@link FairQueueScheduler#take(int, Runnable)}. */
  Ticket<T> take(int slot, Runnable whileIdle) throws InterruptedException {
    if (slot < 0) {
      throw new IllegalArgumentException("slot must be >= 0, got " + slot);
    }
    Runnable idle = whileIdle;
    try {
      while (true) {
        Ticket<T> t = handedTo(slot);
        if (t != null) {
          return started(t); // already polled for this slot by offer(): no lock
        }
        boolean retired;
        long limitedWait = 0L;
        // Not lockInterruptibly: while this slot is registered an offer may hand it a ticket, and
        // an interrupt taken here would leave that ticket in the mailbox; one pending now is seen
        // after the park below, where the mailbox is looked at first.
        lock.lock();
        try {
          notWaiting(slot);
          t = handedTo(slot); // handed between the look above and the lock
          retired = t == null && (closed || !slots.live(slot));
          if (t == null && !retired && (t = pollLocked(slot, null)) == null) {
            parking(slot, Thread.currentThread());
            limitedWait = gates.anyLimited()
                ? gates.nanosUntilLimitedReady(slots.reservedFor(slot), tags, clock.nanoTime()) : 0L;
          }
        } finally {
          lock.unlock();
        }
        if (t != null || retired) {
          return started(t);
        }
        if (idle != null) {
          Runnable r = idle;
          idle = null;
          r.run(); // an offer meanwhile hands this slot its ticket and unparks it ahead of time
          // Look again before parking: if whileIdle blocked on a lock, that park took the permit
          // an offer left meanwhile, and the ticket in the mailbox would wait for good.
          continue;
        }
        // Parked outside the lock: the waker unparks after releasing it, so a woken slot does not
        // wake up only to queue for the lock its waker still holds. An unpark that comes between
        // the registration above and this park is kept as the thread's permit, so no wake-up is
        // lost. With work held back by a rate limit only until then (offer wakes it sooner for
        // work it may take).
        if (limitedWait > 0) {
          LockSupport.parkNanos(blocker, limitedWait);
        } else {
          LockSupport.park(blocker);
        }
        if (Thread.interrupted()) {
          lock.lock();
          try {
            notWaiting(slot); // from here no offer hands this slot a ticket
          } finally {
            lock.unlock();
          }
          Ticket<T> handed = handedTo(slot);
          if (handed != null) {
            // An offer made the decision for this slot before the interrupt was seen: the ticket
            // is this slot's to run, or no one's if the slot then retired. The caller still sees
            // the interrupt.
            Thread.currentThread().interrupt();
            return started(handed);
          }
          throw new InterruptedException();
        }
      }
    } finally {
      if (idle != null) {
        idle.run();
      }
    }
  }

  /** Records a ticket's queue time once it is out of the lock; returns it (null stays null). */
  private static <T> Ticket<T> started(Ticket<T> t) {
    if (t != null) {
      t.queue.metrics.queued(t.startedNanos - t.enqueuedNanos);
    }
    return t;
  }

  /** Makes room for {@code slots} slots. */
  void grow(int slots) {
    while (waiters.size() < slots) {
      waiters.add(null);
    }
    if (mailboxes.length < slots) {
      mailboxes = newMailboxes(slots, mailboxes);
    }
    if (parkedAt.length < slots) {
      parkedAt = Arrays.copyOf(parkedAt, slots);
    }
  }

  /** {@code slot}'s thread is about to park, with nothing to do. */
  private void parking(int slot, Thread thread) {
    waiters.set(slot, thread);
    waiting.set(slot);
    parkedAt[slot] = ++parks;
  }

  /** {@code slot} no longer waits (it is taking, or gave up). */
  private void notWaiting(int slot) {
    waiting.clear(slot);
  }

  /**
   * A parked slot that may serve {@code q}: its own reserved one first, else the shared one that
   * went to wait last (its thread may not even be parked yet, and its cache is warm); -1 if none.
   */
  int slotFor(TenantQueue<T> q, SlotMap<T> slots) {
    int target = -1;
    int count = slots.count();
    for (int s = waiting.nextSetBit(0); s >= 0 && s < count; s = waiting.nextSetBit(s + 1)) {
      TenantQueue<T> owner = slots.reservedFor(s);
      if (owner == q) {
        return s;
      }
      if (owner == null && (target < 0 || parkedAt[s] > parkedAt[target])) {
        target = s;
      }
    }
    return target;
  }

  /**
   * Takes {@code slot} out of the waiting ones, leaves it {@code ticket} (null: none, it looks
   * again on waking) and returns its thread, for the caller to unpark once the lock is released.
   */
  Thread hand(int slot, Ticket<T> ticket) {
    waiting.clear(slot);
    if (ticket != null) {
      mailboxes[slot].set(ticket);
    }
    return waiters.get(slot);
  }

  /** The ticket handed to {@code slot}, or null; without the lock. */
  private Ticket<T> handedTo(int slot) {
    AtomicReference<Ticket<T>>[] m = mailboxes;
    return slot < m.length ? m[slot].getAndSet(null) : null;
  }

  /** Adds every ticket handed to a slot whose thread has not picked it up to {@code out}. */
  void drainMailboxes(List<Ticket<T>> out) {
    for (AtomicReference<Ticket<T>> m : mailboxes) {
      Ticket<T> t = m.getAndSet(null);
      if (t != null) {
        out.add(t);
      }
    }
  }

  /** Wakes every parked slot to look again (configuration changed, or closed). Rare: under the lock. */
  void wakeAll() {
    for (int s = waiting.nextSetBit(0); s >= 0; s = waiting.nextSetBit(s + 1)) {
      LockSupport.unpark(waiters.get(s));
    }
    waiting.clear();
  }

  @SuppressWarnings("unchecked")
  private static <T> AtomicReference<Ticket<T>>[] newMailboxes(int n, AtomicReference<Ticket<T>>[] old) {
    AtomicReference<Ticket<T>>[] m = (AtomicReference<Ticket<T>>[]) new AtomicReference<?>[n];
    for (int i = 0; i < n; i++) {
      m[i] = old != null && i < old.length ? old[i] : new AtomicReference<>();
    }
    return m;
  }
}
