package io.cake.core.metrics;

import java.util.concurrent.TimeUnit;

/**
 * A tenant's most arrivals in any 100 ms and in any second of an interval: two points of its
 * arrival curve (network calculus' alpha(w), the most calls in any window of length w), from which
 * the controller fits the token buckets that bound its priority lane (PriorityMeister's workload
 * analysis: the least burst a bucket of rate r needs to pass these arrivals is at most
 * max over windows of alpha(w) - r w).
 *
 * <p>Why not every arrival's time: a 10 s interval of a busy front end is tens of thousands of
 * calls, and over JMX (a DataNode's controller reads it from another JVM) only a few numbers
 * travel. Two windows a decade apart catch a burst's height (100 ms) and its body (1 s); the
 * interval's arrival count gives the long run.
 *
 * <p>Sliding, in tenths of each window: the count is of the current tenth and the nine before it,
 * so it lies between the most arrivals in any 0.9 w and in any w. A window is counted when a call
 * arrives in it; one under way when the interval closes goes on counting into the next, whose
 * first arrival sees the calls before it (as {@link BusiestSecond}), and an interval without
 * arrivals shows none.
 *
 * <p>Time is passed in (the caller's clock). Not thread-safe: the first level's scheduler calls it
 * under its own lock, which every accepted call holds anyway, rather than taking a second lock per
 * call (as {@link OccupancyTracker}).
 */
public final class ArrivalPeaks {
  static final long[] WINDOW_NANOS = {TimeUnit.MILLISECONDS.toNanos(100), TimeUnit.SECONDS.toNanos(1)};
  private static final int TENTHS = 10;

  /** The most arrivals in any 100 ms and in any second of an interval. */
  public record Peaks(long in100ms, long inSecond) {
    public static final Peaks NONE = new Peaks(0, 0);
  }

  private final Window[] windows = new Window[WINDOW_NANOS.length];

  public ArrivalPeaks() {
    for (int i = 0; i < windows.length; i++) {
      windows[i] = new Window(WINDOW_NANOS[i] / TENTHS);
    }
  }

  /** One call arrived at {@code nowNanos}. */
  public void arrived(long nowNanos) {
    for (Window w : windows) {
      w.arrived(nowNanos);
    }
  }

  /** Closes the interval at {@code nowNanos}: its peaks, the windows under way included. */
  public Peaks roll(long nowNanos) {
    return new Peaks(windows[0].roll(nowNanos), windows[1].roll(nowNanos));
  }

  /** One window length, as a ring of its last ten tenths. */
  private static final class Window {
    final long tenthNanos;
    final long[] tenths = new long[TENTHS];
    long tenth = Long.MIN_VALUE; // the tenth under way, as a count of tenths since the clock's zero
    long sum; // arrivals in the ring: the window under way
    long peak;

    Window(long tenthNanos) {
      this.tenthNanos = tenthNanos;
    }

    void arrived(long nowNanos) {
      advance(nowNanos);
      tenths[(int) Math.floorMod(tenth, (long) TENTHS)]++;
      sum++;
      peak = Math.max(peak, sum);
    }

    long roll(long nowNanos) {
      advance(nowNanos);
      long p = peak;
      peak = 0;
      return p;
    }

    private void advance(long nowNanos) {
      long t = Math.floorDiv(nowNanos, tenthNanos);
      if (tenth == Long.MIN_VALUE || t - tenth >= TENTHS) {
        java.util.Arrays.fill(tenths, 0L);
        sum = 0;
      } else {
        for (long i = tenth + 1; i <= t; i++) {
          int idx = (int) Math.floorMod(i, (long) TENTHS);
          sum -= tenths[idx];
          tenths[idx] = 0;
        }
      }
      tenth = Math.max(tenth, t);
    }
  }
}
