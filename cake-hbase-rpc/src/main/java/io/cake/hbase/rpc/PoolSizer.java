package io.cake.hbase.rpc;

import io.cake.core.aimd.AimdConfig;
import io.cake.core.aimd.AimdPolicy;
import io.cake.core.metrics.LatencyRecorder;
import io.cake.core.metrics.LatencySummary;
import io.cake.core.time.Clock;
import java.util.Objects;
import org.HdrHistogram.Histogram;

/**
 * When and how to resize the handler pool: every AIMD interval, the cake-core {@link AimdPolicy}
 * applied to the mean service time of the single-row gets served since the last decision. Pure
 * apart from the injected clock; the scheduler calls {@link #tick} from its metrics timer.
 */
public final class PoolSizer {
  private final Clock clock;
  private final LatencyRecorder singleGets = new LatencyRecorder();
  private volatile AimdPolicy policy;
  private long lastDecisionNanos;
  private volatile double lastMeanMillis = Double.NaN;
  private volatile int cap;

  public PoolSizer(AimdConfig config, Clock clock) {
    this.policy = new AimdPolicy(config);
    this.clock = Objects.requireNonNull(clock);
    this.lastDecisionNanos = clock.nanoTime();
  }

  public AimdConfig config() {
    return policy.config();
  }

  public void setConfig(AimdConfig config) {
    this.policy = new AimdPolicy(config);
  }

  /**
   * A ceiling below the AIMD maximum, set by the second-level controller (0: none). The AIMD
   * minimum still wins: the cap never takes the pool below it.
   */
  public void setCap(int cap) {
    if (cap < 0) {
      throw new IllegalArgumentException("cap must be >= 0 (0: none), got " + cap);
    }
    this.cap = cap;
  }

  public int cap() {
    return cap;
  }

  /** A single-row get was served in {@code nanos} of handler time. */
  public void recordSingleGet(long nanos) {
    singleGets.recordNanos(nanos);
  }

  /** Mean single-row get service time behind the last decision (NaN if there were none). */
  public double lastMeanMillis() {
    return lastMeanMillis;
  }

  /** The size the pool should have now: {@code current} unless an AIMD interval has passed. */
  public synchronized int tick(int current) {
    AimdPolicy p = policy;
    long now = clock.nanoTime();
    if (now - lastDecisionNanos < p.config().interval().toNanos()) {
      return clamp(current);
    }
    lastDecisionNanos = now;
    Histogram h = singleGets.interval();
    double mean = h.getTotalCount() == 0 ? Double.NaN : LatencySummary.meanNanos(h) / 1e6;
    lastMeanMillis = mean;
    return clamp(p.next(current, mean));
  }

  /** Refuses, naming the bound, a size outside the configured bounds or above the cap. */
  public void checkSize(int size) {
    AimdConfig c = policy.config();
    if (size < c.minSize() || size > c.maxSize()) {
      throw new IllegalArgumentException(
          "pool size must be within [" + c.minSize() + ", " + c.maxSize() + "], got " + size);
    }
    if (clamp(size) != size) {
      throw new IllegalArgumentException("pool size " + size + " is above the pool's cap "
          + cap + " (set PoolCap to 0 to clear it)");
    }
  }

  /** The configuration with the bounds {@code min} and {@code max}, the rest as now. */
  public AimdConfig withBounds(int min, int max) {
    AimdConfig c = policy.config();
    return new AimdConfig(c.lowMillis(), c.highMillis(), c.decreaseFactor(), min, max, c.interval());
  }

  /** {@code size} within the configured bounds and under the cap. */
  public int clamp(int size) {
    AimdConfig c = policy.config();
    int max = cap > 0 ? Math.min(cap, c.maxSize()) : c.maxSize();
    return Math.max(c.minSize(), Math.min(max, size));
  }
}
