package io.cake.core.sched;

import io.cake.core.time.Clock;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Every tenant's queue, the bounds on what they hold (per tenant, and over all), and the
 * allocation that gives each its weight and lane. A queue is made on a tenant's first call, or
 * when the allocation names it, and forgotten when idle and named by nothing. Part of {@link
 * FairQueueScheduler}, guarded by its lock (the capacities are volatile so they can be read
 * without it).
 */
final class TenantQueues<T> {
  private final Map<String, TenantQueue<T>> byName = new HashMap<>();
  private final ServiceGates<T> gates;
  private final FairTags<T> tags;
  private final Clock clock;
  private long nextOrder;
  private volatile int tenantCapacity;
  private volatile int totalCapacity;
  private int queued;
  private Allocation allocation = Allocation.equalShares();

  TenantQueues(ServiceGates<T> gates, FairTags<T> tags, Clock clock, int tenantCapacity, int totalCapacity) {
    this.gates = gates;
    this.tags = tags;
    this.clock = clock;
    setCapacities(tenantCapacity, totalCapacity);
  }

  /** {@code tenant}'s queue, made (under the allocation and gates in force) if it has none. */
  TenantQueue<T> queueFor(String tenant) {
    TenantQueue<T> q = byName.get(tenant);
    if (q == null) {
      q = new TenantQueue<>(java.util.Objects.requireNonNull(tenant, "tenant"), nextOrder++, allocation.share(tenant));
      byName.put(tenant, q);
      long now = clock.nanoTime();
      if (allocation.lanes().containsKey(tenant)) {
        gates.assignLanes(allocation, byName.values(), now);
      }
      gates.admit(q, now);
    }
    return q;
  }

  /** Items {@code tenant} has queued. */
  int queued(String tenant) {
    TenantQueue<T> q = byName.get(tenant);
    return q == null ? 0 : q.items.size();
  }

  /** {@code tenant}'s counters, or null if it has no queue. */
  io.cake.core.metrics.TenantMetrics metrics(String tenant) {
    TenantQueue<T> q = byName.get(tenant);
    return q == null ? null : q.metrics;
  }

  Collection<TenantQueue<T>> all() {
    return byName.values();
  }

  /**
   * Queues {@code item} at {@code q}'s tail if there is room (within its own bound and the total),
   * held back by a rate limit at most {@code limitPatienceNanos} from now; returns false if full.
   */
  boolean enqueue(TenantQueue<T> q, T item, long cost, long limitPatienceNanos) {
    if (q.items.size() >= (q.capacity > 0 ? q.capacity : tenantCapacity) || queued >= totalCapacity) {
      return false;
    }
    long now = clock.nanoTime();
    boolean wasEmpty = q.items.isEmpty();
    if (wasEmpty) {
      tags.applyCorrections(now); // the new head's start tag comes from the tenant's finish tag
    }
    long due = limitPatienceNanos >= Long.MAX_VALUE - now ? Long.MAX_VALUE : now + Math.max(0L, limitPatienceNanos);
    q.items.addLast(new Ticket<>(q, item, Math.max(1L, cost), now, due));
    queued++;
    q.metrics.arrivalPeaks.arrived(now);
    if (wasEmpty) {
      tags.backlog(q);
      q.metrics.occupancy.becameNonEmpty(now);
    }
    return true;
  }

  /** One item left its queue for service; returns true if nothing is queued anywhere now. */
  boolean taken() {
    return --queued == 0;
  }

  int queued() {
    return queued;
  }

  Allocation allocation() {
    return allocation;
  }

  /** Gives every queue its weight and lane in {@code next}, and makes a queue for every tenant it names. */
  void setAllocation(Allocation next) {
    allocation = next;
    for (TenantQueue<T> q : byName.values()) {
      q.weight = next.share(q.name);
    }
    next.shares().keySet().forEach(this::queueFor);
    next.reservations().keySet().forEach(this::queueFor);
    next.lanes().keySet().forEach(this::queueFor);
    gates.assignLanes(next, byName.values(), clock.nanoTime());
  }

  void setCapacities(int perTenant, int total) {
    if (perTenant < 1 || total < 1) {
      throw new IllegalArgumentException(
          "queue capacities must be >= 1, got perTenant=" + perTenant + " total=" + total);
    }
    tenantCapacity = perTenant;
    totalCapacity = total;
  }

  static void checkCapacity(String tenant, int max) {
    if (max < 0) {
      throw new IllegalArgumentException("the queue capacity of '" + tenant + "' must be >= 0 (0: the default), got " + max);
    }
  }

  /**
   * Charges {@code tenant}'s share for {@code cost} units served outside its queue while it is
   * backlogged (not backlogged: nobody's turn was taken, nothing to charge).
   */
  void chargeOutside(String tenant, long cost) {
    TenantQueue<T> q = queueFor(tenant);
    if (!q.items.isEmpty()) {
      tags.applyCorrections(clock.nanoTime());
      tags.chargeOutside(q, cost);
    }
  }

  int tenantCapacity() {
    return tenantCapacity;
  }

  int totalCapacity() {
    return totalCapacity;
  }

  /** Most items {@code tenant} may have queued now. */
  int capacity(String tenant) {
    TenantQueue<T> q = byName.get(tenant);
    return q != null && q.capacity > 0 ? q.capacity : tenantCapacity;
  }

  /**
   * Drops every idle queue (empty, nothing in service) that {@code keep} rejects and nothing in
   * force names; returns how many.
   */
  int forget(Predicate<String> keep) {
    int before = byName.size();
    byName.values().removeIf(q -> q.items.isEmpty() && !keep.test(q.name)
        && !allocation.shares().containsKey(q.name) && !allocation.reservations().containsKey(q.name)
        && !allocation.lanes().containsKey(q.name) && !gates.names(q.name) && q.inService.get() == 0);
    gates.recount(byName.values());
    return before - byName.size();
  }

  /** Moves every queued ticket to {@code out}. */
  void drain(List<Ticket<T>> out) {
    long now = clock.nanoTime();
    for (TenantQueue<T> q : byName.values()) {
      if (!q.items.isEmpty()) {
        out.addAll(q.items);
        q.items.clear();
        q.metrics.occupancy.becameEmpty(now);
      }
    }
    queued = 0;
  }
}
