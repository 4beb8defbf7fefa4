package io.cake.bench.experiment;

/**
 * A fixed first-level allocation for the section 6.1 and 6.2 experiments, where the second level is
 * off and each resource either schedules or does not.
 *
 * @param hbase how the RegionServer schedules
 * @param hdfs how the DataNode schedules
 * @param hbaseFrontShare the front end's share at HBase (the batch gets 1 minus it) when scheduling
 * @param hbaseReserved handlers reserved for the front end when scheduling
 * @param hdfsFrontShare the front end's share at HDFS when scheduling
 * @param hdfsReserved DataNode slots reserved for the front end when scheduling
 */
public record Fixed(
    HBaseMode hbase, HdfsMode hdfs, double hbaseFrontShare, int hbaseReserved, double hdfsFrontShare, int hdfsReserved) {

  /** Handlers of the thread-per-request pool: more than every client thread of the bench together. */
  public static final int THREAD_PER_REQUEST_HANDLERS = 96;

  /** The RegionServer's side. */
  public enum HBaseMode {
    /**
     * No scheduling: the paper's thread per request, a fixed handler pool larger than every client
     * thread together (Cake's scheduler with equal shares, AIMD off, so reads are still tagged).
     */
    THREAD_PER_REQUEST,
    /** Cake's RPC scheduler with the shares and reservations given (AIMD sizes the pool). */
    CAKE
  }

  /** The DataNode's side. */
  public enum HdfsMode {
    /** No scheduling: the gate off, every read goes straight to the disk (thread per request). */
    UNLIMITED,
    /** Chunked reads under the soft limit, one equal share each: the nearest we have to the paper's FIFO pool. */
    CHUNKED_EQUAL,
    /** Cake's gate with the shares and reservations given. */
    CAKE
  }

  public Fixed {
    if (!(hbaseFrontShare > 0 && hbaseFrontShare < 1) || !(hdfsFrontShare > 0 && hdfsFrontShare < 1)) {
      throw new IllegalArgumentException("shares must be in (0, 1)");
    }
    if (hbaseReserved < 0 || hdfsReserved < 0) {
      throw new IllegalArgumentException("reservations must be >= 0");
    }
  }

  /** HBase not scheduling, HDFS with Cake's gate at {@code share}/{@code reserved}. */
  public static Fixed hdfsOnly(double share, int reserved) {
    return new Fixed(HBaseMode.THREAD_PER_REQUEST, HdfsMode.CAKE, 0.5, 0, share, reserved);
  }
}
