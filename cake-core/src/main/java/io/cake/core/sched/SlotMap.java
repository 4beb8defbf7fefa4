package io.cake.core.sched;

import java.util.Collection;
import java.util.Map;
import java.util.function.Function;

/**
 * Which slots are RESERVED for one tenant (serving only it, idle otherwise) and which are SHARED.
 * The last slot is never reserved, so one slot always serves everyone; with fewer slots than the
 * reservations need, they are clipped in the allocation's order. Part of {@link
 * FairQueueScheduler}, guarded by its lock.
 */
final class SlotMap<T> {
  private int count;
  private int reserved;
  private TenantQueue<T>[] reservedFor = ServiceGates.newQueues(0);

  SlotMap(int count) {
    this.count = count;
  }

  static int checkSlots(int slots) {
    if (slots < 1) {
      throw new IllegalArgumentException("slots must be >= 1, got " + slots);
    }
    return slots;
  }

  int count() {
    return count;
  }

  /** Whether {@code slot} is in service (not retired, not negative). */
  boolean live(int slot) {
    return slot >= 0 && slot < count;
  }

  /** The tenant {@code slot} is reserved for, or null if it is shared. */
  TenantQueue<T> reservedFor(int slot) {
    return reservedFor[slot];
  }

  /** Reservations in force, after clipping to the slot count. */
  int reserved() {
    return reserved;
  }

  /** Slots the lanes may take together: those left after the reservations, but the last. */
  int laneRoom() {
    return Allocation.maxReservable(count) - reserved;
  }

  /**
   * Maps {@code slots} slots to {@code allocation}'s reservations, counting each tenant's in its
   * queue ({@code queueFor} makes the queue of a tenant that has none yet).
   */
  void assign(int slots, Allocation allocation, Collection<TenantQueue<T>> tenants,
      Function<String, TenantQueue<T>> queueFor) {
    count = slots;
    TenantQueue<T>[] next = ServiceGates.newQueues(slots);
    tenants.forEach(q -> q.reserved = 0);
    int n = 0;
    int reservable = Allocation.maxReservable(slots);
    for (Map.Entry<String, Integer> e : allocation.reservations().entrySet()) {
      TenantQueue<T> q = queueFor.apply(e.getKey());
      for (int i = 0; i < e.getValue() && n < reservable; i++) {
        next[n++] = q;
        q.reserved++;
      }
    }
    reservedFor = next;
    reserved = n;
  }
}
