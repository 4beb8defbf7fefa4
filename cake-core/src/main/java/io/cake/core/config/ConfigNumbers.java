package io.cake.core.config;

/**
 * Reads numbers from configuration values, with errors that name the key and quote the value.
 * Shared by the per-tenant keys ({@link TenantKeys}) and the HBase side's other keys, so a bad
 * number reads the same whichever key it is in.
 */
public final class ConfigNumbers {
  private ConfigNumbers() {}

  /** @throws IllegalArgumentException naming {@code key} unless {@code v} is a number */
  public static double parseDouble(String key, String v) {
    try {
      return Double.parseDouble(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be a number, got '" + v + "'");
    }
  }

  /** @throws IllegalArgumentException naming {@code key} unless {@code v} is finite and > 0 */
  public static double positiveDouble(String key, String v) {
    double d = parseDouble(key, v);
    if (!(d > 0.0) || Double.isInfinite(d)) {
      throw new IllegalArgumentException(key + " must be a positive finite number, got '" + v + "'");
    }
    return d;
  }

  /** @throws IllegalArgumentException naming {@code key} unless {@code v} is an int >= {@code min} */
  public static int intAtLeast(String key, String v, int min) {
    long l = longAtLeast(key, v, min);
    if (l > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(key + " must be an integer of at most " + Integer.MAX_VALUE + ", got " + l);
    }
    return (int) l;
  }

  /** @throws IllegalArgumentException naming {@code key} unless {@code v} is a long >= {@code min} */
  public static long longAtLeast(String key, String v, long min) {
    long l;
    try {
      l = Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + " must be an integer, got '" + v + "'");
    }
    if (l < min) {
      throw new IllegalArgumentException(key + " must be >= " + min + ", got " + l);
    }
    return l;
  }
}
