package io.cake.hbase.it;

import io.cake.hbase.config.CakeHBaseConfig;
import io.cake.hbase.rpc.CakeRpcScheduler;
import io.cake.hbase.rpc.RegionServerScheduler;
import io.cake.hbase.rpc.CakeRpcSchedulerFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.RowFilter;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.util.Bytes;

/** A real mini-cluster (1 master, 1 RegionServer, 1 DataNode) with the Cake scheduler factory. */
final class CakeCluster {
  static final byte[] CF = Bytes.toBytes("f");
  static final byte[] Q = Bytes.toBytes("q");

  final HBaseTestingUtility util;

  CakeCluster(Configuration extra) throws Exception {
    util = new HBaseTestingUtility();
    Configuration conf = util.getConfiguration();
    conf.set(CakeHBaseConfig.SCHEDULER_FACTORY_KEY, CakeRpcSchedulerFactory.class.getName());
    // The master places the first regions only after a RegionServer's first load report:
    // every 0.5 s instead of 3 s took about 8 s off each mini-cluster start.
    conf.setInt("hbase.regionserver.msginterval", 500);
    extra.forEach(e -> conf.set(e.getKey(), e.getValue()));
    util.startMiniCluster(
        StartMiniClusterOption.builder().numMasters(1).numRegionServers(1).numDataNodes(1).build());
  }

  Configuration conf() {
    return util.getConfiguration();
  }

  HRegionServer regionServer() {
    return util.getMiniHBaseCluster().getRegionServer(0);
  }

  /** Cake's first level in the RegionServer. */
  RegionServerScheduler scheduler() {
    return ((CakeRpcScheduler) regionServer().getRpcServer().getScheduler()).cake();
  }

  /** Sets (or, for a null value, unsets) keys in the RegionServer's conf and runs update_config. */
  void updateConfiguration(Connection c, String... kv) throws Exception {
    Configuration rsConf = regionServer().getConfiguration();
    for (int i = 0; i < kv.length; i += 2) {
      if (kv[i + 1] == null) {
        rsConf.unset(kv[i]);
      } else {
        rsConf.set(kv[i], kv[i + 1]);
      }
    }
    try (Admin admin = c.getAdmin()) {
      admin.updateConfiguration(regionServer().getServerName());
    }
  }

  /** A table with the block cache off, {@code rows} rows of {@code valueBytes}, flushed to HDFS. */
  TableName createLoadedTable(Connection c, String name, int rows, int valueBytes) throws Exception {
    TableName tn = TableName.valueOf(name);
    try (Admin admin = c.getAdmin()) {
      admin.createTable(
          TableDescriptorBuilder.newBuilder(tn)
              .setColumnFamily(
                  ColumnFamilyDescriptorBuilder.newBuilder(CF).setBlockCacheEnabled(false).build())
              .build());
    }
    byte[] value = new byte[valueBytes];
    try (BufferedMutator m = c.getBufferedMutator(tn)) {
      List<Put> batch = new ArrayList<>();
      for (int i = 0; i < rows; i++) {
        ThreadLocalRandom.current().nextBytes(value);
        batch.add(new Put(row(i)).addColumn(CF, Q, value.clone()));
        if (batch.size() == 500) {
          m.mutate(batch);
          batch.clear();
        }
      }
      m.mutate(batch);
    }
    util.flush(tn);
    return tn;
  }

  static byte[] row(int i) {
    return Bytes.toBytes(String.format("row%08d", i));
  }

  /** A scan that reads every block of the table (block cache bypassed) and returns nothing. */
  static Scan heavyScan() {
    return new Scan()
        .setCacheBlocks(false)
        .setFilter(new RowFilter(CompareOperator.EQUAL, new BinaryComparator(Bytes.toBytes("none"))));
  }

  static void await(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
    long end = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > end) {
        throw new AssertionError("timed out after " + timeout + " waiting for " + what);
      }
      Thread.sleep(20);
    }
  }

  void shutdown() throws Exception {
    util.shutdownMiniCluster();
  }
}
