package io.cake.bench.hotspot;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.DisabledRegionSplitPolicy;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The hotspot's table: rows {@code k00000000...} in {@link #REGIONS} regions of equal key ranges,
 * every region's files compacted on the server it starts on. The first half of the regions (the
 * hot half, which both tenants read) starts on one RegionServer, the second half (never read) on
 * the other: counts and tables are balanced, the load is not, which is what HBase's balancer does
 * not see. Data blocks bypass the block cache, so every get reaches a DataNode's disk.
 */
final class HotspotTable {
  static final TableName TABLE = TableName.valueOf("cake_hotspot");
  static final byte[] FAMILY = Bytes.toBytes("f");
  static final byte[] QUALIFIER = Bytes.toBytes("q");
  static final int REGIONS = 8;
  static final int ROW_BYTES = 8 * 1024;

  private final Connection conn;
  private final long rows;

  HotspotTable(Connection conn, long rows) {
    this.conn = conn;
    this.rows = rows;
  }

  static byte[] row(long i) {
    return Bytes.toBytes(String.format("k%08d", i));
  }

  /** Rows of the hot half, which the front end reads and batch scans: [0, hotRows). */
  long hotRows() {
    return rows / 2;
  }

  /** Creates and loads the table afresh; returns the servers, the hot one first. */
  List<ServerName> create(java.util.function.Consumer<String> progress) throws Exception {
    try (Admin admin = conn.getAdmin()) {
      if (admin.tableExists(TABLE)) {
        admin.disableTable(TABLE);
        admin.deleteTable(TABLE);
      }
      byte[][] splits = new byte[REGIONS - 1][];
      for (int i = 1; i < REGIONS; i++) {
        splits[i - 1] = row(rows * i / REGIONS);
      }
      admin.createTable(TableDescriptorBuilder.newBuilder(TABLE)
          .setRegionSplitPolicyClassName(DisabledRegionSplitPolicy.class.getName())
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(FAMILY).setBlockCacheEnabled(false).build())
          .build(), splits);
      List<ServerName> servers = new ArrayList<>(admin.getRegionServers());
      if (servers.size() < 2) {
        throw new IllegalStateException("the hotspot needs 2 RegionServers; the cluster has " + servers.size());
      }
      servers.sort(Comparator.comparing(ServerName::getHostname).thenComparing(ServerName::getPort));
      progress.accept("loading " + rows + " rows of " + ROW_BYTES / 1024 + " KB");
      Random rnd = new Random(1);
      try (Table t = conn.getTable(TABLE)) {
        List<Put> batch = new ArrayList<>();
        for (long i = 0; i < rows; i++) {
          byte[] value = new byte[ROW_BYTES];
          rnd.nextBytes(value);
          batch.add(new Put(row(i)).addColumn(FAMILY, QUALIFIER, value));
          if (batch.size() == 200) {
            t.put(batch);
            batch.clear();
          }
        }
        t.put(batch);
      }
      progress.accept("flushing and compacting");
      admin.flush(TABLE);
      admin.majorCompact(TABLE);
      long deadline = System.nanoTime() + 600_000_000_000L;
      while (compacting(admin)) {
        if (System.nanoTime() > deadline) {
          throw new IOException("the major compaction of " + TABLE + " did not end in 10 minutes");
        }
        Thread.sleep(500);
      }
      // Placed last, so the measured run starts from it whatever moved while loading.
      place(admin, servers);
      return servers.subList(0, 2);
    }
  }

  /** Whether a compaction runs; a region in transit (HBase's NullPointerException) counts as yes. */
  private static boolean compacting(Admin admin) throws IOException {
    try {
      return admin.getCompactionState(TABLE) != CompactionState.NONE;
    } catch (RuntimeException | IOException e) {
      return true;
    }
  }

  /** Hot half on the first server, cold half on the second. */
  private static void place(Admin admin, List<ServerName> servers) throws IOException {
    List<RegionInfo> regions = new ArrayList<>(admin.getRegions(TABLE));
    regions.sort(RegionInfo.COMPARATOR);
    for (int i = 0; i < regions.size(); i++) {
      admin.move(regions.get(i).getEncodedNameAsBytes(), servers.get(i < REGIONS / 2 ? 0 : 1));
    }
  }
}
