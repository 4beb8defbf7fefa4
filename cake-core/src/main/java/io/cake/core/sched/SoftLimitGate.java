package io.cake.core.sched;

import io.cake.core.time.Clock;
import java.util.ArrayDeque;
import java.util.BitSet;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;

/**
 * Cake's HDFS first-level policy (section 5.2) for callers that block: at most {@code limit}
 * holders do disk work at once, waiting callers are ordered per tenant by the {@link
 * FairQueueScheduler} (shares, reservations, cost = bytes), and a holder that blocks on something
 * other than the disk (a network write) may {@link Permit#lend() lend} its slot for that time, so
 * the pool grows by one per lender while the number doing disk work stays at most {@code limit}.
 * A lender {@link Permit#reclaim() reclaims} a slot before it touches the disk again, ahead of its
 * own tenant's new callers (so a block read's next chunk follows its last on the disk, without a
 * seek) but behind the share-ordered turn of any other tenant waiting.
 *
 * <p>A holder that never comes back (a read on a hung disk) would keep its slot for good. {@link
 * #writeOffHeldSince} lends the slots of holders granted before a cutoff on their behalf, so the
 * other disks' reads get them; the permits are "written off" until their holders come back
 * ({@link Permit#lend}, {@link Permit#reclaim} or {@link Permit#close}), and {@link #stuckDevices}
 * names their devices so that callers can keep further reads of a hung device off the gate.
 *
 * <p>A limit per device ({@link #setDeviceLimit}, off by default). The soft limit counts reads of
 * every device together; with several devices below one gate (a DataNode's volumes), the slots
 * it admits can pile onto one device while another idles, and reads admitted to a busy device
 * wait in its own queue, where the gate no longer orders them. With a device limit a slot goes
 * only to a read whose device has fewer than that many holders ({@link
 * FairQueueScheduler#poll(int, java.util.function.Predicate)}): shares and reservations then
 * decide, per free device, whose read it serves next.
 */
public final class SoftLimitGate {
  public static final int DEFAULT_LIMIT = 6;
  /** The most slots a gate may have: far above a DataNode's disks, far below its transfer threads. */
  public static final int MAX_LIMIT = 1024;

  /** One caller's claim on a slot. */
  public final class Permit implements AutoCloseable {
    private final Condition granted = lock.newCondition();
    private final String tenant;
    private final String device;
    private Ticket<Permit> ticket;
    private int slot = -1;
    private long grantedAt;
    private boolean cancelled;
    private boolean closed;

    private Permit(String tenant, String device) {
      this.tenant = tenant;
      this.device = device;
    }

    public String tenant() {
      return tenant;
    }

    /** The device the holder works on (null if unknown), as given to {@link #acquire}. */
    public String device() {
      return device;
    }

    /** Lets another caller use this slot while this holder waits on something else. */
    public void lend() {
      lock.lock();
      try {
        cameBack(this);
        if (slot < 0 || closed) {
          return;
        }
        lendSlot(this);
      } finally {
        lock.unlock();
      }
    }

    /**
     * Takes a slot back after {@link #lend()}; waits for one, ahead of its own tenant's new callers
     * (and of everyone while no other tenant waits; see {@code reclaimerFor}). Returns at once
     * if the permit holds a slot or is closed (also if another thread closes it meanwhile).
     *
     * @throws InterruptedException if interrupted while waiting. The permit is then closed and
     *     holds no slot, even if the slot was granted just as the interrupt came: it is given back,
     *     as the caller cannot tell and will not use it. Closing the permit again is harmless.
     */
    public void reclaim() throws InterruptedException {
      lock.lock();
      try {
        cameBack(this);
        if (slot >= 0 || closed) {
          return;
        }
        reclaimers.addLast(this);
        dispatch();
        while (slot < 0 && !closed) {
          try {
            granted.await();
          } catch (InterruptedException e) {
            // dispatch() may have granted the slot between the interrupt and this thread getting
            // the lock back; close() gives back whichever this permit has, slot or place in line.
            close();
            throw e;
          }
        }
      } finally {
        lock.unlock();
      }
    }

