package io.cake.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;

/** The tests' table, made as a client would, and the site-file snippets they add to the cluster's. */
final class TestTable {
  static final byte[] FAMILY = Bytes.toBytes("f");
  static final int VALUE_BYTES = 8 * 1024;

  private TestTable() {
  }

  /**
   * Four regions, two on each of the two RegionServers, {@code rowsPerRegion} rows of 8 KB each,
   * flushed to HFiles; no block cache, so every get reads HDFS. Returns the rows by the host serving them.
   */
  static Map<String, List<byte[]>> createAndLoad(Connection connection, TableName table, int rowsPerRegion) throws Exception {
    Map<String, List<byte[]>> rowsByHost = new TreeMap<>();
    try (Admin admin = connection.getAdmin()) {
      byte[][] splits = {Bytes.toBytes("r1"), Bytes.toBytes("r2"), Bytes.toBytes("r3")};
      admin.createTable(TableDescriptorBuilder.newBuilder(table)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(FAMILY).setBlockCacheEnabled(false).build())
          .build(), splits);
      List<ServerName> servers = new ArrayList<>(admin.getRegionServers());
      servers.sort(null);
      assertThat(servers).hasSize(2);
      try (RegionLocator locator = connection.getRegionLocator(table)) {
        List<HRegionLocation> regions = locator.getAllRegionLocations();
        for (int i = 0; i < regions.size(); i++) {
          ServerName target = servers.get(i % servers.size());
          if (!regions.get(i).getServerName().equals(target)) {
            admin.move(regions.get(i).getRegion().getEncodedNameAsBytes(), target); // returns once moved
          }
        }
      }
      try (BufferedMutator m = connection.getBufferedMutator(table)) {
        byte[] value = new byte[VALUE_BYTES];
        for (int region = 0; region < 4; region++) {
          for (int i = 0; i < rowsPerRegion; i++) {
            ThreadLocalRandom.current().nextBytes(value);
            m.mutate(new Put(row(region, i)).addColumn(FAMILY, Bytes.toBytes("v"), value.clone()));
          }
        }
      }
      admin.flush(table);
      try (RegionLocator locator = connection.getRegionLocator(table)) {
        for (int region = 0; region < 4; region++) {
          for (int i = 0; i < rowsPerRegion; i++) {
            String host = locator.getRegionLocation(row(region, i), true).getHostname();
            rowsByHost.computeIfAbsent(host, h -> new ArrayList<>()).add(row(region, i));
          }
        }
      }
    }
    assertThat(rowsByHost.keySet()).as("hosts serving the table's regions").containsExactly("127.0.0.2", "127.0.0.3");
    return rowsByHost;
  }

  static byte[] row(int region, int i) {
    return Bytes.toBytes(String.format("r%d-%04d", region, i));
  }

  /**
   * The HBase site-file additions both cluster tests run with: every Cake interval at {@code
   * intervalMs}, a decision needing 20 samples, 1 MB blocks, and a quicker start (the master waits
   * for its 2 RegionServers, not 4.5 s for more, and places the first regions after their first
   * load report, every 0.5 s, not 3 s); then {@code more}.
   */
  static String hbaseSite(int intervalMs, Map<String, Object> more) {
    Map<String, Object> props = new TreeMap<>(Map.of(
        "cake.controller.interval-ms", intervalMs,
        "cake.hbase.metrics.interval-ms", intervalMs,
        "cake.hbase.aimd.interval-ms", intervalMs,
        "dfs.blocksize", 1024 * 1024,
        "hbase.master.wait.on.regionservers.maxtostart", 2,
        "hbase.regionserver.msginterval", 500));
    props.putAll(more);
    return properties(props);
  }

  /** The HDFS site-file addition both cluster tests run with: the DataNodes' metrics interval. */
  static String hdfsSite(int intervalMs) {
    return properties(Map.of("cake.hdfs.metrics.interval-ms", intervalMs));
  }

  /**
   * A site file of these properties (for CAKE_CLUSTER_HBASE_EXTRA and CAKE_CLUSTER_HDFS_EXTRA),
   * written by Hadoop, which escapes what XML needs: one property a line, as cluster.sh's {@code
   * properties_of} copies them.
   */
  private static String properties(Map<String, Object> props) {
    Configuration conf = new Configuration(false);
    props.forEach((k, v) -> conf.set(k, String.valueOf(v)));
    StringWriter out = new StringWriter();
    try {
      conf.writeXml(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }
}
