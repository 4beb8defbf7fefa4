package io.cake.hdfs.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.metrics.TenantMetrics;
import io.cake.hbase.config.CakeHBaseConfig;
import io.cake.hbase.rpc.CakeRpcSchedulerFactory;
import io.cake.hdfs.TestCluster;
import io.cake.hdfs.datanode.CakeFsDatasetFactory;
import io.cake.hdfs.datanode.DataNodeReadScheduler;
import io.cake.hdfs.datanode.HdfsSchedulerConfig;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.fs.HFileSystem;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * End to end: HBase mini-cluster on a hooked MiniDFSCluster, cake-hbase-rpc's scheduler setting
 * the handler's tenant from the {@code cake.tenant} request attribute, {@code hbase.fs.wrapper} =
 * {@link CakeTenantFileSystem}. Gets and scans, block cache off and data flushed, must reach the
 * DataNode scheduler under the client's tenant.
 */
class HBaseTenantIT {
  static final byte[] CF = Bytes.toBytes("f");
  static final byte[] Q = Bytes.toBytes("q");
  static final int ROWS = 4000;
  static final int VALUE = 1024;

  static HBaseTestingUtility util;
  static Connection conn;
  static TableName table;
  static DataNodeReadScheduler dn;

  @BeforeAll
  static void start() throws Exception {
    util = new HBaseTestingUtility();
    Configuration conf = util.getConfiguration();
    conf.set(CakeHBaseConfig.SCHEDULER_FACTORY_KEY, CakeRpcSchedulerFactory.class.getName());
    conf.set("hbase.fs.wrapper", CakeTenantFileSystem.class.getName());
    conf.set(HdfsSchedulerConfig.FSDATASET_FACTORY_KEY, CakeFsDatasetFactory.class.getName());
    conf.setLong(HdfsSchedulerConfig.METRICS_INTERVAL_MS_KEY, 0);
    // The master places the first regions only after a RegionServer's first load report:
    // every 0.5 s instead of 3 s took about 8 s off each mini-cluster start.
    conf.setInt("hbase.regionserver.msginterval", 500);
    util.startMiniCluster(
        StartMiniClusterOption.builder().numMasters(1).numRegionServers(1).numDataNodes(1).build());
    dn = TestCluster.schedulerOf(util.getDFSCluster().getDataNodes().get(0));
    conn = ConnectionFactory.createConnection(conf);
    table = TableName.valueOf("cake_hdfs");
    try (Admin admin = conn.getAdmin()) {
      admin.createTable(
          TableDescriptorBuilder.newBuilder(table)
              .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(CF).setBlockCacheEnabled(false).build())
              .build());
    }
    Random r = new Random(1);
    try (BufferedMutator m = conn.getBufferedMutator(table)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < ROWS; i++) {
        byte[] v = new byte[VALUE];
        r.nextBytes(v);
        puts.add(new Put(row(i)).addColumn(CF, Q, v));
      }
      m.mutate(puts);
    }
    util.flush(table);
  }

  @AfterAll
  static void stop() throws Exception {
    if (conn != null) {
      conn.close();
    }
    util.shutdownMiniCluster();
  }

  static byte[] row(int i) {
    return Bytes.toBytes(String.format("row%08d", i));
  }

  static long chunks(String tenant) {
    TenantMetrics m = dn.queues().metrics(tenant);
    return m == null ? 0 : m.totalArrivals();
  }

  static Table tableAs(String tenant) {
    return conn.getTableBuilder(table, null)
        .setRequestAttribute(CakeHBaseConfig.TENANT_ATTRIBUTE, Bytes.toBytes(tenant))
        .build();
  }

  @Test
  void theWrapperIsInstalledOnTheRegionServer() throws Exception {
    HRegionServer rs = util.getMiniHBaseCluster().getRegionServer(0);
    HFileSystem hfs = (HFileSystem) rs.getFileSystem();
    // hbase.fs.wrapper falls back silently on failure: check it really wraps.
    assertThat(hfs.getNoChecksumFs()).isInstanceOf(CakeTenantFileSystem.class);
    assertThat(hfs.getBackingFs()).isInstanceOf(CakeTenantFileSystem.class);
    assertThat(chunks("internal")).as("store files opened by non-handler threads").isPositive();
  }

  @Test
  void getsReachTheDataNodeAsTheirTenant() throws Exception {
    long fe0 = chunks("fe");
    long scan0 = chunks("scan");
    Random r = new Random(2);
    try (Table t = tableAs("fe")) {
      for (int i = 0; i < 200; i++) {
        int k = r.nextInt(ROWS);
        Result res = t.get(new Get(row(k)).setCacheBlocks(false));
        assertThat(res.getValue(CF, Q)).hasSize(VALUE);
      }
    }
    long fe = chunks("fe") - fe0;
    System.out.printf("[hbase] 200 gets -> %d DataNode chunks as fe%n", fe);
    assertThat(fe).as("one HFile block per get, block cache off").isGreaterThanOrEqualTo(100);
    assertThat(chunks("scan") - scan0).isZero();
  }

  @Test
  void scansReachTheDataNodeAsTheirTenant() throws Exception {
    long scan0 = chunks("scan");
    long fe0 = chunks("fe");
    int rows = 0;
    try (Table t = tableAs("scan"); ResultScanner s = t.getScanner(new Scan().setCacheBlocks(false))) {
      for (Result res : s) {
        assertThat(res.getValue(CF, Q)).hasSize(VALUE);
        rows++;
      }
    }
    long scan = chunks("scan") - scan0;
    System.out.printf("[hbase] full scan of %d rows -> %d DataNode chunks as scan%n", rows, scan);
    assertThat(rows).isEqualTo(ROWS);
    assertThat(scan).as("about 4 MB of HFile in 64 KB chunks").isGreaterThanOrEqualTo(40);
    assertThat(chunks("fe") - fe0).isZero();
  }
}
