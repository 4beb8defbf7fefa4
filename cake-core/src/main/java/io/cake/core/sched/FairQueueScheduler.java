package io.cake.core.sched;

import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.metrics.TenantMetrics;
import io.cake.core.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The first-level scheduling mechanism of Cake (section 4.1): per-tenant bounded FIFO queues
 * ({@link TenantQueues}) served by N slots (handler threads or I/O slots), each reserved for one
 * tenant or shared ({@link SlotMap}). A slot's decision ({@link SlotPicker}) serves a lane first,
 * else by start-time fair queuing ({@link FairTags}), work-conserving and cost-aware, while rate
 * limits and caps hold a tenant back ({@link ServiceGates}). Reserved and lane service come on top
 * of shares, as in Cake. Work is charged its estimated cost when it starts and corrected by {@link
 * #complete(Ticket, long)}.
 *
 * <p>The scheduler has no threads of its own: consumers call {@link #poll} or {@link #take} with
 * their slot index. {@link #offer} never blocks; when it finds a slot parked in {@link #take} that
 * may serve the tenant, it makes that slot's decision there and then (the same one the slot would
 * make on waking, so the order is unchanged) and hands it the ticket ({@link ParkedSlots}).
 *
 * <p>Locking: this facade holds the one lock over its parts, taken only for a decision. Counters
 * and latency recorders are thread-safe and updated outside it, and {@link #complete(Ticket, long)}
 * does not take it: a correction goes onto a lock-free stack that the next decision applies first,
 * so every decision still sees every completion before it. A call takes the lock twice (offer,
 * take), or once when offer hands it to a parked slot.
 */
public final class FairQueueScheduler<T> {
  public static final int DEFAULT_TENANT_CAPACITY = 1_000;
  public static final int DEFAULT_TOTAL_CAPACITY = 10_000;

  private final String name;
  private final Clock clock;
  private final ReentrantLock lock = new ReentrantLock();
  private final FairTags<T> tags = new FairTags<>();
  private final ServiceGates<T> gates = new ServiceGates<>();
  private final ParkedSlots<T> parked;
  private final TenantQueues<T> queues;
  private final SlotMap<T> slots;
  private final IntervalMetrics intervals;

  public FairQueueScheduler(String name, Clock clock, int slots, int tenantCapacity, int totalCapacity) {
    this.name = Objects.requireNonNull(name, "name");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.queues = new TenantQueues<>(gates, tags, clock, tenantCapacity, totalCapacity);
    this.slots = new SlotMap<>(SlotMap.checkSlots(slots));
    this.parked = new ParkedSlots<>(this, lock, clock, this.slots, new SlotPicker<>(queues, tags, gates, this.slots), tags, gates);
    this.intervals = new IntervalMetrics(name, clock.nanoTime(), slots);
    assignSlots(slots);
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
   * debt lasts), then it goes as if its tenant were out of debt, and is charged as usual. A limit
   * is a rate on average; one long call can put its tenant in debt for longer than the next
   * call's client waits.
   */
  public boolean offer(String tenant, T item, long cost, long limitPatienceNanos) {
    Objects.requireNonNull(item, "item");
    Thread wake = null;
    TenantQueue<T> q = null;
    boolean accepted = false;
    lock.lock();
    try {
      q = queues.queueFor(tenant);
      accepted = !parked.closed() && queues.enqueue(q, item, cost, limitPatienceNanos);
      int slot = accepted ? parked.slotFor(q, slots) : -1;
      if (slot >= 0) {
        // Woken even without a ticket (its tenant over its limit): the slot may have parked
        // before any limited work was queued, with no time to wake up at.
        wake = parked.hand(slot, parked.pollLocked(slot, null));
      }
      return accepted;
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
    return parked.poll(slot, null);
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
    return parked.poll(slot, Objects.requireNonNull(eligible, "eligible"));
  }

  /**
   * Waits for the next ticket for {@code slot}. Returns null once the slot is retired (the slot
   * count dropped below it) or the scheduler is closed. Interrupted while waiting, it throws,
   * unless an offer had already handed the slot a ticket: then it returns that ticket with the
   * thread's interrupt flag set, so that no ticket is left in a slot nobody serves.
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
    return parked.take(slot, whileIdle);
  }

  /** The tenant whose ticket {@link #poll(int) poll(slot)} would return now, or null if none. */
  public String peekTenant(int slot) {
    return locked(() -> parked.peekLocked(slot));
  }

  /**
   * Charges {@code tenant}'s share for {@code cost} units served outside its queue, in a turn
   * {@link #peekTenant} gave it on a shared slot (a holder taking back a lent slot): its tags move
   * on as if its head ticket had been served, so work that bypasses the queue still counts.
   */
  void chargeShared(String tenant, long cost) {
    withLock(() -> queues.chargeOutside(tenant, cost));
  }

  /** Records that {@code ticket}'s service finished now. */
  public void complete(Ticket<T> ticket) {
    complete(ticket, ticket.cost);
  }

  /**
   * As {@link #complete(Ticket)}, when the real cost (for example a measured service time) is only
   * known afterwards: the tenant's share and limit are charged the difference from the estimate.
   */
  public void complete(Ticket<T> ticket, long actualCost) {
    release(ticket);
    long actual = Math.max(1L, actualCost);
    if (actual != ticket.cost) {
      tags.correct(ticket, actual);
    }
    long now = clock.nanoTime();
    ticket.queue.metrics.completed(now, now - ticket.startedNanos, now - ticket.enqueuedNanos, actual);
  }

  /** Records that an accepted ticket was discarded without service (deadline passed, shutdown). */
  public void drop(Ticket<T> ticket) {
    release(ticket);
    ticket.queue.metrics.dropped();
  }

  /** Removes and returns every queued ticket, and every one handed to a slot not yet picked up. */
  public List<Ticket<T>> drain() {
    return locked(() -> {
      List<Ticket<T>> out = new ArrayList<>(queues.queued());
      parked.drainMailboxes(out);
      queues.drain(out);
      tags.clear();
      return out;
    });
  }

  /** Makes every take() return null and every offer() fail. Queued tickets stay for drain(). */
  public void close() {
    withLock(parked::close);
  }

  // ---------------------------------------------------------------- configuration

  /**
   * Installs new shares, reservations and lanes; they apply from the next decision. Refused,
   * changing nothing, if the reservations would take the last shared slot.
   */
  public void setAllocation(Allocation next) {
    Objects.requireNonNull(next, "allocation");
    withLock(() -> {
      next.checkFits(slots.count(), "the slot count of " + name);
      queues.setAllocation(next);
      assignSlots(slots.count());
    });
  }

  /** Installs rate limits ({@link ServiceGates}). A tenant's balance carries over a change of its limit. */
  public void setLimits(RateLimits next) {
    Objects.requireNonNull(next, "limits");
    withLock(() -> {
      long now = clock.nanoTime();
      tags.applyCorrections(now); // charged at the old rate: the debt carries over
      gates.setLimits(next, queues.all(), now);
      parked.wakeAll();
    });
  }

  /**
   * Caps each tenant's tickets in service at once ({@link InServiceCaps}): a slot takes no more of
   * a tenant's work while that many of its tickets are in service, and serves the others meanwhile.
   * Tickets already in service when a cap is set do not count against it.
   */
  public void setInServiceCaps(InServiceCaps next) {
    Objects.requireNonNull(next, "caps");
    withLock(() -> {
      gates.setCaps(next, queues.all());
      parked.wakeAll();
    });
  }

  /**
   * Changes the number of slots (for example the AIMD-sized handler pool). Slots at or above the
   * new count are retired: their take() returns null once they are idle. Reservations that no
   * longer fit are clipped until the count grows again; {@link #effectiveReservations()} tells.
   */
  public void setSlotCount(int count) {
    SlotMap.checkSlots(count);
    withLock(() -> assignSlots(count));
  }

  public void setCapacities(int perTenant, int total) {
    withLock(() -> queues.setCapacities(perTenant, total));
  }

  /**
   * Holds {@code tenant}'s queue to {@code max} items instead of the per-tenant capacity (0: back
   * to it). Items already queued stay; new ones are refused while it is full.
   */
  public void setTenantCapacity(String tenant, int max) {
    TenantQueues.checkCapacity(tenant, max);
    withLock(() -> queues.queueFor(tenant).capacity = max);
  }

  /**
   * Drops the queue, tags and metrics of every idle tenant {@code keep} rejects and nothing in
   * force names (a tenant forgotten by the level's {@link io.cake.core.tenant.TenantCap}): a later
   * call of it starts afresh. Returns how many were dropped.
   */
  public int forgetTenants(Predicate<String> keep) {
    return locked(() -> queues.forget(keep));
  }

  // ---------------------------------------------------------------- observation

  public RateLimits limits() {
    return locked(gates::limits);
  }

  /** {@code tenant}'s cap on tickets in service at once, 0 if none. */
  public int maxInService(String tenant) {
    return locked(() -> gates.caps().max(tenant));
  }

  public Allocation allocation() {
    return locked(queues::allocation);
  }

  public int slotCount() {
    return locked(slots::count);
  }

  /** Reservations in force now, after clipping to the slot count. */
  public int effectiveReservations() {
    return locked(slots::reserved);
  }

  /** The tenant slot {@code slot} is reserved for, or null if it is shared. */
  public String reservedTenant(int slot) {
    return locked(() -> slot < slots.count() && slots.reservedFor(slot) != null ? slots.reservedFor(slot).name : null);
  }

  /** Most items one tenant may have queued. */
  public int tenantCapacity() {
    return queues.tenantCapacity();
  }

  /** Most items {@code tenant} may have queued now. */
  public int tenantCapacity(String tenant) {
    return locked(() -> queues.capacity(tenant));
  }

  /** Most items queued over all tenants. */
  public int totalCapacity() {
    return queues.totalCapacity();
  }

  public int queued() {
    return locked(queues::queued);
  }

  public int queued(String tenant) {
    return locked(() -> queues.queued(tenant));
  }

  /** Cumulative counters for one tenant since start (null if the tenant never appeared). */
  public TenantMetrics metrics(String tenant) {
    return locked(() -> queues.metrics(tenant));
  }

  /** Tenants with a queue (and metrics) now. */
  public int tenantCount() {
    return locked(() -> queues.all().size());
  }

  /**
   * Closes the current metrics interval and returns its snapshot, which also becomes {@link
   * #lastSnapshot()}. One owner (a timer) should call this every interval; everyone else reads the
   * last snapshot.
   */
  public SchedulerSnapshot rollMetrics() {
    synchronized (intervals) { // one interval is read and closed once
      return intervals.close(locked(() -> intervals.read(queues.all(), clock.nanoTime(), slots.count())));
    }
  }

  public SchedulerSnapshot lastSnapshot() {
    return intervals.last();
  }

  @Override
  public String toString() {
    return "FairQueueScheduler[" + name + "]";
  }

  /**
   * Gives back a ticket's place in its lane and under its cap. A slot may have parked with only a
   * capped tenant's work waiting, and nothing else would wake it: every parked slot looks again.
   * Only capped tenants' tickets take the lock here.
   */
  private void release(Ticket<T> ticket) {
    if (ServiceGates.release(ticket)) {
      withLock(parked::wakeAll);
    }
  }

  /** Under the lock: maps {@code count} slots to the reservations; every parked slot looks again. */
  private void assignSlots(int count) {
    parked.grow(count);
    slots.assign(count, queues.allocation(), queues.all(), queues::queueFor);
    parked.wakeAll();
  }

  /** Configuration and observation: not the decisions of offer, poll and take, which lock by hand. */
  private <R> R locked(Supplier<R> read) {
    lock.lock();
    try {
      return read.get();
    } finally {
      lock.unlock();
    }
  }

  private void withLock(Runnable write) {
    lock.lock();
    try {
      write.run();
    } finally {
      lock.unlock();
    }
  }
}
