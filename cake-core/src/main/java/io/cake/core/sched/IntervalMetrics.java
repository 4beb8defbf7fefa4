package io.cake.core.sched;

import io.cake.core.metrics.ArrivalPeaks;
import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.metrics.TenantSnapshot;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link FairQueueScheduler}'s metrics intervals: the last one closed, and the start of the one
 * open. What must be read under the scheduler's lock (occupancy, queue lengths, shares) is read by
 * {@link #read}; the rest of a tenant's snapshot is built from its thread-safe counters without it.
 */
final class IntervalMetrics {
  /** One tenant's part of an interval read under the lock. */
  record Reading(TenantQueue<?> q, double occupancy, ArrivalPeaks.Peaks peaks, double share, int reserved, int length) {}

  /** What was read under the lock of the interval ending at {@code end}. */
  record Readings(long end, int slots, List<Reading> tenants) {}

  private final String scheduler;
  private long start;
  private volatile SchedulerSnapshot last;

  IntervalMetrics(String scheduler, long start, int slots) {
    this.scheduler = scheduler;
    this.start = start;
    this.last = new SchedulerSnapshot(scheduler, start, start, slots, Map.of());
  }

  /** Reads every tenant's part of the interval ending {@code now}; under the scheduler's lock. */
  Readings read(Collection<? extends TenantQueue<?>> tenants, long now, int slots) {
    List<Reading> out = new ArrayList<>(tenants.size());
    for (TenantQueue<?> q : tenants) {
      out.add(new Reading(q, q.metrics.occupancy.roll(start, now), q.metrics.arrivalPeaks.roll(now), q.weight,
          q.reserved, q.items.size()));
    }
    return new Readings(now, slots, out);
  }

  /**
   * Closes the interval with what {@link #read} returned, and opens the next. The caller holds
   * this object's monitor over both calls, so one interval is read and closed once.
   */
  SchedulerSnapshot close(Readings readings) {
    long now = readings.end();
    long length = now - start;
    Map<String, TenantSnapshot> map = new HashMap<>();
    for (Reading r : readings.tenants()) {
      map.put(r.q().name, r.q().metrics.roll(now, length, r.occupancy(), r.peaks(), r.share(), r.reserved(), r.length()));
    }
    SchedulerSnapshot s = new SchedulerSnapshot(scheduler, start, now, readings.slots(), map);
    start = now;
    last = s;
    return s;
  }

  SchedulerSnapshot last() {
    return last;
  }
}
