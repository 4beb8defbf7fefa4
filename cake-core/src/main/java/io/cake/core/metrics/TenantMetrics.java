package io.cake.core.metrics;

import java.util.concurrent.atomic.LongAdder;

/**
 * Per-tenant counters and latency recorders of one first-level scheduler. Counters and recorders
 * are safe to update from any thread; {@link #occupancy} and {@link #arrivalPeaks} are guarded by
 * the scheduler's lock.
 */
public final class TenantMetrics {
  final String tenant;
  final LongAdder arrivals = new LongAdder();
  final LongAdder completions = new LongAdder();
  final LongAdder rejections = new LongAdder();
  final LongAdder drops = new LongAdder();
  final LongAdder serviceUnits = new LongAdder();
  final LongAdder serviceNanos = new LongAdder();
  final LatencyRecorder queueTime = new LatencyRecorder();
  final LatencyRecorder serviceTime = new LatencyRecorder();
  final LatencyRecorder totalLatency = new LatencyRecorder();
  final BusiestSecond busiestSecond = new BusiestSecond();
  /** Guarded by the owning scheduler's lock. */
  public final ArrivalPeaks arrivalPeaks = new ArrivalPeaks();
  /** Guarded by the owning scheduler's lock. */
  public final OccupancyTracker occupancy;

  // Previous cumulative values, so a snapshot reports the interval's increase. Roller thread only.
  private long lastArrivals;
  private long lastCompletions;
  private long lastRejections;
  private long lastDrops;
  private long lastServiceUnits;

  public TenantMetrics(String tenant) {
    this.tenant = tenant;
    this.occupancy = new OccupancyTracker();
  }

  public String tenant() {
    return tenant;
  }

  /** A call accepted (its time goes to {@link #arrivalPeaks}, under the scheduler's lock). */
  public void arrived() {
    arrivals.increment();
  }

  public void rejected() {
    rejections.increment();
  }

  /** An accepted item that was discarded without service (for example its deadline passed). */
  public void dropped() {
    drops.increment();
  }

  public void queued(long queueNanos) {
    queueTime.recordNanos(queueNanos);
  }

  /** Work completed at {@code nowNanos} (the scheduler's clock) after queueing and service. */
  public void completed(long nowNanos, long serviceNanos, long totalNanos, long units) {
    busiestSecond.completed(nowNanos, serviceNanos);
    completions.increment();
    serviceUnits.add(units);
    this.serviceNanos.add(Math.max(0L, serviceNanos));
    serviceTime.recordNanos(serviceNanos);
    totalLatency.recordNanos(totalNanos);
  }

  public long totalArrivals() {
    return arrivals.sum();
  }

  public long totalCompletions() {
    return completions.sum();
  }

  public long totalRejections() {
    return rejections.sum();
  }

  public long totalDrops() {
    return drops.sum();
  }

  public long totalServiceUnits() {
    return serviceUnits.sum();
  }

  /**
   * Closes the interval. {@code occupancy} and {@code peaks} were already rolled under the scheduler
   * lock by the caller; share, reservation and queue length are the scheduler's current values; the
   * interval ends at {@code nowNanos} on the scheduler's clock.
   */
  public TenantSnapshot roll(
      long nowNanos, long intervalNanos, double occupancyValue, ArrivalPeaks.Peaks peaks, double share,
      int reservation, int queueLength) {
    long a = arrivals.sum();
    long c = completions.sum();
    long r = rejections.sum();
    long d = drops.sum();
    long u = serviceUnits.sum();
    TenantTotals totals = new TenantTotals(a, c, r, d, u, serviceNanos.sum());
    TenantSnapshot s =
        new TenantSnapshot(
            tenant,
            intervalNanos,
            a - lastArrivals,
            c - lastCompletions,
            r - lastRejections,
            d - lastDrops,
            u - lastServiceUnits,
            queueTime.interval(),
            serviceTime.interval(),
            totalLatency.interval(),
            occupancyValue,
            share,
            reservation,
            queueLength,
            busiestSecond.roll(nowNanos),
            peaks,
            totals);
    lastArrivals = a;
    lastCompletions = c;
    lastRejections = r;
    lastDrops = d;
    lastServiceUnits = u;
    return s;
  }
}
