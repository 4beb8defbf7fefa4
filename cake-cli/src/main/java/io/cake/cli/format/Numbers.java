package io.cake.cli.format;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/** How numbers read in tables; null (not measured) is "-". Never locale-dependent. */
public final class Numbers {
  private Numbers() {}

  /** A fraction 0..1 to three decimals: {@code 0.450}. */
  public static String fraction(Double v) {
    return v == null ? null : String.format(Locale.ROOT, "%.3f", v);
  }

  /** Occupancy and the like to two decimals. */
  public static String twoDecimals(Double v) {
    return v == null ? null : String.format(Locale.ROOT, "%.2f", v);
  }

  /** Milliseconds: two decimals under 10, one under 1,000, none above. */
  public static String millis(Double v) {
    if (v == null) {
      return null;
    }
    String f = Math.abs(v) < 10 ? "%.2f" : Math.abs(v) < 1000 ? "%.1f" : "%.0f";
    return String.format(Locale.ROOT, f, v);
  }

  /** Rates in ops/s, one decimal. */
  public static String rate(Double v) {
    return v == null ? null : String.format(Locale.ROOT, "%.1f", v);
  }

  /** A percentile to at most two decimals: {@code p99}, {@code p99.9}, {@code p99.76}. */
  public static String percentile(Double v) {
    return v == null ? null
        : "p" + BigDecimal.valueOf(v).setScale(2, RoundingMode.HALF_UP).stripTrailingZeros().toPlainString();
  }

  public static String count(Double v) {
    return v == null ? null : String.format(Locale.ROOT, "%.0f", v);
  }

  public static String integer(Integer v) {
    return v == null ? null : Integer.toString(v);
  }

  /** A weight to three significant digits, without trailing zeros: 33.3, 1, 0.1. */
  public static String weight(Double v) {
    if (v == null) {
      return null;
    }
    if (Double.isInfinite(v)) {
      return v > 0 ? "inf" : "-inf";
    }
    return new BigDecimal(v).round(new MathContext(3)).stripTrailingZeros().toPlainString();
  }
}
