package io.cake.bench.load;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import org.HdrHistogram.Histogram;

/**
 * One tenant's measurements over a phase: a latency histogram for the measured period and one per
 * window, plus per-window operation and byte counts. Latencies are recorded in microseconds. A
 * failed operation counts in the latencies and in {@link #ops} (a front end's error is a slow
 * request), not in {@link #completed} (a batch scan that failed is not throughput).
 * Thread-safe (recording takes a short lock on the window; rates are hundreds per second).
 */
public final class Windows implements Sink {
  private static final long MAX_MICROS = 3_600_000_000L;

  private final long windowNanos;
  private final int count;
  private final Histogram total = new Histogram(MAX_MICROS, 3);
  private final Histogram[] windows;
  private final AtomicLongArray ops;
  private final AtomicLongArray failed;
  private final AtomicLongArray bytes;

  public Windows(double windowSeconds, double measuredSeconds) {
    this.windowNanos = (long) (windowSeconds * 1e9);
    this.count = Math.max(1, (int) Math.ceil(measuredSeconds / windowSeconds - 1e-9));
    this.windows = new Histogram[count];
    for (int i = 0; i < count; i++) {
      windows[i] = new Histogram(MAX_MICROS, 3);
    }
    this.ops = new AtomicLongArray(count);
    this.failed = new AtomicLongArray(count);
    this.bytes = new AtomicLongArray(count);
  }

  private int index(long sinceMeasureStartNanos) {
    if (sinceMeasureStartNanos < 0) {
      return -1;
    }
    long i = sinceMeasureStartNanos / windowNanos;
    return i >= count ? -1 : (int) i;
  }

  /** An operation at {@code at} ns after the measured period began (negative: warm-up, ignored). */
  @Override
  public void record(long at, long latencyNanos, long byteCount, boolean ok) {
    int i = index(at);
    if (i < 0) {
      return;
    }
    long micros = Math.max(1, Math.min(MAX_MICROS, latencyNanos / 1_000));
    synchronized (this) {
      total.recordValue(micros);
      windows[i].recordValue(micros);
    }
    ops.incrementAndGet(i);
    if (!ok) {
      failed.incrementAndGet(i);
    }
    bytes.addAndGet(i, byteCount);
  }

  public double windowSeconds() {
    return windowNanos / 1e9;
  }

  public int count() {
    return count;
  }

  public synchronized Histogram total() {
    return total.copy();
  }

  public synchronized Histogram window(int i) {
    return windows[i].copy();
  }

  public long ops(int i) {
    return ops.get(i);
  }

  /** Window {@code i}'s operations that succeeded. */
  public long completed(int i) {
    return ops.get(i) - failed.get(i);
  }

  public long bytes(int i) {
    return bytes.get(i);
  }

  public long errors() {
    return sum(failed);
  }

  public long totalOps() {
    return sum(ops);
  }

  /** The operations that succeeded, over the measured period. */
  public long totalCompleted() {
    return totalOps() - errors();
  }

  public long totalBytes() {
    return sum(bytes);
  }

  private long sum(AtomicLongArray a) {
    long s = 0;
    for (int i = 0; i < count; i++) {
      s += a.get(i);
    }
    return s;
  }

  /** Per window ops (a copy). */
  public List<Long> opsList() {
    List<Long> l = new ArrayList<>(count);
    for (int i = 0; i < count; i++) {
      l.add(ops.get(i));
    }
    return l;
  }

  public static double ms(Histogram h, double percentile) {
    return h.getTotalCount() == 0 ? Double.NaN : h.getValueAtPercentile(percentile) / 1000.0;
  }
}
