package io.cake.core.sched;

import io.cake.core.metrics.ArrivalPeaks;
import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.metrics.TenantSnapshot;
import io.cake.core.time.Clock;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;

/**
 * The first-level scheduling mechanism of Cake (section 4.1): per-tenant bounded FIFO queues served
 * by N slots (handler threads or I/O slots). Each slot is RESERVED for one tenant (it serves only
 * that tenant and idles otherwise) or SHARED. Shared slots pick among backlogged tenants by
 * start-time fair queuing (Goyal et al.), which is work-conserving and cost-aware: a tenant with
 * weight w is charged cost/w of virtual time per item, so shares are shares of service units.
 *
 * <p>Tags are computed lazily for queue heads only, so a change of shares applies to the next
 * decision. Service on a reserved slot is not charged to the tenant's share: reservations come on
 * top of shares, as in Cake. The last slot is never reserved, so one slot always serves everyone.
 *
 * <p>The scheduler has no threads of its own: consumers call {@link #poll} or {@link #take} with
 * their slot index. {@link #offer} never blocks.
 *
 * <p>Fast path (as HBase's FastPathBalancedQueueRpcExecutor): when {@link #offer} finds a slot
 * parked in {@link #take} that may serve the tenant, it makes that slot's fair-queuing decision
 * there and then (the same {@code poll} the slot would make on waking, so the order is unchanged)
 * and hands the ticket to the slot's mailbox; the woken thread returns it without taking the lock
 * again.
 *
 * <p>Lanes ({@link Lane}, part of the {@link Allocation}): a shared slot first serves the
 * backlogged tenant of the lowest-ranked lane that has room (ties: the smaller start tag) and, if
 * the lane has token buckets, a token in each; only then does it pick by start tag. Lane service is
 * not charged to the tenant's tags, as reserved service is not. With no lanes the pick is the tag
 * heap's alone.
 *
 * <p>Rate limits ({@link #setLimits}): a tenant over its limit keeps its queue and its place in
 * the tag order, but no slot takes its work until its {@link TokenBucket} is out of debt; slots
 * serve the other tenants meanwhile and a slot with nothing else to do parks until the earliest
 * limited tenant may go again. Work is charged its estimated cost when it starts and corrected by
 * {@link #complete(Ticket, long)}. A limit slows a tenant and never fails its work: a ticket offered
 * with a patience ({@link #offer(String, Object, long, long)}) is held back by its limit no longer
 * than that, then goes as if its tenant were out of debt (and is charged as usual).
 *
 * <p>Locking: one lock guards queues, tags and buckets, held only for a decision. Counters and
 * latency recorders are thread-safe and updated outside it, and {@link #complete(Ticket, long)}
 * does not take it: it pushes the ticket onto a lock-free stack that the next decision applies
 * first, so every decision still sees every completion that happened before it: a call takes the
 * lock twice (offer, take), or once when offer hands it to a parked slot.
 */
public final class FairQueueScheduler<T> {
  public static final int DEFAULT_TENANT_CAPACITY = 1_000;
  public static final int DEFAULT_TOTAL_CAPACITY = 10_000;

  private final String name;
  private final Clock clock;
  private final ReentrantLock lock = new ReentrantLock();
  private final Map<String, TenantQueue<T>> tenants = new HashMap<>();
  private final TagHeap<T> backlogged = new TagHeap<>();
  /** Slots parked in take(), and their threads: woken with unpark after the lock is released. */
  private final BitSet waiting = new BitSet();
  private final List<Thread> waiters = new ArrayList<>();
  /** Per slot, when it last went to wait (a count of waits): offers pick the latest, still warm. */
  private long[] parkedAt = new long[0];
  private long parks;
  /**
   * Completed tickets whose real cost differs from their estimate: pushed without the lock (a
   * Treiber stack through {@link Ticket#nextCorrection}) and applied under it before the next
   * decision, so a handler's completion does not queue for the lock its next take() takes anyway.
   */
  private final AtomicReference<Ticket<T>> corrections = new AtomicReference<>();
  /** Per slot, a ticket handed to its parked thread by offer; grown under the lock, read without. */
  private volatile AtomicReference<Ticket<T>>[] mailboxes = newMailboxes(0, null);

  /** Written under the lock; volatile so the getters need not take it. */
  private volatile int tenantCapacity;
  private volatile int totalCapacity;
  private int queued;
  private double virtualTime;
  private long epoch;
  private long nextOrder;
  private Allocation allocation;
  private RateLimits limits = RateLimits.none();
  private InServiceCaps caps = InServiceCaps.none();
  /** Tenant queues with a bucket: while 0, no limit is checked anywhere. */
  private int limitedQueues;
  private int slotCount;
  private int effectiveReserved;
  private TenantQueue<T>[] reservedFor;
  /** Tenants with a lane, in no order (a handful at most): looked at before the tag heap. */
  private TenantQueue<T>[] laned = newQueues(0);
  private boolean closed;