    /** Gives the slot back (also after a lend that was never reclaimed). Idempotent. */
    @Override
    public void close() {
      lock.lock();
      try {
        if (closed) {
          return;
        }
        closed = true;
        cameBack(this);
        if (slot >= 0) {
          int s = slot;
          slot = -1;
          freeSlot(s);
        } else {
          // Lent and not granted back: leave the line (a closed permit must never be granted a
          // slot, nobody would free it) and wake a reclaim() waiting for this permit.
          reclaimers.remove(this);
          lent--;
          granted.signal();
        }
        scheduler.complete(ticket);
      } finally {
        lock.unlock();
      }
    }
  }

  private final ReentrantLock lock = new ReentrantLock();
  private final FairQueueScheduler<Permit> scheduler;
  private final BitSet free = new BitSet();
  private final BitSet held = new BitSet();
  /** The holder of each held slot (slots stay below {@link #MAX_LIMIT}). */
  private final Permit[] holders = new Permit[MAX_LIMIT];
  /** Written-off permits whose holders have not come back; their devices are {@link #stuckDevices}. */
  private final Set<Permit> writtenOff = new HashSet<>();
  private volatile Set<String> stuckDevices = Set.of();
  /** Written under the lock; volatile so the getter need not take it. */
  private volatile long writeOffs;
  private final ArrayDeque<Permit> reclaimers = new ArrayDeque<>();
  /** Holders per device (permits that named one), kept whether or not a device limit is set. */
  private final Map<String, Integer> deviceHolders = new HashMap<>();
  private final Predicate<Permit> deviceHasRoom = p -> p.cancelled || hasRoom(p.device);
  private final Clock clock;
  private int limit;
  /** Most holders per device; 0: no limit per device. */
  private int deviceLimit;
  private int lent;
  /** When a slot was last freed or granted: a gate with waiters and no turnover is stuck. */
  private long lastTurnover;
  private long stalls;

  public SoftLimitGate(String name, Clock clock, int limit) {
    this.clock = Objects.requireNonNull(clock, "clock");
    this.lastTurnover = clock.nanoTime();
    this.scheduler =
        new FairQueueScheduler<>(name, clock, checkLimit(limit), Integer.MAX_VALUE, Integer.MAX_VALUE);
    this.limit = limit;
    free.set(0, limit);
  }

  /** The scheduler that orders waiting callers: set shares and reservations and read metrics here. */
  public FairQueueScheduler<Permit> scheduler() {
    return scheduler;
  }

  /**
   * Waits for a slot for {@code tenant}'s disk work of {@code cost} units (bytes). Close the permit
   * when the disk work is done.
   */
  public Permit acquire(String tenant, long cost) throws InterruptedException {
    return acquire(tenant, cost, 0L, null);
  }

