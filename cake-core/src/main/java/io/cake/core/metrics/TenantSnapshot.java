package io.cake.core.metrics;

import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * One tenant's numbers for one interval at one first-level scheduler. Counts are the interval's
 * increase, {@code totals} the counts since the tenant's metrics began, as of the interval's end;
 * histograms hold nanoseconds and must not be modified by readers. {@code busiestSecond} is the
 * tenant's load in slots in the busiest second of the interval ({@link BusiestSecond}): a burst
 * the interval's mean hides shows in it. {@code arrivalPeaks} are the most calls that arrived in any
 * 100 ms and any second of the interval ({@link ArrivalPeaks}).
 */
public record TenantSnapshot(
    String tenant,
    long intervalNanos,
    long arrivals,
    long completions,
    long rejections,
    long drops,
    long serviceUnits,
    Histogram queueTimeNanos,
    Histogram serviceTimeNanos,
    Histogram latencyNanos,
    double occupancy,
    double share,
    int reservation,
    int queueLength,
    double busiestSecond,
    ArrivalPeaks.Peaks arrivalPeaks,
    TenantTotals totals) {

  public LatencySummary queueTime() {
    return LatencySummary.ofNanos(queueTimeNanos);
  }

  public LatencySummary serviceTime() {
    return LatencySummary.ofNanos(serviceTimeNanos);
  }

  public LatencySummary latency() {
    return LatencySummary.ofNanos(latencyNanos);
  }

  /**
   * Service units per second over the interval: at the DataNode, bytes read per second (its cost
   * unit is the bytes of each gated read).
   */
  public double serviceRate() {
    return perSecond(serviceUnits);
  }

  /** Arrivals per second over the interval. */
  public double arrivalRate() {
    return perSecond(arrivals);
  }

  /** Completions per second over the interval. */
  public double throughput() {
    return perSecond(completions);
  }

  private double perSecond(long count) {
    return intervalNanos <= 0 ? 0.0 : count * (double) TimeUnit.SECONDS.toNanos(1) / intervalNanos;
  }
}