  private final Object rollLock = new Object();
  private long intervalStart;
  private volatile SchedulerSnapshot lastSnapshot;

  public FairQueueScheduler(
      String name, Clock clock, int slots, int tenantCapacity, int totalCapacity) {
    this.name = Objects.requireNonNull(name, "name");
    this.clock = Objects.requireNonNull(clock, "clock");
    checkCapacities(tenantCapacity, totalCapacity);
    if (slots < 1) {
      throw new IllegalArgumentException("slots must be >= 1, got " + slots);
    }
    this.tenantCapacity = tenantCapacity;
    this.totalCapacity = totalCapacity;
    this.allocation = Allocation.equalShares();
    this.slotCount = slots;
    this.intervalStart = clock.nanoTime();
    assignSlots();
    this.lastSnapshot = new SchedulerSnapshot(name, intervalStart, intervalStart, slots, Map.of());
  }

  public String name() {
    return name;
  }

  public Clock clock() {
    return clock;
  }

  // ---------------------------------------------------------------- producers

  /**
   * Queues {@code item} for {@code tenant} with the given cost (at least 1). Returns false, and
   * counts a rejection, if the tenant's queue or the scheduler is full or closed. Never blocks
   * beyond the short internal lock.
   */
  public boolean offer(String tenant, T item, long cost) {
    return offer(tenant, item, cost, Long.MAX_VALUE);
  }

  /**
   * As {@link #offer(String, Object, long)}, for work with a deadline: its tenant's rate limit
   * holds it back at most {@code limitPatienceNanos} from now (Long.MAX_VALUE: as long as the
   * debt lasts). A limit is a rate on average; one long call can put its tenant in debt for longer
   * than the next call's client waits.
   */
  public boolean offer(String tenant, T item, long cost, long limitPatienceNanos) {
    Objects.requireNonNull(item, "item");
    Thread wake = null;
    TenantQueue<T> q = null;
    boolean accepted = false;
    long now = 0;
    lock.lock();
    try {
      q = queueFor(tenant);
      if (closed || q.items.size() >= (q.capacity > 0 ? q.capacity : tenantCapacity) || queued >= totalCapacity) {
        return false;
      }
      now = clock.nanoTime();
      boolean wasEmpty = q.items.isEmpty();
      if (wasEmpty) {
        applyCorrections(now); // the new head's start tag comes from the tenant's finish tag
      }
      long due = limitPatienceNanos >= Long.MAX_VALUE - now ? Long.MAX_VALUE : now + Math.max(0L, limitPatienceNanos);
      q.items.addLast(new Ticket<>(q, item, Math.max(1L, cost), now, due));
      queued++;
      accepted = true;
      q.metrics.arrivalPeaks.arrived(now);
      if (wasEmpty) {
        q.headStart = Math.max(virtualTime, finishTag(q));
        backlogged.add(q);
        q.metrics.occupancy.becameNonEmpty(now);
      }
      int slot = waitingSlotFor(q);
      if (slot >= 0) {
        waiting.clear(slot);
        Ticket<T> handed = pollLocked(slot, null);
        if (handed != null) {
          mailboxes[slot].set(handed);
        }
        // Woken even without a ticket (its tenant over its limit): the slot may have parked
        // before any limited work was queued, with no time to wake up at.
        wake = waiters.get(slot);
      }
      return true;
    } finally {
      lock.unlock();
      if (wake != null) {
        LockSupport.unpark(wake);
      }
      // Counted after the lock: the counters are thread-safe and need not lengthen it.
      if (accepted) {
        q.metrics.arrived();
      } else if (q != null) {
        q.metrics.rejected();
      }
    }
  }

  // ---------------------------------------------------------------- consumers

  /** The next ticket for {@code slot}, or null if it has nothing to do right now. */
  public Ticket<T> poll(int slot) {
    Ticket<T> t;
    lock.lock();
    try {
      t = pollLocked(slot, null);
    } finally {
      lock.unlock();
    }
    return started(t);
  }

  /**
   * As {@link #poll(int)}, among the tickets whose items {@code eligible} accepts only: the slot
   * takes its tenant's first eligible ticket, and a shared slot serves, of the backlogged tenants
   * that have one, the one with the smallest start tag. Tickets {@code eligible} rejects keep
   * their places. For work that goes to one of several devices with a limit each (a DataNode's
   * volumes): a read of a device that is busy must not take a slot a read of an idle one could
   * use, nor hold back its tenant's reads of other devices.
   */
  public Ticket<T> poll(int slot, Predicate<? super T> eligible) {
    Objects.requireNonNull(eligible, "eligible");
    Ticket<T> t;
    lock.lock();
    try {
      t = pollLocked(slot, eligible);
    } finally {
      lock.unlock();
    }
    return started(t);
  }

