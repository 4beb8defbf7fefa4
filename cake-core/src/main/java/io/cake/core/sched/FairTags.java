package io.cake.core.sched;

import java.util.concurrent.atomic.AtomicReference;

/**
 * Start-time fair queuing's state (Goyal et al.): virtual time, each backlogged tenant's head
 * start tag in a {@link TagHeap}, and the corrections of costs known only after service. A tenant
 * with weight w is charged cost/w of virtual time per item served by share, so shares are shares of
 * service units. Tags are computed for queue heads only, so a change of weights applies to the next
 * decision. Part of {@link FairQueueScheduler}, guarded by its lock except {@link #correct}.
 */
final class FairTags<T> {
  private final TagHeap<T> backlogged = new TagHeap<>();
  private double virtualTime;
  private long epoch;
  /**
   * Completed tickets whose real cost differs from their estimate: pushed without the lock (a
   * Treiber stack through {@link Ticket#nextCorrection}) and applied under it before the next
   * decision, so a handler's completion does not queue for the lock its next take() takes anyway.
   */
  private final AtomicReference<Ticket<T>> corrections = new AtomicReference<>();

  /** Whether {@code a}'s head comes before {@code b}'s in the tag order (ties: the older tenant). */
  static boolean before(TenantQueue<?> a, TenantQueue<?> b) {
    return a.headStart < b.headStart || (a.headStart == b.headStart && a.order < b.order);
  }

  /** The backlogged tenant with the smallest head start tag, or null. */
  TenantQueue<T> first() {
    return backlogged.peek();
  }

  int backlogged() {
    return backlogged.size();
  }

  /** The backlogged tenant at position {@code i}: for a walk over all, in no order. */
  TenantQueue<T> backloggedAt(int i) {
    return backlogged.at(i);
  }

  /** {@code q}'s queue just became non-empty: its head starts at its finish tag or now. */
  void backlog(TenantQueue<T> q) {
    q.headStart = Math.max(virtualTime, finishTag(q));
    backlogged.add(q);
  }

  /** Charges {@code q}'s share for {@code t}, which a shared slot takes from its head now. */
  void servedByShare(TenantQueue<T> q, Ticket<T> t) {
    t.shared = true;
    charge(q, t.cost);
  }

  /**
   * Charges {@code q}'s share for {@code cost} units served outside its queue while backlogged
   * (a holder taking back a lent slot): its tags move on as if its head had been served.
   */
  void chargeOutside(TenantQueue<T> q, long cost) {
    charge(q, Math.max(1L, cost));
    q.headStart = Math.max(virtualTime, finishTag(q));
    backlogged.update(q);
  }

  private void charge(TenantQueue<T> q, long cost) {
    virtualTime = Math.max(virtualTime, q.headStart);
    q.lastFinish = q.headStart + cost / q.weight;
    q.epoch = epoch;
  }

  /**
   * {@code q}'s head was taken: its next head is tagged, or it leaves the backlog. At the end of a
   * busy period ({@code idle}: nothing queued anywhere) virtual time restarts, so old tags cannot
   * overflow or linger.
   */
  void taken(TenantQueue<T> q, boolean idle) {
    if (!q.items.isEmpty()) {
      q.headStart = Math.max(virtualTime, finishTag(q));
      backlogged.update(q);
      return;
    }
    backlogged.remove(q);
    if (idle) {
      epoch++;
      virtualTime = 0.0;
    }
  }

  void clear() {
    backlogged.clear();
  }

  private double finishTag(TenantQueue<T> q) {
    return q.epoch == epoch ? q.lastFinish : 0.0;
  }

  /** Records, without the lock, that {@code t} cost {@code actual} rather than its estimate. */
  void correct(Ticket<T> t, long actual) {
    t.actualCost = actual;
    Ticket<T> head;
    do {
      head = corrections.get();
      t.nextCorrection = head;
    } while (!corrections.compareAndSet(head, t));
  }

  /**
   * Charges every ticket completed since the last decision the difference between its real and
   * estimated cost: to its tenant's limit, and to its share if a shared slot served it in this
   * busy period (the head's start tag, which came from the old finish tag, moves too).
   */
  void applyCorrections(long now) {
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
}
