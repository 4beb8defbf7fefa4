package io.cake.controller.policy;

/**
 * What the second level controls for one latency tenant: its fraction of the shared slots'
 * service at both resources (HBase shares follow HDFS shares, Algorithm 2 line 4) and its
 * reservations at each. The other tenants split the rest of the share.
 *
 * <p>Beyond the paper, {@code hbasePoolCap} caps the HBase handler pool (0: no cap, AIMD alone
 * sizes it): how many calls of every tenant run at once, for when the SLO is missed without the
 * tenant waiting in a queue (its calls are slow because everything running competes for CPU).
 * {@code othersThrottle} goes further once the pool is at its floor: every other tenant may use at
 * most that many handlers' worth of service at HBase (0: none).
 */
public record LatencyAllocation(
    double share, int hdfsReserved, int hbaseReserved, int hbasePoolCap, double othersThrottle) {
  /** Shares stay strictly inside (0, 1): a weight of zero would starve a tenant outright. */
  public static final double MIN_SHARE = 0.001;
  public static final double MAX_SHARE = 0.999;

  public LatencyAllocation {
    if (!(share >= MIN_SHARE && share <= MAX_SHARE)) {
      throw new IllegalArgumentException(
          "share must be in [" + MIN_SHARE + ", " + MAX_SHARE + "], got " + share);
    }
    if (hdfsReserved < 0 || hbaseReserved < 0) {
      throw new IllegalArgumentException(
          "reservations must be >= 0, got hdfs=" + hdfsReserved + " hbase=" + hbaseReserved);
    }
    if (hbasePoolCap < 0) {
      throw new IllegalArgumentException("hbasePoolCap must be >= 0 (0: none), got " + hbasePoolCap);
    }
    if (!(othersThrottle >= 0.0) || Double.isInfinite(othersThrottle)) {
      throw new IllegalArgumentException("othersThrottle must be 0 (none) or a positive number of handlers, got " + othersThrottle);
    }
  }

  /** Without a throttle. */
  public LatencyAllocation(double share, int hdfsReserved, int hbaseReserved, int hbasePoolCap) {
    this(share, hdfsReserved, hbaseReserved, hbasePoolCap, 0.0);
  }

  /** Without a pool cap (the paper's allocation). */
  public LatencyAllocation(double share, int hdfsReserved, int hbaseReserved) {
    this(share, hdfsReserved, hbaseReserved, 0);
  }

  /** The paper's starting point: even shares, no reservations. */
  public static LatencyAllocation initial() {
    return new LatencyAllocation(0.5, 0, 0);
  }

  /** {@code s} within [{@link #MIN_SHARE}, {@link #MAX_SHARE}]. */
  public static double clampShare(double s) {
    return Math.max(MIN_SHARE, Math.min(MAX_SHARE, s));
  }

  @Override
  public String toString() {
    return String.format(
            "share=%.1f%% hdfsReserved=%d hbaseReserved=%d", share * 100, hdfsReserved, hbaseReserved)
        + (hbasePoolCap > 0 ? " hbasePoolCap=" + hbasePoolCap : "")
        + (othersThrottle > 0 ? String.format(" othersThrottle=%.2f", othersThrottle) : "");
  }
}
