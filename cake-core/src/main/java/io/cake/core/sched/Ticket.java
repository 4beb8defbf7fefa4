package io.cake.core.sched;

/**
 * One queued item and its bookkeeping. Handed out exactly once by {@link FairQueueScheduler}; give
 * it back through {@link FairQueueScheduler#complete} (or {@link FairQueueScheduler#drop}) so
 * service is measured.
 */
public final class Ticket<T> {
  final TenantQueue<T> queue;
  final T item;
  final long cost;
  final long enqueuedNanos;
  /** From when its tenant's rate limit no longer holds it back (the scheduler's clock; Long.MAX_VALUE: never). */
  final long limitDueNanos;
  long startedNanos;
  int slot = -1;
  boolean shared;
  /** Set by complete() when the real cost differs from {@link #cost}; read under the lock. */
  long actualCost;
  /** Counted in its tenant's calls in service (a tenant with a cap on them); cleared when given back. */
  boolean inService;
  /** Taken through its tenant's {@link Lane}: counted in the lane's tickets in service until given back. */
  boolean laned;
  /** The next ticket in the scheduler's stack of corrections not applied yet. */
  Ticket<T> nextCorrection;

  Ticket(TenantQueue<T> queue, T item, long cost, long enqueuedNanos, long limitDueNanos) {
    this.queue = queue;
    this.item = item;
    this.cost = cost;
    this.enqueuedNanos = enqueuedNanos;
    this.limitDueNanos = limitDueNanos;
  }

  public T item() {
    return item;
  }

  public String tenant() {
    return queue.name;
  }

  public long cost() {
    return cost;
  }

  public long enqueuedNanos() {
    return enqueuedNanos;
  }

  public long startedNanos() {
    return startedNanos;
  }

  /** The slot that took this ticket. */
  public int slot() {
    return slot;
  }

  /**
   * True if a shared slot served it by share (charged to the tenant's share), false if a reserved
   * slot or the tenant's lane did.
   */
  public boolean servedByShared() {
    return shared;
  }
}
