package io.cake.controller.policy;

import io.cake.controller.loop.ResourceLoad;
import io.cake.core.contract.Contract;
import io.cake.core.tenant.ThroughputContract;
import java.util.List;

/**
 * Token buckets for a tenant's priority lane, fitted to its recent arrivals: PriorityMeister's
 * workload analysis (its section 4.1) in its simplest honest form. PriorityMeister replays each
 * workload's trace through token buckets at several rates and finds, per rate, the least burst that
 * passes it; the workload is then given those (rate, burst) pairs, and its priority holds for the
 * traffic within them only.
 *
 * <p>Here the first level keeps no trace, only points of each tenant's arrival curve per interval
 * (the most calls in any 100 ms and in any second, and the mean rate: {@link ResourceLoad.Arrivals}),
 * and the controller keeps their recent peaks ({@link Envelope}, decaying as the lanes' load peaks
 * do). From them, two buckets, each {@code factor} times what the tenant was seen to send:
 * <ul>
 *   <li>the <b>peak</b> bucket: the busiest second's rate, with the busiest 100 ms as its burst, so
 *       the burst's head goes through the lane at once and its body at the rate it came at;
 *   <li>the <b>long-run</b> bucket: the mean rate, with the busiest second as its burst, so a tenant
 *       that goes on sending at its peak for longer than it was seen to keeps its lane for the
 *       mean's worth only.
 * </ul>
 * A bucket of rate r passes a window of length w with at most burst + r w calls; so with {@code
 * factor} 2 the peak bucket passes a second with twice the busiest second's calls, and any 100 ms
 * with twice the busiest 100 ms's. What goes beyond the buckets is not refused: it is served by
 * share, as everyone's work is.
 *
 * <p>Why in calls and reads, not busy slots as the lanes' widths: a bucket counts what arrives, so
 * the tenant's promise does not change when its calls get slower (a cold cache, a busy disk); the
 * width counts slots, which do. Each level fits its own buckets in its own units: calls at HBase,
 * reads (64 KB chunks) at the DataNode.
 *
 * <p>Pure: no clock, no threads; the envelope is passed in and returned.
 */
public final class LaneBuckets {
  private LaneBuckets() {}

  /** The recent peaks of a tenant's arrivals at one level. */
  public record Envelope(double rate, double in100ms, double inSecond) {
    public static final Envelope EMPTY = new Envelope(0.0, 0.0, 0.0);

    /** The peaks after an interval with these arrivals (unmeasured: the peaks decay). */
    public Envelope next(ResourceLoad.Arrivals a) {
      boolean m = a.measured();
      return new Envelope(
          TenantState.nextPeak(rate, m ? a.rate() : 0.0),
          TenantState.nextPeak(in100ms, m ? a.in100ms() : 0.0),
          TenantState.nextPeak(inSecond, m ? a.inSecond() : 0.0));
    }
  }

  /**
   * The buckets for a lane: {@code factor} times the envelope's peak and long-run arrivals, or null
   * when nothing has arrived lately (a lane with no history to fit stays bounded by its width).
   */
  public static Contract fit(Envelope e, double factor) {
    if (!(factor >= 1.0) || Double.isInfinite(factor)) {
      throw new IllegalArgumentException("bucket factor must be finite and >= 1, got " + factor);
    }
    if (!(e.rate() > 0.0 && e.inSecond() > 0.0)) {
      return null;
    }
    double second = Math.max(e.inSecond(), e.in100ms()); // a second holds its busiest 100 ms
    ThroughputContract peak = new ThroughputContract(
        wholeRate(factor * second), burst(factor * e.in100ms()));
    ThroughputContract longRun = new ThroughputContract(
        wholeRate(factor * Math.min(e.rate(), second)), burst(factor * second));
    return new Contract(List.of(peak, longRun));
  }

  /** Whole calls per second, rounded up: short in the text form over JMX, never below 1. */
  private static double wholeRate(double perSecond) {
    return Math.max(1.0, Math.ceil(perSecond - 1e-9));
  }

  private static long burst(double calls) {
    return Math.max(1L, (long) Math.ceil(calls - 1e-9));
  }
}