  /**
   * As {@link #acquire(String, long)}, but gives up and returns null when the gate has stalled: no
   * slot was freed or granted for {@code stallNanos} (on the gate's clock) while this caller
   * waited. Slots held that long are stuck (a hung volume, a read that never returns), and
   * waiting behind them would stall every read of the DataNode; the caller then does its work
   * ungated. Long waits while slots keep turning over are normal queueing and never time out.
   *
   * @param stallNanos 0: wait for ever
   * @param device the device the holder will work on (a DataNode volume), or null if unknown
   */
  public Permit acquire(String tenant, long cost, long stallNanos, String device)
      throws InterruptedException {
    lock.lock();
    try {
      Objects.requireNonNull(tenant, "tenant");
      if (stallNanos > 0 && free.isEmpty() && clock.nanoTime() - lastTurnover >= stallNanos) {
        // Stalled already: do not queue behind it (a ticket nobody will take for as long as the
        // stall lasts, one per read).
        stalls++;
        return null;
      }
      Permit p = new Permit(tenant, device);
      if (!scheduler.offer(tenant, p, cost)) {
        throw new IllegalStateException(scheduler.name() + " is closed");
      }
      dispatch();
      long since = clock.nanoTime();
      while (p.slot < 0) {
        try {
          if (stallNanos <= 0) {
            p.granted.await();
          } else {
            long now = clock.nanoTime();
            if (now - Math.max(since, lastTurnover) >= stallNanos) {
              p.cancelled = true; // dispatch() drops it when it reaches the head
              stalls++;
              return null;
            }
            // Wake up now and then to look at the clock: a stuck gate signals nobody.
            p.granted.await(Math.max(1L, stallNanos / 4), TimeUnit.NANOSECONDS);
          }
        } catch (InterruptedException e) {
          if (p.slot >= 0) {
            p.close();
          } else {
            p.cancelled = true; // dispatch() skips it when it reaches the head
          }
          throw e;
        }
      }
      return p;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Lends, on their holders' behalf, the slots of holders granted at or before {@code cutoffNanos}
   * (on the gate's clock): they count as lenders from now on, so waiting callers get their slots,
   * and their devices are {@link #stuckDevices} until they come back. Returns how many were
   * written off by this call.
   */
  public int writeOffHeldSince(long cutoffNanos) {
    lock.lock();
    try {
      int n = 0;
      for (int s = held.nextSetBit(0); s >= 0; s = held.nextSetBit(s + 1)) {
        Permit p = holders[s];
        if (p != null && p.grantedAt - cutoffNanos <= 0) {
          writtenOff.add(p);
          lendSlot(p); // clears held bit s; the loop goes on from s + 1
          n++;
        }
      }
      if (n > 0) {
        writeOffs += n;
        refreshStuckDevices();
      }
      return n;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Devices with a written-off holder that has not come back: presumably hung. Read without the
   * lock (a volatile snapshot), so a caller can check it before every acquire.
   */
  public Set<String> stuckDevices() {
    return stuckDevices;
  }

  /** Holders written off since the gate was made. */
  public long writeOffs() {
    return writeOffs;
  }

  /** Changes the soft limit; holders above a lowered limit finish first. */
  public void setLimit(int newLimit) {
    checkLimit(newLimit);
    lock.lock();
    try {
      scheduler.setSlotCount(newLimit); // refuses if reservations would not fit
      if (newLimit > limit) {
        for (int s = limit; s < newLimit; s++) {
          if (!held.get(s)) {
            free.set(s);
          }
        }
      } else {
        free.clear(newLimit, Math.max(limit, free.length()));
      }
      limit = newLimit;
      dispatch();
    } finally {
      lock.unlock();
    }
  }

  /**
   * Sets the most holders per device (0: none); reads of unknown devices (null) are not limited.
   * Holders above a lowered limit finish first.
   */
  public void setDeviceLimit(int perDevice) {
    if (perDevice < 0 || perDevice > MAX_LIMIT) {
      throw new IllegalArgumentException(
          "device limit (reads per volume) must be within [0, " + MAX_LIMIT + "], 0: none; got " + perDevice);
    }
    lock.lock();
    try {
      deviceLimit = perDevice;
      dispatch();
    } finally {
      lock.unlock();
    }
  }

  public int deviceLimit() {
    lock.lock();
    try {
      return deviceLimit;
    } finally {
      lock.unlock();
    }
  }

  /** Holders working on {@code device} now. */
  public int holding(String device) {
    lock.lock();
    try {
      return deviceHolders.getOrDefault(device, 0);
    } finally {
      lock.unlock();
    }
  }

  public int limit() {
    lock.lock();
    try {
      return limit;
    } finally {
      lock.unlock();
    }
  }

  /** Callers holding a slot now: at most the limit. */
  public int holding() {
    lock.lock();
    try {
      return held.cardinality();
    } finally {
      lock.unlock();
    }
  }

  /** Holders that lent their slot and have not reclaimed it. */
  public int lent() {
    lock.lock();
    try {
      return lent;
    } finally {
      lock.unlock();
    }
  }

  /** Slots free to hand out now; with {@link #holding()} they make up the limit. For tests. */
  int free() {
    lock.lock();
    try {
      return free.cardinality();
    } finally {
      lock.unlock();
    }
  }

  /** Callers that gave up waiting because the gate had stalled (see {@link #acquire(String, long, long)}). */
  public long stalls() {
    lock.lock();
    try {
      return stalls;
    } finally {
      lock.unlock();
    }
  }

  /** Callers waiting for a slot. */
  public int waiting() {
    lock.lock();
    try {
      return scheduler.queued() + reclaimers.size();
    } finally {
      lock.unlock();
    }
  }

  // ------------------------------------------------------------ internals (lock held)

  private void lendSlot(Permit p) {
    int s = p.slot;
    p.slot = -1;
    lent++;
    freeSlot(s);
  }

  /** A written-off permit's holder called the gate again: it is not stuck (any more). */
  private void cameBack(Permit p) {
    if (!writtenOff.isEmpty() && writtenOff.remove(p)) {
      refreshStuckDevices();
    }
  }

  private void refreshStuckDevices() {
    Set<String> devices = new TreeSet<>();
    for (Permit p : writtenOff) {
      if (p.device != null) {
        devices.add(p.device);
      }
    }
    stuckDevices = Collections.unmodifiableSet(devices); // sorted: stable for operators
  }

  private void freeSlot(int s) {
    lastTurnover = clock.nanoTime();
    held.clear(s);
    Permit h = holders[s];
    if (h != null && h.device != null) {
      deviceHolders.computeIfPresent(h.device, (d, n) -> n > 1 ? n - 1 : null);
    }
    holders[s] = null;
    if (s < limit) {
      free.set(s);
    }
    dispatch();
  }

  /** Hands free slots to reclaimers in their tenant's turn (see {@code reclaimerFor}), else to scheduled callers. */
  private void dispatch() {
    for (int s = free.nextSetBit(0); s >= 0; s = free.nextSetBit(s + 1)) {
      Permit p = reclaimerFor(s);
      if (p != null) {
        lent--; // back from lending: counted at the grant, which happens once
      } else {
        Ticket<Permit> t;
        while ((t = deviceLimit > 0 ? scheduler.poll(s, deviceHasRoom) : scheduler.poll(s)) != null
            && t.item().cancelled) {
          scheduler.drop(t);
        }
        if (t == null) {
          continue;
        }
        p = t.item();
        p.ticket = t;
      }
      free.clear(s);
      held.set(s);
      holders[s] = p;
      if (p.device != null) {
        deviceHolders.merge(p.device, 1, Integer::sum);
      }
      lastTurnover = clock.nanoTime();
      p.grantedAt = lastTurnover;
      p.slot = s;
      p.granted.signal();
    }
  }

  /**
   * A reclaimer to hand slot {@code s} to, or null to let the scheduler choose. A block read that
   * lent its slot continues ahead of new reads of its own tenant, and ahead of everyone while no
   * other tenant waits: its next chunk then follows its last on the same disk (sequential, no
   * seek). While another tenant waits, shares decide first, so a tenant's long block reads cannot
   * hold another tenant's reads back by reclaiming every slot that frees.
   */
  private Permit reclaimerFor(int s) {
    if (reclaimers.isEmpty()) {
      return null;
    }
    String next = scheduler.peekTenant(s); // the reserved tenant for a reserved slot
    String owner = scheduler.reservedTenant(s);
    for (Iterator<Permit> it = reclaimers.iterator(); it.hasNext(); ) {
      Permit p = it.next();
      boolean mayUse = (owner == null || owner.equals(p.tenant)) && hasRoom(p.device);
      if (mayUse && (next == null || next.equals(p.tenant))) {
        it.remove();
        if (owner == null && next != null && p.ticket != null) {
          scheduler.chargeShared(p.tenant, p.ticket.cost()); // it took its tenant's turn
        }
        return p;
      }
    }
    return null;
  }

  private boolean hasRoom(String device) {
    return deviceLimit <= 0 || device == null || deviceHolders.getOrDefault(device, 0) < deviceLimit;
  }

  private static int checkLimit(int limit) {
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new IllegalArgumentException("soft limit must be within [1, " + MAX_LIMIT + "], got " + limit);
    }
    return limit;
  }
}