  /**
   * Waits for the next ticket for {@code slot}. Returns null once the slot is retired (the slot
   * count dropped below it) or the scheduler is closed.
   */
  public Ticket<T> take(int slot) throws InterruptedException {
    return take(slot, null);
  }

  /**
   * As {@link #take(int)}, with {@code whileIdle} (null: nothing) run exactly once on this thread
   * before take() returns or throws: after the slot is back among the waiting ones and before it
   * parks, or first thing if work is there at once. For the bookkeeping of the slot's last item:
   * a call that arrives while it runs goes to this slot, whose thread is still on a CPU, rather
   * than waking another (HBase's fast path takes its handlers last in, first out for the same
   * reason). {@code whileIdle} must not throw.
   */
  public Ticket<T> take(int slot, Runnable whileIdle) throws InterruptedException {
    if (slot < 0) {
      throw new IllegalArgumentException("slot must be >= 0, got " + slot);
    }
    Runnable idle = whileIdle;
    try {
      long limitedWait = 0L;
      while (true) {
        Ticket<T> handed = handedTo(slot);
        if (handed != null) {
          return started(handed); // already polled for this slot by offer(): no lock
        }
        Ticket<T> t;
        boolean retired = false;
        lock.lockInterruptibly();
        try {
          waiting.clear(slot);
          t = handedTo(slot); // handed between the look above and the lock
          if (t == null) {
            retired = closed || slot >= slotCount;
            t = retired ? null : pollLocked(slot, null);
          }
          if (t == null && !retired) {
            waiters.set(slot, Thread.currentThread());
            waiting.set(slot);
            parkedAt[slot] = ++parks;
            limitedWait = limitedQueues == 0 ? 0L : nanosUntilLimitedReady(slot);
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
        }
        // Parked outside the lock: the waker unparks after releasing it, so a woken slot does not
        // wake up only to queue for the lock its waker still holds. An unpark that comes before
        // the park is kept as the thread's permit, so no wake-up is lost. With work held back by
        // a rate limit only until then (offer wakes it sooner for work it may take).
        if (limitedWait > 0) {
          LockSupport.parkNanos(this, limitedWait);
        } else {
          LockSupport.park(this);
        }
        if (Thread.interrupted()) {
          lock.lock();
          try {
            waiting.clear(slot);
          } finally {
            lock.unlock();
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

  /** The tenant whose ticket {@link #poll(int) poll(slot)} would return now, or null if none. */
  public String peekTenant(int slot) {
    lock.lock();
    try {
      if (closed || slot < 0 || slot >= slotCount) {
        return null;
      }
      applyCorrections();
      TenantQueue<T> q = reservedFor[slot];
      if (q == null) {
        q = laneServable(null, clock.nanoTime());
      }
      if (q == null) {
        q = backlogged.peek();
      }
      return q == null || q.items.isEmpty() ? null : q.name;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Charges {@code tenant}'s share for {@code cost} units served outside its queue, in a turn
   * {@link #peekTenant} gave it on a shared slot (a holder taking back a lent slot): its tags move
   * on as if its head ticket had been served, so work that bypasses the queue still counts.
   */
  void chargeShared(String tenant, long cost) {
    lock.lock();
    try {
      TenantQueue<T> q = queueFor(tenant);
      if (q.items.isEmpty()) {
        return; // not backlogged: nobody's turn was taken
      }
      applyCorrections();
      virtualTime = Math.max(virtualTime, q.headStart);
      q.lastFinish = q.headStart + Math.max(1L, cost) / q.weight;
      q.epoch = epoch;
      q.headStart = Math.max(virtualTime, finishTag(q));
      backlogged.update(q);
    } finally {
      lock.unlock();
    }
  }

  /** Records that {@code ticket}'s service finished now. */
  public void complete(Ticket<T> ticket) {
    release(ticket);
    long now = clock.nanoTime();
    ticket.queue.metrics.completed(
        now, now - ticket.startedNanos, now - ticket.enqueuedNanos, ticket.cost);
  }

  /**
   * As {@link #complete(Ticket)}, when the real cost (for example a measured service time) is only
   * known afterwards: the tenant's share is charged the difference from the estimate.
   */
  public void complete(Ticket<T> ticket, long actualCost) {
    release(ticket);
    long actual = Math.max(1L, actualCost);
    if (actual != ticket.cost) {
      ticket.actualCost = actual;
      Ticket<T> head;
      do {
        head = corrections.get();
        ticket.nextCorrection = head;
      } while (!corrections.compareAndSet(head, ticket));
    }
    long now = clock.nanoTime();
    ticket.queue.metrics.completed(now, now - ticket.startedNanos, now - ticket.enqueuedNanos, actual);
  }

  /** Records that an accepted ticket was discarded without service (deadline passed, shutdown). */
  public void drop(Ticket<T> ticket) {
    release(ticket);
    ticket.queue.metrics.dropped();
  }

  /**
   * Caps each tenant's tickets in service at once ({@link InServiceCaps}): a slot takes no more of
   * a tenant's work while that many of its tickets are in service, and serves the others meanwhile.
   * Tickets already in service when a cap is set do not count against it.
   */
  public void setInServiceCaps(InServiceCaps next) {
    Objects.requireNonNull(next, "caps");
    lock.lock();
    try {
      caps = next;
      for (TenantQueue<T> q : tenants.values()) {
        q.maxInService = next.max(q.name);
      }
      wakeAll();
    } finally {
      lock.unlock();
    }
  }

  /** {@code tenant}'s cap on tickets in service at once, 0 if none. */
  public int maxInService(String tenant) {
    lock.lock();
    try {
      return caps.max(tenant);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Gives back a capped tenant's place in service (once per ticket). A slot may have parked with
   * only that tenant's work waiting, and nothing else would wake it: every parked slot looks
   * again. Only capped tenants' tickets take the lock here.
   */
  private void release(Ticket<T> ticket) {
    if (ticket.laned) {
      // No wake-up needed: a tenant at its lane's width is still served by share meanwhile.
      ticket.laned = false;
      ticket.queue.laneInService.decrementAndGet();
    }
    if (!ticket.inService) {
      return;
    }
    ticket.inService = false;
    ticket.queue.inService.decrementAndGet();
    lock.lock();
    try {
      wakeAll();
    } finally {
      lock.unlock();
    }
  }

  private static boolean underCap(TenantQueue<?> q) {
    return q.maxInService == 0 || q.inService.get() < q.maxInService;
  }

  /**
   * Removes and returns every queued ticket, for example at shutdown, and every ticket handed to
   * a slot whose thread has not picked it up.
   */
  public List<Ticket<T>> drain() {
    lock.lock();
    try {
      long now = clock.nanoTime();
      List<Ticket<T>> out = new ArrayList<>(queued);
      for (AtomicReference<Ticket<T>> m : mailboxes) {
        Ticket<T> t = m.getAndSet(null);
        if (t != null) {
          out.add(t);
        }
      }
      for (TenantQueue<T> q : tenants.values()) {
        if (!q.items.isEmpty()) {
          out.addAll(q.items);
          q.items.clear();
          q.metrics.occupancy.becameEmpty(now);
        }
      }
      backlogged.clear();
      queued = 0;
      return out;
    } finally {
      lock.unlock();
    }
  }

  /** Makes every take() return null and every offer() fail. Queued tickets stay for drain(). */
  public void close() {
    lock.lock();
    try {
      closed = true;
      wakeAll();
    } finally {
      lock.unlock();
    }
  }

  // ---------------------------------------------------------------- configuration

  /**
   * Installs new shares and reservations; they apply from the next decision. Refused, changing
   * nothing, if the reservations would take the last shared slot.
   */
  public void setAllocation(Allocation next) {
    Objects.requireNonNull(next, "allocation");
    lock.lock();
    try {
      next.checkFits(slotCount, "the slot count of " + name);
      allocation = next;
      for (TenantQueue<T> q : tenants.values()) {
        q.weight = next.share(q.name);
      }
      next.shares().keySet().forEach(this::queueFor);
      next.reservations().keySet().forEach(this::queueFor);
      next.lanes().keySet().forEach(this::queueFor);
      assignLanes();
      assignSlots();
      wakeAll();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Installs rate limits: from now on a tenant's work starts only while its {@link TokenBucket} is
   * out of debt (see the class comment). A tenant's balance carries over a change of its limit.
   */
  public void setLimits(RateLimits next) {
    Objects.requireNonNull(next, "limits");
    lock.lock();
    try {
      long now = clock.nanoTime();
      applyCorrections(now); // charged at the old rate: the debt carries over
      limits = next;
      for (TenantQueue<T> q : tenants.values()) {
        applyLimit(q, now);
      }
      wakeAll();
    } finally {
      lock.unlock();
    }
  }

  public RateLimits limits() {
    lock.lock();
    try {
      return limits;
    } finally {
      lock.unlock();
    }
  }

  public Allocation allocation() {
    lock.lock();
    try {
      return allocation;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Changes the number of slots (for example the AIMD-sized handler pool). Slots at or above the
   * new count are retired: their take() returns null once they are idle. If fewer slots remain than
   * reservations need, reservations are clipped (last tenants in name order first) until the count
   * grows again; {@link #effectiveReservations()} tells.
   */
  public void setSlotCount(int slots) {
    if (slots < 1) {
      throw new IllegalArgumentException("slots must be >= 1, got " + slots);
    }
    lock.lock();
    try {
      slotCount = slots;
      assignSlots();
      wakeAll();
    } finally {
      lock.unlock();
    }
  }

  public int slotCount() {
    lock.lock();
    try {
      return slotCount;
    } finally {
      lock.unlock();
    }
  }

  /** Reservations in force now, after clipping to the slot count. */
  public int effectiveReservations() {
    lock.lock();
    try {
      return effectiveReserved;
    } finally {
      lock.unlock();
    }
  }

  /** The tenant slot {@code slot} is reserved for, or null if it is shared. */
  public String reservedTenant(int slot) {
    lock.lock();
    try {
      return slot < slotCount && reservedFor[slot] != null ? reservedFor[slot].name : null;
    } finally {
      lock.unlock();
    }
  }

  public void setCapacities(int perTenant, int total) {
    checkCapacities(perTenant, total);
    lock.lock();
    try {
      tenantCapacity = perTenant;
      totalCapacity = total;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Holds {@code tenant}'s queue to {@code max} items instead of the per-tenant capacity (0: back
   * to it). Items already queued stay; new ones are refused while it is full.
   */
  public void setTenantCapacity(String tenant, int max) {
    if (max < 0) {
      throw new IllegalArgumentException("the queue capacity of '" + tenant + "' must be >= 0 (0: the default), got " + max);
    }
    lock.lock();
    try {
      TenantQueue<T> q = queueFor(tenant);
      q.capacity = max;
    } finally {
      lock.unlock();
    }
  }

  /** Most items one tenant may have queued. */
  public int tenantCapacity() {
    return tenantCapacity;
  }

  /** Most items {@code tenant} may have queued now. */
  public int tenantCapacity(String tenant) {
    lock.lock();
    try {
      TenantQueue<T> q = tenants.get(tenant);
      return q != null && q.capacity > 0 ? q.capacity : tenantCapacity;
    } finally {
      lock.unlock();
    }
  }

  /** Most items queued over all tenants. */
  public int totalCapacity() {
    return totalCapacity;
  }

  // ---------------------------------------------------------------- observation

  public int queued() {
    lock.lock();
    try {
      return queued;
    } finally {
      lock.unlock();
    }
  }

  public int queued(String tenant) {
    lock.lock();
    try {
      TenantQueue<T> q = tenants.get(tenant);
      return q == null ? 0 : q.items.size();
    } finally {
      lock.unlock();
    }
  }

  /** Cumulative counters for one tenant since start (null if the tenant never appeared). */
  public io.cake.core.metrics.TenantMetrics metrics(String tenant) {
    lock.lock();
    try {
      TenantQueue<T> q = tenants.get(tenant);
      return q == null ? null : q.metrics;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Closes the current metrics interval and returns its snapshot, which also becomes {@link
   * #lastSnapshot()}. One owner (a timer) should call this every interval; everyone else reads the
   * last snapshot.
   */
  public SchedulerSnapshot rollMetrics() {
    synchronized (rollLock) {
      record Row(
          TenantQueue<?> q, double occupancy, ArrivalPeaks.Peaks peaks, double share, int reserved, int length) {}
      List<Row> rows = new ArrayList<>();
      long now;
      int slots;
      lock.lock();
      try {
        now = clock.nanoTime();
        slots = slotCount;
        for (TenantQueue<T> q : tenants.values()) {
          rows.add(
              new Row(q, q.metrics.occupancy.roll(intervalStart, now), q.metrics.arrivalPeaks.roll(now), q.weight,
                  q.reserved, q.items.size()));
        }
      } finally {
        lock.unlock();
      }
      long length = now - intervalStart;
      Map<String, TenantSnapshot> map = new HashMap<>();
      for (Row r : rows) {
        map.put(r.q.name, r.q.metrics.roll(now, length, r.occupancy, r.peaks, r.share, r.reserved, r.length));
      }
      SchedulerSnapshot s = new SchedulerSnapshot(name, intervalStart, now, slots, map);
      intervalStart = now;
      lastSnapshot = s;
      return s;
    }
  }

  public SchedulerSnapshot lastSnapshot() {
    return lastSnapshot;
  }

  /**
   * Drops the queue, tags and metrics of every tenant {@code keep} rejects whose queue is empty
   * and whom the allocation does not name (a tenant forgotten as idle by the level's {@link
   * io.cake.core.tenant.TenantCap}). A later call of such a tenant starts afresh. Returns how
   * many were dropped.
   */
  public int forgetTenants(Predicate<String> keep) {
    lock.lock();
    try {
      int before = tenants.size();
      tenants.values().removeIf(q -> q.items.isEmpty() && !keep.test(q.name)
          && !allocation.shares().containsKey(q.name) && !allocation.reservations().containsKey(q.name)
          && !allocation.lanes().containsKey(q.name)
          && !limits.perSecond().containsKey(q.name) && !caps.perTenant().containsKey(q.name)
          && q.inService.get() == 0);
      limitedQueues = 0;
      for (TenantQueue<T> q : tenants.values()) {
        limitedQueues += q.bucket != null ? 1 : 0;
      }
      return before - tenants.size();
    } finally {
      lock.unlock();
    }
  }

  /** Tenants with a queue (and metrics) now. */
  public int tenantCount() {
    lock.lock();
    try {
      return tenants.size();
    } finally {
      lock.unlock();
    }
  }

  // ---------------------------------------------------------------- internals (lock held)

  private TenantQueue<T> queueFor(String tenant) {
    Objects.requireNonNull(tenant, "tenant");
    TenantQueue<T> q = tenants.get(tenant);
    if (q == null) {
      q = new TenantQueue<>(tenant, nextOrder++, allocation.share(tenant));
      q.maxInService = caps.max(tenant);
      tenants.put(tenant, q);
      if (allocation.lanes().containsKey(tenant)) {
        assignLanes();
      }
      if (!limits.isNone()) {
        applyLimit(q, clock.nanoTime());
      }
    }
    return q;
  }

  /**
   * Charges every ticket completed since the last decision the difference between its real and
   * estimated cost: to its tenant's limit, and to its share if a shared slot served it in this
   * busy period (the head's start tag, which came from the old finish tag, moves too).
   */
  private void applyCorrections() {
    if (corrections.get() != null) {
      applyCorrections(clock.nanoTime());
    }
  }

  /** As above, where the caller has read the clock already (a decision). */
  private void applyCorrections(long now) {
    if (corrections.get() == null) {
      return;
    }
    for (Ticket<T> t = corrections.getAndSet(null); t != null; t = t.nextCorrection) {
      TenantQueue<T> q = t.queue;
      long delta = t.actualCost - t.cost;
      if (q.bucket != null) {
        q.bucket.charge(now, delta);
      }
      if (t.shared && q.epoch == epoch) {
        q.lastFinish += delta / q.weight;
        if (!q.items.isEmpty()) {
          q.headStart = Math.max(virtualTime, q.lastFinish);
          backlogged.update(q);
        }
      }
    }
  }

  private double finishTag(TenantQueue<T> q) {
    return q.epoch == epoch ? q.lastFinish : 0.0;
  }

  /** {@code eligible} null: every ticket is. */
  private Ticket<T> pollLocked(int slot, Predicate<? super T> eligible) {
    if (closed || slot < 0 || slot >= slotCount) {
      return null;
    }
    long now = clock.nanoTime();
    applyCorrections(now);
    TenantQueue<T> q = reservedFor[slot];
    Ticket<T> t;
    if (q != null) {
      if (!withinLimit(q, now) || !underCap(q)) {
        return null;
      }
      t = takeFirst(q, eligible);
      if (t == null) {
        return null;
      }
      t.shared = false;
    } else if ((q = laneServable(eligible, now)) != null) {
      t = takeFirst(q, eligible);
      t.shared = false; // on top of the share, as reserved service is
      t.laned = true;
      q.laneInService.incrementAndGet();
      if (q.laneGcra != null) {
        q.laneGcra.take(q.laneTat, now);
      }
    } else {
      q = backlogged.peek();
      if (q != null && !mayServe(q, eligible, now)) {
        q = smallestTagServable(eligible, now);
      }
      if (q == null) {
        return null;
      }
      t = takeFirst(q, eligible);
      t.shared = true;
      virtualTime = Math.max(virtualTime, q.headStart);
      q.lastFinish = q.headStart + t.cost / q.weight;
      q.epoch = epoch;
    }
    queued--;
    if (q.bucket != null) {
      q.bucket.charge(now, t.cost);
    }
    if (q.maxInService > 0) {
      q.inService.incrementAndGet();
      t.inService = true;
    }
    if (!q.items.isEmpty()) {
      q.headStart = Math.max(virtualTime, finishTag(q));
      backlogged.update(q);
    } else {
      backlogged.remove(q);
      q.metrics.occupancy.becameEmpty(now);
      if (queued == 0) {
        // End of a busy period: restart virtual time so old tags cannot overflow or linger.
        epoch++;
        virtualTime = 0.0;
      }
    }
    t.startedNanos = now;
    t.slot = slot;
    return t;
  }

  /** Records a ticket's queue time once it is out of the lock; returns it (null stays null). */
  private static <T> Ticket<T> started(Ticket<T> t) {
    if (t != null) {
      t.queue.metrics.queued(t.startedNanos - t.enqueuedNanos);
    }
    return t;
  }

  /** Removes and returns {@code q}'s first ticket {@code eligible} accepts (any, if null). */
  private Ticket<T> takeFirst(TenantQueue<T> q, Predicate<? super T> eligible) {
    if (eligible == null) {
      return q.items.pollFirst();
    }
    for (Iterator<Ticket<T>> it = q.items.iterator(); it.hasNext(); ) {
      Ticket<T> t = it.next();
      if (eligible.test(t.item)) {
        it.remove();
        return t;
      }
    }
    return null;
  }

  /** Whether a shared slot may take {@code q}'s head now: within its limit and eligible. */
  private boolean mayServe(TenantQueue<T> q, Predicate<? super T> eligible, long now) {
    return withinLimit(q, now) && underCap(q)
        && (eligible == null || eligible.test(q.items.peekFirst().item));
  }

  /**
   * The backlogged tenant with the smallest start tag (ties: the older tenant) within its limit
   * that has a ticket {@code eligible} accepts (any, if null), or null. Walks every backlogged
   * tenant and, with a filter, its queued tickets: only when the tag order's first tenant cannot
   * go, and a DataNode's queues are short.
   */
  private TenantQueue<T> smallestTagServable(Predicate<? super T> eligible, long now) {
    TenantQueue<T> best = null;
    for (int i = 0; i < backlogged.size(); i++) {
      TenantQueue<T> q = backlogged.at(i);
      if ((best == null || tagBefore(q, best)) && servable(q, eligible, now)) {
        best = q;
      }
    }
    return best;
  }

  /** Whether {@code a}'s head comes before {@code b}'s in the tag order (ties: the older tenant). */
  private static boolean tagBefore(TenantQueue<?> a, TenantQueue<?> b) {
    return a.headStart < b.headStart || (a.headStart == b.headStart && a.order < b.order);
  }

  /** Whether a slot may take some ticket of {@code q} now: within its limit and cap, one eligible. */
  private boolean servable(TenantQueue<T> q, Predicate<? super T> eligible, long now) {
    return withinLimit(q, now) && underCap(q)
        && (eligible == null || hasEligible(q, eligible));
  }

  /** Whether {@code q}'s limit lets its head go now: no limit, out of debt, or the head's patience is up. */
  private boolean withinLimit(TenantQueue<T> q, long now) {
    if (q.bucket == null || q.bucket.ready(now)) {
      return true;
    }
    Ticket<T> head = q.items.peekFirst();
    return head != null && head.limitDueNanos <= now;
  }

  /** Nanoseconds until {@link #withinLimit} may say yes for {@code q} (its bucket is not null). */
  private long nanosUntilWithinLimit(TenantQueue<T> q, long now) {
    long debt = q.bucket.nanosUntilReady(now);
    Ticket<T> head = q.items.peekFirst();
    return head == null ? debt : Math.min(debt, Math.max(0L, head.limitDueNanos - now));
  }

  /**
   * The backlogged tenant a shared slot serves through its lane, or null: of those with room in
   * their lane (fewer tickets in service through it than its width, while all lanes together leave
   * the last shared slot) that {@link #servable} says may go, the lowest rank, then the smallest
   * start tag. Walks the laned tenants only (none: returns at once).
   */
  private TenantQueue<T> laneServable(Predicate<? super T> eligible, long now) {
    if (laned.length == 0) {
      return null;
    }
    int laneBusy = 0; // tickets in service through any lane: derived, the laned tenants are few
    for (TenantQueue<T> q : laned) {
      laneBusy += q.laneInService.get();
    }
    if (laneBusy >= Allocation.maxReservable(slotCount) - effectiveReserved) {
      return null;
    }
    TenantQueue<T> best = null;
    for (TenantQueue<T> q : laned) {
      if (q.heapIndex < 0 || q.laneInService.get() >= q.lane.slots()
          || (q.laneGcra != null && !q.laneGcra.conforms(q.laneTat, now))) {
        continue;
      }
      boolean before = best == null || q.lane.rank() < best.lane.rank()
          || (q.lane.rank() == best.lane.rank() && tagBefore(q, best));
      if (before && servable(q, eligible, now)) {
        best = q;
      }
    }
    return best;
  }

  /**
   * Points each tenant's queue at its lane in the allocation, and lists the laned ones. A lane whose
   * buckets are the same as before keeps their state; new or changed buckets start full.
   */
  private void assignLanes() {
    List<TenantQueue<T>> withLane = new ArrayList<>();
    for (TenantQueue<T> q : tenants.values()) {
      Lane was = q.lane;
      q.lane = allocation.lanes().get(q.name);
      if (q.lane != null) {
        withLane.add(q);
      }
      io.cake.core.contract.Contract limit = q.lane == null ? null : q.lane.limit();
      if (limit == null) {
        q.laneGcra = null;
        q.laneTat = null;
      } else if (q.laneGcra == null || !limit.equals(was.limit())) { // laneGcra set: was had a limit
        q.laneGcra = new io.cake.core.contract.Gcra(limit);
        q.laneTat = q.laneGcra.full(clock.nanoTime());
      }
    }
    laned = withLane.toArray(newQueues(withLane.size()));
  }

  @SuppressWarnings("unchecked")
  private static <T> TenantQueue<T>[] newQueues(int n) {
    return (TenantQueue<T>[]) new TenantQueue<?>[n];
  }

  /**
   * Nanoseconds until a tenant {@code slot} may serve comes out of its limit's debt, 0 if none
   * waits on a limit: how long a slot with nothing else to do parks.
   */
  private long nanosUntilLimitedReady(int slot) {
    long now = clock.nanoTime();
    TenantQueue<T> own = reservedFor[slot];
    if (own != null) {
      return own.bucket != null && !own.items.isEmpty() ? nanosUntilWithinLimit(own, now) : 0L;
    }
    long soonest = Long.MAX_VALUE;
    for (int i = 0; i < backlogged.size(); i++) {
      TenantQueue<T> q = backlogged.at(i);
      if (q.bucket != null) {
        soonest = Math.min(soonest, Math.max(1L, nanosUntilWithinLimit(q, now)));
      }
    }
    return soonest == Long.MAX_VALUE ? 0L : soonest;
  }

  private void applyLimit(TenantQueue<T> q, long now) {
    double rate = limits.rate(q.name);
    boolean had = q.bucket != null;
    if (rate == 0.0) {
      q.bucket = null;
    } else {
      double burst = rate * limits.burstSeconds();
      q.bucket = had ? q.bucket.withRate(rate, burst, now) : new TokenBucket(rate, burst, now);
    }
    limitedQueues += (q.bucket != null ? 1 : 0) - (had ? 1 : 0);
  }

  /** A plain loop, not a stream: this runs under the lock on the DataNode's read path. */
  private static <T> boolean hasEligible(TenantQueue<T> q, Predicate<? super T> eligible) {
    for (Ticket<T> t : q.items) {
      if (eligible.test(t.item)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Picks one waiting slot that can serve {@code q} (one reserved for it first, else a shared one)
   * and returns its thread for the caller to unpark once the lock is released, or null.
   */
  private Ticket<T> handedTo(int slot) {
    AtomicReference<Ticket<T>>[] m = mailboxes;
    return slot < m.length ? m[slot].getAndSet(null) : null;
  }

  @SuppressWarnings("unchecked")
  private static <T> AtomicReference<Ticket<T>>[] newMailboxes(int n, AtomicReference<Ticket<T>>[] old) {
    AtomicReference<Ticket<T>>[] m = (AtomicReference<Ticket<T>>[]) new AtomicReference<?>[n];
    for (int i = 0; i < n; i++) {
      m[i] = old != null && i < old.length ? old[i] : new AtomicReference<>();
    }
    return m;
  }

  /**
   * A parked slot that may serve {@code q}: its own reserved one first, else the shared one that
   * went to wait last (its thread may not even be parked yet, and its cache is warm); -1 if none.
   */
  private int waitingSlotFor(TenantQueue<T> q) {
    int target = -1;
    for (int s = waiting.nextSetBit(0); s >= 0 && s < slotCount; s = waiting.nextSetBit(s + 1)) {
      TenantQueue<T> owner = reservedFor[s];
      if (owner == q) {
        return s;
      }
      if (owner == null && (target < 0 || parkedAt[s] > parkedAt[target])) {
        target = s;
      }
    }
    return target;
  }

  /** Wakes every parked slot to look again (configuration changed, or closed). Rare: under the lock. */
  private void wakeAll() {
    for (int s = waiting.nextSetBit(0); s >= 0; s = waiting.nextSetBit(s + 1)) {
      LockSupport.unpark(waiters.get(s));
    }
    waiting.clear();
  }

  @SuppressWarnings("unchecked")
  private void assignSlots() {
    while (waiters.size() < slotCount) {
      waiters.add(null);
    }
    if (mailboxes.length < slotCount) {
      mailboxes = newMailboxes(slotCount, mailboxes);
    }
    if (parkedAt.length < slotCount) {
      parkedAt = java.util.Arrays.copyOf(parkedAt, slotCount);
    }
    reservedFor = (TenantQueue<T>[]) new TenantQueue<?>[slotCount];
    tenants.values().forEach(q -> q.reserved = 0);
    int next = 0;
    int reservable = Allocation.maxReservable(slotCount);
    for (Map.Entry<String, Integer> e : allocation.reservations().entrySet()) {
      TenantQueue<T> q = queueFor(e.getKey());
      for (int i = 0; i < e.getValue() && next < reservable; i++) {
        reservedFor[next++] = q;
        q.reserved++;
      }
    }
    effectiveReserved = next;
  }

  private static void checkCapacities(int perTenant, int total) {
    if (perTenant < 1 || total < 1) {
      throw new IllegalArgumentException(
          "queue capacities must be >= 1, got perTenant=" + perTenant + " total=" + total);
    }
  }

  @Override
  public String toString() {
    return "FairQueueScheduler[" + name + "]";
  }
}
