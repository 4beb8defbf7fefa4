package io.cake.core.sched;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.IntFunction;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A resizable pool of worker threads, one per scheduler slot. Growing starts threads for the new
 * slots; shrinking retires the highest slots, whose threads finish their current item and exit.
 * Queued items stay in the scheduler either way, so resizing never loses work. A worker shrugs off
 * interrupts (see {@link #strayInterrupts()}) until the pool is stopped.
 */
public final class WorkerPool<T> {
  private static final Logger LOG = LoggerFactory.getLogger(WorkerPool.class);

  /** Runs one ticket on a worker thread. Created once per thread, so it may keep thread state. */
  @FunctionalInterface
  public interface Worker<T> {
    void run(Ticket<T> ticket);

    /**
     * What is left of the last {@link #run} that need not hold up the next ticket (bookkeeping):
     * called once the slot is back in the pool, before the thread waits or takes its next ticket.
     */
    default void afterRun() {}
  }

  private final FairQueueScheduler<T> scheduler;
  private final IntFunction<Worker<T>> workers;
  private final ThreadFactory threads;
  private final List<Thread> bySlot = new ArrayList<>();
  private boolean stopped;
  private final AtomicLong strayInterrupts = new AtomicLong();

  public WorkerPool(
      FairQueueScheduler<T> scheduler, Supplier<Worker<T>> workers, ThreadFactory threads) {
    this(scheduler, slotIgnored(workers), threads);
  }

  /**
   * As above, with workers that know their slot: {@code workers} is called on each new thread with
   * the slot it serves. A slot has one serving thread at a time: a retired slot's thread has run
   * its last item before the slot can get a new thread, so per-slot state may pass from one to the
   * next.
   */
  public WorkerPool(
      FairQueueScheduler<T> scheduler, IntFunction<Worker<T>> workers, ThreadFactory threads) {
    this.scheduler = Objects.requireNonNull(scheduler);
    this.workers = Objects.requireNonNull(workers);
    this.threads = Objects.requireNonNull(threads);
  }

  private static <T> IntFunction<Worker<T>> slotIgnored(Supplier<Worker<T>> workers) {
    Objects.requireNonNull(workers);
    return slot -> workers.get();
  }

  /** Starts one thread per current slot. */
  public synchronized void start() {
    resize(scheduler.slotCount());
  }

  /** Sets the number of slots and threads. */
  public synchronized void resize(int slots) {
    if (stopped) {
      return;
    }
    scheduler.setSlotCount(slots);
    while (bySlot.size() < slots) {
      bySlot.add(null);
    }
    for (int s = 0; s < slots; s++) {
      if (bySlot.get(s) == null) {
        Thread t = threads.newThread(loop(s));
        bySlot.set(s, t);
        t.start();
      }
    }
  }

  public synchronized int size() {
    return (int) bySlot.stream().filter(Objects::nonNull).count();
  }

  /**
   * Stops taking work, closes the scheduler and waits up to {@code timeout} for running items to
   * finish; workers still busy then are interrupted (a stuck call must not hold up a server's
   * shutdown). Returns true if every worker had finished within the timeout.
   */
  public boolean stop(Duration timeout) throws InterruptedException {
    List<Thread> running;
    synchronized (this) {
      stopped = true;
      scheduler.close();
      running = new ArrayList<>(bySlot);
    }
    long deadline = System.nanoTime() + timeout.toNanos();
    boolean clean = true;
    for (Thread t : running) {
      if (t != null) {
        t.join(Math.max(1L, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
        if (t.isAlive()) {
          clean = false;
          t.interrupt();
        }
      }
    }
    return clean;
  }

  /** Interrupts a worker shrugged off (see {@link #loop}) since the pool was made. */
  public long strayInterrupts() {
    return strayInterrupts.get();
  }

  private Runnable loop(int slot) {
    return () -> {
      Worker<T> worker = workers.apply(slot);
      Runnable afterRun = () -> {
        try {
          worker.afterRun();
        } catch (RuntimeException | Error e) {
          // Must not end the thread: the slot is already waiting and may have been handed work.
          LOG.error("worker for slot {} failed after its item", slot, e);
        }
      };
      while (true) {
        Ticket<T> ticket;
        try {
          ticket = scheduler.take(slot, afterRun);
        } catch (InterruptedException e) {
          // HBase interrupts handler threads for its own reasons (closing a region) and its
          // handlers carry on; the slot still counts in the scheduler, so only stop() or
          // retirement may end this thread. take() cleared the flag and took no ticket.
          if (exitIfDone(slot)) {
            return;
          }
          strayInterrupt(slot);
          continue;
        }
        if (ticket == null) {
          // Retired or closed, unless the pool grew back meanwhile.
          if (exitIfDone(slot)) {
            return;
          }
          continue;
        }
        if (Thread.interrupted()) {
          // Interrupted with a ticket already handed to this slot: run it, even if the slot has
          // retired since, as the last item of its thread.
          strayInterrupt(slot);
        }
        try {
          worker.run(ticket);
        } catch (RuntimeException | Error e) {
          LOG.error("worker for slot {} failed on an item of tenant {}", slot, ticket.tenant(), e);
        }
      }
    };
  }

  private void strayInterrupt(int slot) {
    if (strayInterrupts.getAndIncrement() == 0) {
      LOG.warn("worker for slot {} was interrupted; carrying on (logged once per pool)", slot);
    } else {
      LOG.debug("worker for slot {} was interrupted; carrying on", slot);
    }
  }

  /** True, and the slot's thread forgotten, if the pool is stopped or the slot retired. */
  private synchronized boolean exitIfDone(int slot) {
    if (stopped || slot >= scheduler.slotCount()) {
      bySlot.set(slot, null);
      return true;
    }
    return false;
  }
}
