package io.cake.bench.load;

import java.util.Locale;
import java.util.SplittableRandom;

/**
 * The front end's offered load over a phase (Cake section 6): constant; diurnal (a day compressed
 * into the phase, 3x peak-to-trough, mean = the base rate); spike (a fifth of the base rate, then
 * ten times that, twice the base rate, for the middle third of the phase, then low again: the
 * paper's 20 -> 200 req/s, with a peak the front end alone can still be served at); on-off (bursts
 * beyond the paper: {@link #ON_SECONDS} at {@link #ON_TIMES} the base rate, then
 * {@link #OFF_SECONDS} at a third of it, over and over; the mean is the base rate, and each burst
 * lasts no longer than a controller interval, so a reactive controller sees it only once it is over).
 */
public enum RateShape {
  CONSTANT,
  DIURNAL,
  SPIKE,
  ON_OFF;

  /** on-off: seconds of each burst, at {@link #ON_TIMES} the base rate. */
  public static final double ON_SECONDS = 5;
  /** on-off: seconds between bursts, at a third of the base rate. */
  public static final double OFF_SECONDS = 15;
  /** on-off: the burst's rate over the base rate; with the off rate at a third, the mean is the base. */
  public static final double ON_TIMES = 3;
  private static final double OFF_TIMES = 1.0 / 3;

  public static RateShape parse(String s) {
    try {
      return valueOf(s.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("shape must be constant, diurnal, spike or on-off, got '" + s + "'");
    }
  }

  public String label() {
    return name().toLowerCase(Locale.ROOT).replace('_', '-');
  }

  /** Requests per second at {@code t} seconds into a phase of {@code length} seconds. */
  public double rate(double base, double t, double length) {
    double x = length <= 0 ? 0 : t / length;
    switch (this) {
      case DIURNAL:
        // trough 0.5x at the start and end, peak 1.5x in the middle: 3x peak-to-trough.
        return base * (1.0 - 0.5 * Math.cos(2 * Math.PI * x));
      case SPIKE:
        return x >= 1.0 / 3 && x < 2.0 / 3 ? base * 2.0 : base * 0.2;
      case ON_OFF:
        return t % (ON_SECONDS + OFF_SECONDS) < ON_SECONDS ? base * ON_TIMES : base * OFF_TIMES;
      default:
        return base;
    }
  }

  /**
   * Intended start times of a phase that first runs {@code settleSeconds} at the constant base rate
   * and then this shape over {@code lengthSeconds}: the shape's arrivals are shifted by the settle
   * period, so it starts at its own beginning however long the system ran before it. Used to let a
   * controller settle at the base rate before a shaped run is measured, as it would have on a
   * cluster that was already running.
   */
  public long[] arrivalsAfter(double base, double settleSeconds, double lengthSeconds, long seed) {
    if (!(settleSeconds >= 0)) {
      throw new IllegalArgumentException("settle seconds must be >= 0, got " + settleSeconds);
    }
    long[] settle = settleSeconds == 0 ? new long[0] : CONSTANT.arrivals(base, settleSeconds, seed ^ 0x5e771eL);
    long[] shaped = arrivals(base, lengthSeconds, seed);
    long shift = (long) (settleSeconds * 1e9);
    long[] out = java.util.Arrays.copyOf(settle, settle.length + shaped.length);
    for (int i = 0; i < shaped.length; i++) {
      out[settle.length + i] = shift + shaped[i];
    }
    return out;
  }

  /**
   * Intended start times (nanoseconds from the phase start) of a Poisson arrival process with this
   * shape: open-loop, fixed by the seed, independent of how fast the system answers.
   */
  public long[] arrivals(double base, double lengthSeconds, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    double peak = 0;
    for (int i = 0; i <= 1000; i++) {
      peak = Math.max(peak, rate(base, lengthSeconds * i / 1000.0, lengthSeconds));
    }
    // Thinning (Lewis-Shedler): candidates at the peak rate, kept with probability rate(t)/peak.
    long[] out = new long[(int) Math.min(Integer.MAX_VALUE - 8, Math.ceil(peak * lengthSeconds * 1.2 + 64))];
    int n = 0;
    double t = 0;
    while (true) {
      t += -Math.log(1.0 - random.nextDouble()) / peak;
      if (t >= lengthSeconds) {
        break;
      }
      if (random.nextDouble() * peak <= rate(base, t, lengthSeconds)) {
        if (n == out.length) {
          out = java.util.Arrays.copyOf(out, out.length * 2);
        }
        out[n++] = (long) (t * 1e9);
      }
    }
    return java.util.Arrays.copyOf(out, n);
  }
}
