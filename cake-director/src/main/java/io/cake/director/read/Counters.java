package io.cake.director.read;

/** The growth of a cumulative counter between two readings, the one rule for counters that restart. */
final class Counters {
  private Counters() {}

  /**
   * {@code now - before}; 0 for a counter not read before, or one that went back (it restarted:
   * its source reopened or forgot it), which counts from its next reading.
   */
  static long growth(Long before, long now) {
    return before == null || now < before ? 0 : now - before;
  }
}
