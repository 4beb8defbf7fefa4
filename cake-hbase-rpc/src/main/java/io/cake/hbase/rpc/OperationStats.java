package io.cake.hbase.rpc;

import io.cake.core.metrics.LatencyRecorder;
import io.cake.core.metrics.LatencySummary;
import io.cake.core.tenant.OperationType;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;

/**
 * Per (tenant, operation type) numbers: end-to-end server latency (receive to response sent),
 * queue time, completions and drops, rolled with the scheduler's interval; and the service-time
 * estimate used as the cost of the next call. Tenants are capped by the resolver, so the map is
 * bounded.
 */
public final class OperationStats {
  static final double INITIAL_COST_MICROS = 1_000.0;
  private static final double EWMA_WEIGHT = 0.1;
  private static final OperationType[] OPS = OperationType.values();

  private static final class Entry {
    final LatencyRecorder latency = new LatencyRecorder();
    final LatencyRecorder queueTime = new LatencyRecorder();
    final LongAdder completions = new LongAdder();
    final LongAdder drops = new LongAdder();
    long lastCompletions;
    long lastDrops;
    volatile double costMicros = INITIAL_COST_MICROS;
  }

  /**
   * One (tenant, operation) row of an interval; {@code latencyNanos} is the histogram {@code
   * latency} summarises, for a percentile the summary does not hold (readers must not modify it).
   */
  public record Row(
      String tenant,
      OperationType op,
      long completions,
      long drops,
      LatencySummary latency,
      LatencySummary queueTime,
      Histogram latencyNanos) {}

  /** Every row of one interval. */
  public record Snapshot(String scheduler, long startNanos, long endNanos, List<Row> rows) {
    public Snapshot {
      rows = List.copyOf(rows);
    }

    public java.util.Optional<Row> row(String tenant, OperationType op) {
      return rows.stream().filter(r -> r.tenant.equals(tenant) && r.op == op).findFirst();
    }
  }

  private final String scheduler;
  private final Map<String, AtomicReferenceArray<Entry>> byTenant = new ConcurrentHashMap<>();
  private long intervalStart;
  private volatile Snapshot last;

  OperationStats(String scheduler, long nowNanos) {
    this.scheduler = scheduler;
    this.intervalStart = nowNanos;
    this.last = new Snapshot(scheduler, nowNanos, nowNanos, List.of());
  }

  /**
   * The entry of (tenant, op), made on first use: a tenant that only gets costs one entry's
   * histograms (about 100 KB), not four.
   */
  private Entry entry(String tenant, OperationType op) {
    AtomicReferenceArray<Entry> row = byTenant.computeIfAbsent(tenant, t -> new AtomicReferenceArray<>(OPS.length));
    Entry e = row.get(op.ordinal());
    if (e == null) {
      Entry made = new Entry();
      e = row.compareAndSet(op.ordinal(), null, made) ? made : row.get(op.ordinal());
    }
    return e;
  }

  /** Drops the entries of tenants {@code keep} rejects (forgotten as idle). */
  void forgetTenants(java.util.function.Predicate<String> keep) {
    byTenant.keySet().removeIf(t -> !keep.test(t));
  }

  /** The cost (estimated service time in microseconds) to charge a new call up front. */
  long estimateMicros(String tenant, OperationType op) {
    return Math.max(1L, Math.round(entry(tenant, op).costMicros));
  }

  void completed(String tenant, OperationType op, long queueNanos, long latencyNanos, long serviceMicros) {
    Entry e = entry(tenant, op);
    e.queueTime.recordNanos(queueNanos);
    e.latency.recordNanos(latencyNanos);
    e.completions.increment();
    e.costMicros = e.costMicros + EWMA_WEIGHT * (serviceMicros - e.costMicros);
  }

  void dropped(String tenant, OperationType op) {
    entry(tenant, op).drops.increment();
  }

  /** Completions since start. */
  public long totalCompletions(String tenant, OperationType op) {
    Entry e = existing(tenant, op);
    return e == null ? 0 : e.completions.sum();
  }

  /** Deadline drops since start. */
  public long totalDrops(String tenant, OperationType op) {
    Entry e = existing(tenant, op);
    return e == null ? 0 : e.drops.sum();
  }

  private Entry existing(String tenant, OperationType op) {
    AtomicReferenceArray<Entry> row = byTenant.get(tenant);
    return row == null ? null : row.get(op.ordinal());
  }

  synchronized Snapshot roll(long nowNanos) {
    List<Row> rows = new ArrayList<>();
    for (Map.Entry<String, AtomicReferenceArray<Entry>> t : byTenant.entrySet()) {
      for (OperationType op : OPS) {
        Entry e = t.getValue().get(op.ordinal());
        if (e == null) {
          continue;
        }
        Histogram lat = e.latency.interval();
        Histogram q = e.queueTime.interval();
        long c = e.completions.sum();
        long d = e.drops.sum();
        if (c != e.lastCompletions || d != e.lastDrops || lat.getTotalCount() > 0) {
          rows.add(
              new Row(
                  t.getKey(),
                  op,
                  c - e.lastCompletions,
                  d - e.lastDrops,
                  LatencySummary.ofNanos(lat),
                  LatencySummary.ofNanos(q),
                  lat));
        }
        e.lastCompletions = c;
        e.lastDrops = d;
      }
    }
    last = new Snapshot(scheduler, intervalStart, nowNanos, rows);
    intervalStart = nowNanos;
    return last;
  }

  public Snapshot last() {
    return last;
  }
}
