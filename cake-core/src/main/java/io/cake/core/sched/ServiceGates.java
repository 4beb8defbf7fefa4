package io.cake.core.sched;

import io.cake.core.contract.Contract;
import io.cake.core.contract.Gcra;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.Predicate;

/**
 * What may hold a tenant's queued work back from a slot, or put it first: its rate limit, its cap
 * on tickets in service, and its lane. Part of {@link FairQueueScheduler}, guarded by its lock
 * (except where a method says otherwise).
 *
 * <p>Rate limits: a tenant over its limit keeps its queue and its place in the tag order, but no
 * slot takes its work until its {@link TokenBucket} is out of debt, or the head ticket's patience
 * is up: a limit slows a tenant and never fails its work.
 *
 * <p>Lanes: a shared slot first serves the backlogged tenant of the lowest-ranked lane that has
 * room (ties: the smaller start tag) and, if the lane has token buckets, a token in each.
 */
final class ServiceGates<T> {
  private RateLimits limits = RateLimits.none();
  private InServiceCaps caps = InServiceCaps.none();
  /** Tenant queues with a bucket: while 0, no limit is checked anywhere. */
  private int limitedQueues;
  /** Tenants with a lane, in no order (a handful at most): looked at before the tag heap. */
  private TenantQueue<T>[] laned = newQueues(0);

  RateLimits limits() {
    return limits;
  }

  InServiceCaps caps() {
    return caps;
  }

  boolean anyLimited() {
    return limitedQueues != 0;
  }

  /** Whether a limit or cap names {@code tenant}, so its queue must be kept while idle. */
  boolean names(String tenant) {
    return limits.perSecond().containsKey(tenant) || caps.perTenant().containsKey(tenant);
  }

  /** Sets up a new tenant's queue under the gates in force. */
  void admit(TenantQueue<T> q, long now) {
    q.maxInService = caps.max(q.name);
    if (!limits.isNone()) {
      applyLimit(q, now);
    }
  }

  void setLimits(RateLimits next, Collection<TenantQueue<T>> tenants, long now) {
    limits = next;
    for (TenantQueue<T> q : tenants) {
      applyLimit(q, now);
    }
  }

  void setCaps(InServiceCaps next, Collection<TenantQueue<T>> tenants) {
    caps = next;
    for (TenantQueue<T> q : tenants) {
      q.maxInService = next.max(q.name);
    }
  }

