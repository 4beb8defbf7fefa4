package io.cake.core.sched;

import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.function.Predicate;

/** Who gets a {@link SoftLimitGate}'s free slot next: a lender reclaiming, or the scheduler's. */
final class TurnOrder {
  private final FairQueueScheduler<SoftLimitGate.Permit> scheduler;
  private final SlotTable slots;
  private final ArrayDeque<SoftLimitGate.Permit> reclaimers = new ArrayDeque<>();
  private final Predicate<SoftLimitGate.Permit> deviceHasRoom;

  TurnOrder(FairQueueScheduler<SoftLimitGate.Permit> scheduler, SlotTable slots) {
    this.scheduler = scheduler;
    this.slots = slots;
    this.deviceHasRoom = p -> p.cancelled || slots.hasRoom(p.device());
  }

  /** A lender waits to reclaim a slot. */
  void reclaiming(SoftLimitGate.Permit p) {
    p.passedOver = 0;
    reclaimers.addLast(p);
  }

  /** A lender no longer waits (its permit was closed). */
  void leave(SoftLimitGate.Permit p) {
    reclaimers.remove(p);
  }

  /** Lenders waiting to reclaim a slot. */
  int reclaimers() {
    return reclaimers.size();
  }

  /**
   * A reclaimer to hand slot {@code s} to, or null to let the scheduler choose. A block read that
   * lent its slot continues ahead of new reads of its own tenant, and ahead of everyone while no
   * other tenant waits: its next chunk then follows its last on the same disk (sequential, no
   * seek). While another tenant waits, shares decide first, so a tenant's long block reads cannot
   * hold another tenant's reads back by reclaiming every slot that frees. But a lender has no
   * place in the scheduler's queues, so while another tenant is always waiting its turn would
   * never come: once slots it could use have gone to others as many times as the gate has slots
   * (a full turn of the gate) while it waited, it takes the next one.
   */
  SoftLimitGate.Permit reclaimerFor(int s) {
    if (reclaimers.isEmpty()) {
      return null;
    }
    String next = scheduler.peekTenant(s); // the reserved tenant for a reserved slot
    String owner = scheduler.reservedTenant(s);
    for (Iterator<SoftLimitGate.Permit> it = reclaimers.iterator(); it.hasNext(); ) {
      SoftLimitGate.Permit p = it.next();
      boolean mayUse = (owner == null || owner.equals(p.tenant())) && slots.hasRoom(p.device());
      if (mayUse && (next == null || next.equals(p.tenant()) || p.passedOver >= slots.limit())) {
        it.remove();
        if (owner == null && next != null && p.ticket != null) {
          scheduler.chargeShared(p.tenant(), p.ticket.cost()); // it took its tenant's turn
        }
        return p;
      }
    }
    return null;
  }

  /** Slot {@code s} went to the scheduler's pick: every reclaimer that could have used it was passed over. */
  void passedOver(int s) {
    if (reclaimers.isEmpty()) {
      return; // the usual case: no scheduler lock taken on the grant path
    }
    String owner = scheduler.reservedTenant(s);
    for (SoftLimitGate.Permit p : reclaimers) {
      if (owner == null || owner.equals(p.tenant())) {
        p.passedOver++;
      }
    }
  }

  /**
   * The scheduler's pick for slot {@code s} (with a device limit, among callers whose device has
   * room), or null; callers that gave up waiting are dropped on the way.
   */
  SoftLimitGate.Permit scheduled(int s) {
    Ticket<SoftLimitGate.Permit> t;
    while ((t = slots.deviceLimit() > 0 ? scheduler.poll(s, deviceHasRoom) : scheduler.poll(s)) != null
        && t.item().cancelled) {
      scheduler.drop(t);
    }
    if (t == null) {
      return null;
    }
    SoftLimitGate.Permit p = t.item();
    p.ticket = t;
    return p;
  }
}
