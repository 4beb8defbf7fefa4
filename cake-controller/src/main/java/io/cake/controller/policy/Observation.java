package io.cake.controller.policy;

import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.metrics.TenantSnapshot;
import io.cake.core.tenant.ByteThroughputGoal;
import io.cake.core.tenant.Goal;
import io.cake.core.tenant.LatencyGoal;
import org.HdrHistogram.Histogram;

/**
 * One interval's measurements of the latency tenant, as the decision needs them.
 *
 * @param samples requests completed in the interval (the p99's sample size); for a goal on one
 *     operation, that operation's
 * @param measured the goal's metric: latency in ms at the goal's percentile, ops/s, or MB/s read at
 *     the DataNode (NaN: not measured)
 * @param hbaseOccupancy fraction of the interval with the tenant's HBase queue non-empty
 * @param hdfsOccupancy the same at the DataNode
 * @param hbaseBusy mean number of HBase handlers busy with the tenant's calls (Little's law:
 *     completions x mean service time / interval)
 * @param hdfsBusy the same for DataNode disk slots
 * @param hbaseSlots HBase handler pool size now
 * @param hdfsSlots DataNode soft limit now
 * @param percentile for a latency goal, the percentile {@code measured} was read at (the goal's
 *     own or above it, {@link #steeredPercentile}); NaN for a throughput goal
 * @param overGoal for a latency goal, how many of the {@code samples} were slower than it (0 for a
 *     throughput goal): with too few samples for a percentile, a clear miss still shows
 *     ({@link WindowPercentile#clearlyOver})
 */
public record Observation(
    long samples,
    double measured,
    double hbaseOccupancy,
    double hdfsOccupancy,
    double hbaseBusy,
    double hdfsBusy,
    int hbaseSlots,
    int hdfsSlots,
    double percentile,
    long overGoal) {

  /**
   * Reads the tenant's numbers from the last HBase interval snapshot and the DataNode's last
   * interval load. Latency is the HBase end-to-end server latency (receive to response), which
   * includes the time the handler waited on HDFS, measured at the percentile that keeps a window
   * of the interval's size within a latency goal with probability {@code confidence}
   * ({@link WindowPercentile}; 0.5: the goal's own percentile), and where the interval's requests
   * are too few to show that percentile, from an exponential fit to their slowest tenth ({@link
   * TailPercentile}). A latency goal on one operation
   * is measured on that operation's calls alone, from the interval's latencies per operation: its
   * latency and its sample count; occupancy and busy slots stay the tenant's, whose queue its calls
   * share. An MB/s goal is measured at the DataNode: the bytes its read scheduler served the
   * tenant per second over its last interval ({@code hdfs}).
   */
  public static Observation of(String tenant, Goal goal, double confidence, HBaseInterval interval,
      ResourceLoad hdfs) {
    return of(tenant, goal, confidence, interval, hdfs, TailPool.none());
  }

  /**
   * As {@link #of(String, Goal, double, HBaseInterval, ResourceLoad)}, with a latency goal's steered
   * percentile read from {@code pool}: this interval's latencies (of the goal's operation, if it is
   * on one) pooled with the intervals before it that the pool holds. The percentile is still the one
   * for a window of this interval's requests, and the sample count and clear-miss count are still
   * this interval's.
   */
  public static Observation of(String tenant, Goal goal, double confidence, HBaseInterval interval,
      ResourceLoad hdfs, TailPool pool) {
    SchedulerSnapshot hbase = interval.tenants();
    TenantSnapshot hb = hbase.tenant(tenant).orElse(null);
    ResourceLoad.TenantLoad df = hdfs.tenant(tenant);
    long samples = hb == null ? 0 : hb.completions();
    double measured;
    double percentile = Double.NaN;
    long over = 0;
    if (goal instanceof LatencyGoal lg) {
      Histogram latency = hb == null ? null : hb.latencyNanos();
      if (lg.operation().isPresent()) {
        latency = interval.operations().of(tenant, lg.operation().get()).orElse(null);
        samples = latency == null ? 0 : latency.getTotalCount();
      }
      percentile = steeredPercentile(lg, samples, confidence);
      measured = latency == null ? Double.NaN : TailPercentile.ms(pool.add(latency), percentile);
      over = latency == null ? 0 : overGoal(latency, lg);
    } else if (goal instanceof ByteThroughputGoal) {
      measured = ByteThroughputGoal.megabytes(df.serviceRate());
    } else {
      measured = hb == null ? 0.0 : hb.throughput();
    }
    return new Observation(
        samples,
        measured,
        hb == null ? 0.0 : hb.occupancy(),
        df.occupancy(),
        hb == null ? 0.0 : ResourceLoad.busy(hb),
        df.busy(),
        hbase.slots(),
        hdfs.slots(),
        percentile,
        over);
  }

  /** The requests in {@code latency} (nanoseconds) slower than the goal's latency. */
  static long overGoal(Histogram latency, LatencyGoal goal) {
    long goalNanos = (long) Math.floor(goal.millis() * 1_000_000.0);
    return latency.getTotalCount() - latency.getCountBetweenValues(0, goalNanos);
  }

  /**
   * Whether this interval shows a latency goal missed despite too few samples for its percentile
   * ({@code samples < minSamples}): {@link WindowPercentile#clearlyOver} with {@code confidence}.
   * Never for a throughput goal, nor with enough samples, where the percentile itself judges.
   */
  public boolean clearMiss(Goal goal, long minSamples, double confidence) {
    return goal instanceof LatencyGoal lg && samples < minSamples
        && WindowPercentile.clearlyOver(lg.percentile(), samples, overGoal, confidence);
  }

  /** The percentile a latency goal is measured at, for {@code samples} requests. */
  public static double steeredPercentile(LatencyGoal goal, long samples, double confidence) {
    return WindowPercentile.steer(goal.percentile(), samples, confidence);
  }

  /** An observation with no measured slot utilisation (read as idle). */
  public Observation(long samples, double measured, double hbaseOcc, double hdfsOcc, int hbaseSlots, int hdfsSlots) {
    this(samples, measured, hbaseOcc, hdfsOcc, 0.0, 0.0, hbaseSlots, hdfsSlots);
  }

  /** An observation that does not say at which percentile its latency was read. */
  public Observation(long samples, double measured, double hbaseOcc, double hdfsOcc, double hbaseBusy,
      double hdfsBusy, int hbaseSlots, int hdfsSlots) {
    this(samples, measured, hbaseOcc, hdfsOcc, hbaseBusy, hdfsBusy, hbaseSlots, hdfsSlots, Double.NaN);
  }

  /** An observation that does not say how many requests were over the goal (none counted). */
  public Observation(long samples, double measured, double hbaseOcc, double hdfsOcc, double hbaseBusy,
      double hdfsBusy, int hbaseSlots, int hdfsSlots, double percentile) {
    this(samples, measured, hbaseOcc, hdfsOcc, hbaseBusy, hdfsBusy, hbaseSlots, hdfsSlots, percentile, 0);
  }

}