  /** Counts the limited queues again, after some were dropped. */
  void recount(Collection<TenantQueue<T>> tenants) {
    limitedQueues = 0;
    for (TenantQueue<T> q : tenants) {
      limitedQueues += q.bucket != null ? 1 : 0;
    }
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

  static boolean underCap(TenantQueue<?> q) {
    return q.maxInService == 0 || q.inService.get() < q.maxInService;
  }

  /** Whether {@code q}'s limit lets its head go now: no limit, out of debt, or the head's patience is up. */
  static boolean withinLimit(TenantQueue<?> q, long now) {
    if (q.bucket == null || q.bucket.ready(now)) {
      return true;
    }
    Ticket<?> head = q.items.peekFirst();
    return head != null && head.limitDueNanos <= now;
  }

  /** Nanoseconds until {@link #withinLimit} may say yes for {@code q} (its bucket is not null). */
  private static long nanosUntilWithinLimit(TenantQueue<?> q, long now) {
    long debt = q.bucket.nanosUntilReady(now);
    Ticket<?> head = q.items.peekFirst();
    return head == null ? debt : Math.min(debt, Math.max(0L, head.limitDueNanos - now));
  }

  /** Whether a shared slot may take {@code q}'s head now: within its limit and cap, and eligible. */
  static <T> boolean mayServe(TenantQueue<T> q, Predicate<? super T> eligible, long now) {
    return withinLimit(q, now) && underCap(q)
        && (eligible == null || eligible.test(q.items.peekFirst().item));
  }

  /** Whether a slot may take some ticket of {@code q} now: within its limit and cap, one eligible. */
  static <T> boolean servable(TenantQueue<T> q, Predicate<? super T> eligible, long now) {
    return withinLimit(q, now) && underCap(q) && (eligible == null || hasEligible(q, eligible));
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
   * The backlogged tenant a shared slot serves through its lane, or null: of those with room in
   * their lane (fewer tickets in service through it than its width, while all lanes together stay
   * under {@code laneRoom}, which leaves the last shared slot) that {@link #servable} says may go,
   * the lowest rank, then the smallest start tag. Walks the laned tenants only (none: returns at once).
   */
  TenantQueue<T> laneServable(Predicate<? super T> eligible, long now, int laneRoom) {
    if (laned.length == 0) {
      return null;
    }
    int laneBusy = 0; // tickets in service through any lane: derived, the laned tenants are few
    for (TenantQueue<T> q : laned) {
      laneBusy += q.laneInService.get();
    }
    if (laneBusy >= laneRoom) {
      return null;
    }
    TenantQueue<T> best = null;
    for (TenantQueue<T> q : laned) {
      if (q.heapIndex < 0 || q.laneInService.get() >= q.lane.slots()
          || (q.laneGcra != null && !q.laneGcra.conforms(q.laneTat, now))) {
        continue;
      }
      boolean before = best == null || q.lane.rank() < best.lane.rank()
          || (q.lane.rank() == best.lane.rank() && FairTags.before(q, best));
      if (before && servable(q, eligible, now)) {
        best = q;
      }
    }
    return best;
  }

  /** Marks {@code t}, taken from {@code q} through its lane, as in service there. */
  static void takeLane(TenantQueue<?> q, Ticket<?> t, long now) {
    t.shared = false; // on top of the share, as reserved service is
    t.laned = true;
    q.laneInService.incrementAndGet();
    if (q.laneGcra != null) {
      q.laneGcra.take(q.laneTat, now);
    }
  }

  /** Charges {@code t}'s start to {@code q}'s limit and counts it against its cap. */
  static void started(TenantQueue<?> q, Ticket<?> t, long now) {
    if (q.bucket != null) {
      q.bucket.charge(now, t.cost);
    }
    if (q.maxInService > 0) {
      q.inService.incrementAndGet();
      t.inService = true;
    }
  }

  /**
   * Gives back {@code t}'s place in its lane and under its cap (once per ticket), without the
   * lock. Returns true if it held a place under a cap: a slot may have parked with only that
   * tenant's work waiting, so the caller wakes the parked slots.
   */
  static boolean release(Ticket<?> t) {
    if (t.laned) {
      // No wake-up needed: a tenant at its lane's width is still served by share meanwhile.
      t.laned = false;
      t.queue.laneInService.decrementAndGet();
    }
    if (!t.inService) {
      return false;
    }
    t.inService = false;
    t.queue.inService.decrementAndGet();
    return true;
  }

  /**
   * Points each tenant's queue at its lane in {@code allocation}, and lists the laned ones. A lane
   * whose buckets are the same as before keeps their state; new or changed buckets start full.
   */
  void assignLanes(Allocation allocation, Collection<TenantQueue<T>> tenants, long now) {
    List<TenantQueue<T>> withLane = new ArrayList<>();
    for (TenantQueue<T> q : tenants) {
      Lane was = q.lane;
      q.lane = allocation.lanes().get(q.name);
      if (q.lane != null) {
        withLane.add(q);
      }
      Contract limit = q.lane == null ? null : q.lane.limit();
      if (limit == null) {
        q.laneGcra = null;
        q.laneTat = null;
      } else if (q.laneGcra == null || !limit.equals(was.limit())) { // laneGcra set: was had a limit
        q.laneGcra = new Gcra(limit);
        q.laneTat = q.laneGcra.full(now);
      }
    }
    laned = withLane.toArray(newQueues(withLane.size()));
  }

  /**
   * Nanoseconds until a tenant a slot may serve comes out of its limit's debt, 0 if none waits on
   * a limit: how long a slot with nothing else to do parks. {@code own} is the tenant the slot is
   * reserved for (null: shared, and it looks at every backlogged tenant). A tenant at its cap is
   * left out whatever its limit says: a ticket of it finishing wakes every parked slot ({@link
   * #release}), and a timer for it would only spin while its work stays in service.
   */
  long nanosUntilLimitedReady(TenantQueue<T> own, FairTags<T> tags, long now) {
    if (limitedQueues == 0) {
      return 0L;
    }
    if (own != null) {
      return waitsOnLimit(own) ? nanosUntilWithinLimit(own, now) : 0L;
    }
    long soonest = Long.MAX_VALUE;
    for (int i = 0; i < tags.backlogged(); i++) {
      TenantQueue<T> q = tags.backloggedAt(i);
      if (waitsOnLimit(q)) {
        soonest = Math.min(soonest, Math.max(1L, nanosUntilWithinLimit(q, now)));
      }
    }
    return soonest == Long.MAX_VALUE ? 0L : soonest;
  }

  /** Whether {@code q} has work that only its limit may be holding back (not its cap). */
  private static boolean waitsOnLimit(TenantQueue<?> q) {
    return q.bucket != null && !q.items.isEmpty() && underCap(q);
  }

  @SuppressWarnings("unchecked")
  static <T> TenantQueue<T>[] newQueues(int n) {
    return (TenantQueue<T>[]) new TenantQueue<?>[n];
  }
}
