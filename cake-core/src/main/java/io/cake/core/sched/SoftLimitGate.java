package io.cake.core.sched;

import io.cake.core.time.Clock;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

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
 *
 * <p>The gate holds the lock; its parts, all used under it, are its {@code SlotTable} (who holds
 * what), {@code TurnOrder} (who goes next), {@code HandOff} (granting, giving back, lending,
 * waiting) and {@code WrittenOffPermits}.
 */
public final class SoftLimitGate {
  public static final int DEFAULT_LIMIT = 6;
  /** The most slots a gate may have: far above a DataNode's disks, far below its transfer threads. */
  public static final int MAX_LIMIT = 1024;

  /** One caller's claim on a slot. */
  public final class Permit implements AutoCloseable {
    private final String tenant;
    private final String device;
    // Used under the gate's lock, also by its parts (HandOff, TurnOrder).
    final Condition granted = lock.newCondition();
    Ticket<Permit> ticket;
    int slot = -1;
    long grantedAt;
    /**
     * Its holder has seen its last grant (returned from the wait): only then can it be stuck on
     * its device. A holder granted but not yet running is never written off, or it would wake to
     * find its slot gone and wait for ever.
     */
    boolean pickedUp;
    boolean cancelled;
    /** While reclaiming: how many slots it could have used went to others ({@code TurnOrder}). */
    int passedOver;
    private boolean closed;

    private Permit(String tenant, String device) {
      this.tenant = tenant;
      this.device = device;
    }

    public String tenant() {
      return tenant;
    }

    /**
     * When this permit last got a slot, on the gate's clock. For its holder, which was granted
     * under the lock; a write-off leaves it as it was.
     */
    public long grantedAtNanos() {
      return grantedAt;
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
        handOff.lendSlot(this);
      } finally {
        lock.unlock();
      }
    }

    /**
     * Takes a slot back after {@link #lend()}; waits for one, ahead of its own tenant's new callers
     * (and of everyone while no other tenant waits, or once the gate's slots have gone to others a
     * full turn while it waited; see {@code reclaimerFor}). Returns at once
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
        turns.reclaiming(this);
        handOff.dispatch();
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
        pickedUp = slot >= 0;
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
          handOff.freeSlot(s);
        } else {
          // Lent and not granted back: leave the line (a closed permit must never be granted a
          // slot, nobody would free it) and wake a reclaim() waiting for this permit.
          turns.leave(this);
          slots.returnedOne();
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
  // The parts: used only under lock.
  private final SlotTable slots;
  private final TurnOrder turns;
  private final HandOff handOff;
  /** Written-off permits whose holders have not come back; their devices are {@link #stuckDevices}. */
  private final WrittenOffPermits writtenOff = new WrittenOffPermits();
  private volatile Set<String> stuckDevices = Set.of();
  /** Written under the lock; volatile so the getter need not take it. */
  private volatile long writeOffs;
  private long stalls;

  public SoftLimitGate(String name, Clock clock, int limit) {
    Objects.requireNonNull(clock, "clock");
    this.scheduler =
        new FairQueueScheduler<>(name, clock, checkLimit(limit), Integer.MAX_VALUE, Integer.MAX_VALUE);
    this.slots = new SlotTable(limit);
    this.turns = new TurnOrder(scheduler, slots);
    this.handOff = new HandOff(clock, slots, turns);
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
      if (handOff.stalled(stallNanos)) {
        // Stalled already: do not queue behind it (a ticket nobody will take for as long as the
        // stall lasts, one per read).
        stalls++;
        return null;
      }
      Permit p = new Permit(tenant, device);
      if (!scheduler.offer(tenant, p, cost)) {
        throw new IllegalStateException(scheduler.name() + " is closed");
      }
      handOff.dispatch();
      try {
        if (!handOff.awaitGrant(p, stallNanos)) {
          stalls++;
          return null;
        }
      } catch (InterruptedException e) {
        if (p.slot >= 0) {
          p.close();
        } else {
          p.cancelled = true; // dispatch() skips it when it reaches the head
        }
        throw e;
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
      int n = handOff.writeOffHeldSince(cutoffNanos, writtenOff);
      if (n > 0) {
        writeOffs += n;
        stuckDevices = writtenOff.devices();
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
      slots.resize(newLimit);
      handOff.dispatch();
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
      slots.setDeviceLimit(perDevice);
      handOff.dispatch();
    } finally {
      lock.unlock();
    }
  }

  public int deviceLimit() {
    lock.lock();
    try {
      return slots.deviceLimit();
    } finally {
      lock.unlock();
    }
  }

  /** Holders working on {@code device} now. */
  public int holding(String device) {
    lock.lock();
    try {
      return slots.holding(device);
    } finally {
      lock.unlock();
    }
  }

  public int limit() {
    lock.lock();
    try {
      return slots.limit();
    } finally {
      lock.unlock();
    }
  }

  /** Callers holding a slot now: at most the limit. */
  public int holding() {
    lock.lock();
    try {
      return slots.holding();
    } finally {
      lock.unlock();
    }
  }

  /** Holders that lent their slot and have not reclaimed it. */
  public int lent() {
    lock.lock();
    try {
      return slots.lent();
    } finally {
      lock.unlock();
    }
  }

  /** Slots free to hand out now; with {@link #holding()} they make up the limit. For tests. */
  int free() {
    lock.lock();
    try {
      return slots.free();
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
      return scheduler.queued() + turns.reclaimers();
    } finally {
      lock.unlock();
    }
  }

  // ------------------------------------------------------------ internals (lock held)

  /** A written-off permit's holder called the gate again: it is not stuck (any more). */
  private void cameBack(Permit p) {
    if (writtenOff.cameBack(p)) {
      stuckDevices = writtenOff.devices();
    }
  }

  private static int checkLimit(int limit) {
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new IllegalArgumentException("soft limit must be within [1, " + MAX_LIMIT + "], got " + limit);
    }
    return limit;
  }
}
