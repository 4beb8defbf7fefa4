package io.cake.core.tenant;

/**
 * "At least {@code megabytesPerSecond} MB/s read" (1 MB = 10^6 bytes). A type of its own, not a
 * unit on {@link ThroughputGoal}: it is measured elsewhere (bytes the DataNode's read scheduler
 * served, not calls the RegionServer completed), so code that reads a goal's number must not take
 * one for the other.
 */
public record ByteThroughputGoal(double megabytesPerSecond) implements Goal {
  public static final double BYTES_PER_MEGABYTE = 1e6;

  public ByteThroughputGoal {
    if (!(megabytesPerSecond > 0.0) || Double.isInfinite(megabytesPerSecond)) {
      throw new IllegalArgumentException(
          "megabytesPerSecond must be a positive finite number, got " + megabytesPerSecond);
    }
  }

  /** @param measuredMegabytesPerSecond MB/s read over the interval */
  @Override
  public double normalisedPerformance(double measuredMegabytesPerSecond) {
    return Math.max(0.0, measuredMegabytesPerSecond) / megabytesPerSecond;
  }

  /** {@code bytesPerSecond} in MB/s. */
  public static double megabytes(double bytesPerSecond) {
    return bytesPerSecond / BYTES_PER_MEGABYTE;
  }

  @Override
  public String toString() {
    return ">= " + megabytesPerSecond + " MB/s";
  }
}
