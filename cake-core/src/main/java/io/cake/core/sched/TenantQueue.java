package io.cake.core.sched;

import io.cake.core.metrics.TenantMetrics;
import java.util.ArrayDeque;

/** One tenant's FIFO queue and its fair-queuing tags. Guarded by the scheduler's lock. */
final class TenantQueue<T> {
  final String name;
  final long order;
  final ArrayDeque<Ticket<T>> items = new ArrayDeque<>();
  final TenantMetrics metrics;
  double weight;
  int reserved;
  /** Start tag of the head item (valid while non-empty). */
  double headStart;
  /** Finish tag of the last item served by a shared slot. */
  double lastFinish;
  /** Busy period in which lastFinish was set; older ones count as zero. */
  long epoch;
  /** Position in the scheduler's {@link TagHeap}, -1 while not backlogged. */
  int heapIndex = -1;
  /** Its rate limit, null if it has none. */
  TokenBucket bucket;
  /** The most of its items queued, 0: the scheduler's per-tenant capacity. */
  int capacity;
  /** The most of its tickets in service at once, 0: no cap. */
  int maxInService;
  /** Its priority lane, null if it has none. */
  Lane lane;
  /** Its lane's token buckets, null if the lane has none. */
  io.cake.core.contract.Gcra laneGcra;
  /** Their theoretical arrival times ({@link io.cake.core.contract.Gcra}), updated in place under the lock. */
  long[] laneTat;
  /** Its tickets in service through its lane: taken under the lock, given back without. */
  final java.util.concurrent.atomic.AtomicInteger laneInService = new java.util.concurrent.atomic.AtomicInteger();
  /** Its tickets in service now, counted while it has a cap: taken under the lock, given back without. */
  final java.util.concurrent.atomic.AtomicInteger inService = new java.util.concurrent.atomic.AtomicInteger();

  TenantQueue(String name, long order, double weight) {
    this.name = name;
    this.order = order;
    this.weight = weight;
    this.metrics = new TenantMetrics(name);
  }
}
