package io.cake.controller.loop;

import java.time.Duration;

/**
 * When the controller's next decision runs: just after the RegionServer closes its next metrics
 * interval.
 *
 * <p>Each decision reads the last closed interval. The RegionServer closes its intervals on one
 * timer; a controller deciding on another of the same period, started at some other moment, keeps
 * a phase fixed by chance at start. A decision at phase φ reads an interval that closed φ ago, and
 * its allocation then takes force φ into the next interval: that interval measures half the old
 * allocation and half the new, and the first decision of a run can come an interval late.
 * Deciding right after each close, the paper's loop (measure an interval, decide, let the next
 * interval measure the decision) holds whatever the phase
 * (docs/decisions/0024-wall-clock-intervals.md).
 *
 * <p>Pure: time is passed in. With a controller interval other than the metrics interval (a
 * configuration the controller warns about, {@link io.cake.controller.config.IntervalCheck}) it
 * keeps its own period.
 */
public final class TickTiming {
  /** How long after a close the decision runs: room for the close itself, at most 100 ms. */
  static final Duration MAX_AFTER_CLOSE = Duration.ofMillis(100);

  private TickTiming() {}

  /**
   * The delay until the next decision.
   *
   * @param now the clock the intervals' ends are read on
   * @param lastCloseNanos when the RegionServer's last metrics interval closed
   * @param metricsInterval how often the RegionServer closes one
   * @param controllerInterval how often the controller decides
   */
  public static Duration untilNext(long now, long lastCloseNanos, Duration metricsInterval,
      Duration controllerInterval) {
    if (!aligned(metricsInterval, controllerInterval)) {
      return controllerInterval;
    }
    long period = metricsInterval.toNanos();
    long after = afterClose(period);
    long due = lastCloseNanos + period; // the next close
    if (now < due) {
      return Duration.ofNanos(due + after - now);
    }
    if (nextCloseIsDue(now, lastCloseNanos, metricsInterval, controllerInterval)) {
      return Duration.ofNanos(after); // the close is late (a busy timer thread): look again soon
    }
    return controllerInterval; // no close for a whole interval: the RegionServer's timer is not running
  }

  /**
   * Whether the next close is already due, so that the last interval is not the one to decide on:
   * decided now, its allocation would take force only as the next interval closes, and the
   * decision after, a moment later, would judge an interval that never saw it and step again on
   * the same evidence (two share steps a moment apart, then a give-back and a missed window). The
   * step waits for the close instead
   * ({@link #untilNext} looks again soon). Never once the close is a whole interval late: then
   * the RegionServer's timer is not running, and the controller decides on its own period.
   */
  public static boolean nextCloseIsDue(long now, long lastCloseNanos, Duration metricsInterval,
      Duration controllerInterval) {
    if (!aligned(metricsInterval, controllerInterval)) {
      return false;
    }
    long period = metricsInterval.toNanos();
    long due = lastCloseNanos + period;
    return now >= due && now < due + period;
  }

  /** Decisions follow the closes only when both have the same period. */
  private static boolean aligned(Duration metricsInterval, Duration controllerInterval) {
    return metricsInterval.toNanos() > 0 && metricsInterval.equals(controllerInterval);
  }

  /** A twentieth of the interval, at most {@link #MAX_AFTER_CLOSE}. */
  static long afterClose(long periodNanos) {
    return Math.max(1, Math.min(MAX_AFTER_CLOSE.toNanos(), periodNanos / 20));
  }
}
