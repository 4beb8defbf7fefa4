package io.cake.core.sched;

import java.util.Iterator;
import java.util.function.Predicate;

/**
 * One slot's decision: which ticket it takes now. A reserved slot takes its tenant's work only; a
 * shared slot serves a laned tenant first ({@link ServiceGates#laneServable}), else the smallest
 * start tag whose gates let it go. Taking a ticket charges its tenant's share (by share only), its
 * limit and its cap, and moves its tags on. Part of {@link FairQueueScheduler}, under its lock.
 */
final class SlotPicker<T> {
  private final TenantQueues<T> queues;
  private final FairTags<T> tags;
  private final ServiceGates<T> gates;
  private final SlotMap<T> slots;

  SlotPicker(TenantQueues<T> queues, FairTags<T> tags, ServiceGates<T> gates, SlotMap<T> slots) {
    this.queues = queues;
    this.tags = tags;
    this.gates = gates;
    this.slots = slots;
  }

  /** The tenant whose ticket {@code slot} would take now, or null (a live slot, corrections applied). */
  String peek(int slot, long now) {
    TenantQueue<T> q = slots.reservedFor(slot);
    if (q == null) {
      q = gates.laneServable(null, now, slots.laneRoom());
    }
    if (q == null) {
      q = tags.first();
    }
    return q == null || q.items.isEmpty() ? null : q.name;
  }

  /**
   * Takes the ticket live {@code slot} serves now among those {@code eligible} accepts (null:
   * any), or returns null. Corrections are applied.
   */
  Ticket<T> take(int slot, Predicate<? super T> eligible, long now) {
    TenantQueue<T> q = slots.reservedFor(slot);
    Ticket<T> t;
    if (q != null) {
      if (!ServiceGates.withinLimit(q, now) || !ServiceGates.underCap(q) || (t = takeFirst(q, eligible)) == null) {
        return null;
      }
      t.shared = false;
    } else if ((q = gates.laneServable(eligible, now, slots.laneRoom())) != null) {
      t = takeFirst(q, eligible);
      ServiceGates.takeLane(q, t, now);
    } else {
      q = tags.first();
      if (q != null && !ServiceGates.mayServe(q, eligible, now)) {
        q = smallestTagServable(eligible, now);
      }
      if (q == null) {
        return null;
      }
      t = takeFirst(q, eligible);
      tags.servedByShare(q, t);
    }
    ServiceGates.started(q, t, now);
    tags.taken(q, queues.taken());
    if (q.items.isEmpty()) {
      q.metrics.occupancy.becameEmpty(now);
    }
    t.startedNanos = now;
    t.slot = slot;
    return t;
  }

  /**
   * The backlogged tenant with the smallest start tag (ties: the older tenant) within its limit
   * that has a ticket {@code eligible} accepts (any, if null), or null. Walks every backlogged
   * tenant and, with a filter, its queued tickets: only when the tag order's first tenant cannot
   * go, and a DataNode's queues are short.
   */
  private TenantQueue<T> smallestTagServable(Predicate<? super T> eligible, long now) {
    TenantQueue<T> best = null;
    for (int i = 0; i < tags.backlogged(); i++) {
      TenantQueue<T> q = tags.backloggedAt(i);
      if ((best == null || FairTags.before(q, best)) && ServiceGates.servable(q, eligible, now)) {
        best = q;
      }
    }
    return best;
  }

  /** Removes and returns {@code q}'s first ticket {@code eligible} accepts (any, if null). */
  private static <T> Ticket<T> takeFirst(TenantQueue<T> q, Predicate<? super T> eligible) {
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
}
