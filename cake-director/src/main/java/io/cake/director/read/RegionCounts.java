package io.cake.director.read;

/**
 * One region's request counters as HBase reports them ({@code RegionMetrics}: read and write
 * request counts, cumulative since the region opened on its server), where it is now.
 */
public record RegionCounts(String region, String table, String server, long readRequests, long writeRequests) {
  /** Whether the region is a system table's ({@code hbase:meta} and the rest of the {@code hbase} namespace). */
  public boolean system() {
    return table.startsWith("hbase:");
  }

  long requests() {
    return readRequests + writeRequests;
  }
}
