package io.cake.bench.cluster;

import io.cake.bench.disk.DiskModel;
import io.cake.core.level.FirstLevels;
import io.cake.core.sched.Allocation;
import io.cake.hbase.rpc.RegionServerScheduler;
import io.cake.hdfs.datanode.CakeFsDatasetFactory;
import io.cake.hdfs.datanode.DataNodeReadScheduler;
import io.cake.hdfs.datanode.HdfsSchedulerConfig;
import io.cake.ycsb.CakeHBaseClient;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.MiniHBaseCluster;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.quotas.QuotaSettingsFactory;
import org.apache.hadoop.hbase.quotas.ThrottleType;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;

/**
 * An in-process HBase mini-cluster (1 master, 1 RegionServer, ZooKeeper) over a MiniDFSCluster
 * (1 DataNode) with Cake's DataNode hook installed (its gate switched off unless the policy is
 * Cake's). The data is loaded once; a policy that needs a different RegionServer configuration
 * gets a fresh RegionServer: the new one starts with the overlay, every region (hbase:meta
 * included) is moved to it, then the old one is stopped. HDFS, the master, ZooKeeper and the
 * HFiles stay; the RegionServer's block cache starts cold each time.
 *
 * <p>With a {@link DiskModel} (./cake-bench --disk hdd) the DataNode's block reads wait for an
 * emulated rotational disk under Cake's hook, HDFS blocks are 4 MB (so each region's HFile spans
 * several blocks and the blocks spread over the actuators), and the table's column family does not
 * cache data blocks (index and bloom blocks still are), so every get and scan reaches the disk.
 */
public final class EmbeddedCluster implements Target {
  public static final String FRONTEND = "frontend";
  public static final String BATCH = "batch";

  private final Settings settings;
  private final HBaseTestingUtility util;
  private RegionServerSwap swap;
  private Policy current;
  private final List<Connection> connections = new ArrayList<>();
  private Admin admin;
  private Connection adminConnection;
  private long quotaSet;

  /** What the cluster is built with; {@code disk} null: the DataNode reads from the page cache. */
  public record Settings(
      File dataDir, float blockCacheFraction, long metricsIntervalMs, int regions, int handlers, DiskModel disk,
      int softLimit, int volumeLimit) {
    public Settings {
      if (softLimit < 1) {
        throw new IllegalArgumentException("softLimit must be >= 1, got " + softLimit);
      }
      if (volumeLimit < 0) {
        throw new IllegalArgumentException("volumeLimit must be >= 0, got " + volumeLimit);
      }
    }
  }

  public EmbeddedCluster(Settings settings) {
    this.settings = settings;
    System.setProperty("test.build.data.basedirectory", settings.dataDir().getAbsolutePath());
    this.util = new HBaseTestingUtility();
  }

  public void start() throws Exception {
    Configuration c = util.getConfiguration();
    MiniClusterConfig.apply(c, settings);
    if (settings.disk() != null) {
      // One volume per emulated actuator, so that Cake's gate knows reads by the devices the
      // model serves. HBaseTestingUtility's DataNodes always have two: let it set up the
      // directories and configuration, then start our own DFS with as many as the model wants.
      util.startMiniDFSCluster(1);
      util.shutdownMiniDFSCluster();
      // Its shutdown cleared every shutdown hook, the FileSystem cache's among them, which the
      // cache adds back only when it fills from empty; HBase's start insists on removing it.
      org.apache.hadoop.fs.FileSystem.closeAll();
      MiniDFSCluster dfs = new MiniDFSCluster.Builder(c)
          .numDataNodes(1).storagesPerDatanode(settings.disk().volumes()).build();
      dfs.waitClusterUp();
      util.setDFSCluster(dfs);
    }
    util.startMiniCluster(
        StartMiniClusterOption.builder().numMasters(1).numRegionServers(1).numDataNodes(1).build());
    adminConnection = ConnectionFactory.createConnection(clientConfiguration());
    admin = adminConnection.getAdmin();
    admin.balancerSwitch(false, true);
    swap = new RegionServerSwap(this, admin, settings.regions());
  }

  /**
   * The limit per volume under a soft limit of {@code limit}: the cluster's ({@code base} under
   * {@code baseSoftLimit}), raised in proportion
   * when a policy raises the soft limit above the cluster's (fig18's higher limit), so that the
   * soft limit can still be reached: 8 slots over 4 volumes at 1 each would stay 4.
   */
  public static int volumeLimit(int base, int baseSoftLimit, int limit) {
    if (base == 0 || limit <= baseSoftLimit) {
      return base;
    }
    return (int) Math.ceil((double) base * limit / baseSoftLimit);
  }

  @Override
  public Configuration clientConfiguration() {
    Configuration c = new Configuration(util.getConfiguration());
    c.setInt("hbase.client.operation.timeout", 60_000);
    c.setInt("hbase.rpc.timeout", 30_000);
    c.setInt("hbase.client.scanner.timeout.period", 60_000);
    return c;
  }

  @Override
  public Connection connect(String tenant) throws IOException {
    User user = User.createUserForTesting(util.getConfiguration(), tenant, new String[] {"cakebench"});
    Connection conn =
        ConnectionFactory.createConnection(
            clientConfiguration(),
            null,
            user,
            Map.of(CakeHBaseClient.TENANT_ATTRIBUTE, tenant.getBytes(StandardCharsets.UTF_8)));
    synchronized (connections) {
      connections.add(conn);
    }
    return conn;
  }

  @Override
  public boolean canApplyPolicies() {
    return true;
  }

  public HRegionServer regionServer() {
    return util.getMiniHBaseCluster().getLiveRegionServerThreads().get(0).getRegionServer();
  }

  /** The HBase mini-cluster itself (its RegionServers, its master). */
  MiniHBaseCluster mini() {
    return util.getMiniHBaseCluster();
  }

  public int regionServerPort() {
    return regionServer().getServerName().getPort();
  }

  public DataNodeReadScheduler dataNodeScheduler() {
    DataNode dn = util.getDFSCluster().getDataNodes().get(0);
    DataNodeReadScheduler s = CakeFsDatasetFactory.schedulerOf(dn.getFSDataset());
    if (s == null) {
      List<DataNodeReadScheduler> all = FirstLevels.all(DataNodeReadScheduler.class);
      if (all.isEmpty()) {
        throw new IllegalStateException("the DataNode has no Cake scheduler");
      }
      s = all.get(0);
    }
    return s;
  }

  // ------------------------------------------------------------------ loading

  @Override
  public void load(long records, ProgressSink progress) throws Exception {
    new TableLoad(this, admin, settings).load(records, progress);
  }

  // ------------------------------------------------------------------ policies

  @Override
  public void apply(Policy policy) throws Exception {
    if (!swap.runs(policy.regionServer())) {
      swap.swapTo(policy.regionServer());
    }
    DataNodeReadScheduler dn = dataNodeScheduler();
    if (policy.hdfsGate()) {
      // Reservations last: the last policy's may not fit this policy's limit, and this one's must.
      dn.setAllocation(new Allocation(policy.hdfsShares(), Map.of(), Allocation.DEFAULT_SHARE));
      int limit = policy.hdfsSoftLimit() > 0 ? policy.hdfsSoftLimit() : settings.softLimit();
      dn.setLimit(limit);
      dn.setVolumeLimit(volumeLimit(settings.volumeLimit(), settings.softLimit(), limit));
      dn.setAllocation(new Allocation(policy.hdfsShares(), policy.hdfsReservations(), Allocation.DEFAULT_SHARE));
      // The one DataNode key a policy may set (--cake-conf): the DataNode is not restarted.
      dn.setLendBetweenChunks(Boolean.parseBoolean(policy.regionServer().getOrDefault(
          HdfsSchedulerConfig.LEND_BETWEEN_CHUNKS_KEY, Boolean.toString(HdfsSchedulerConfig.DEFAULT_LEND_BETWEEN_CHUNKS))));
      dn.setEnabled(true);
    } else {
      dn.setEnabled(false);
      dn.setAllocation(Allocation.equalShares());
    }
    if (policy.batchReadBytesPerSec() != quotaSet) {
      if (quotaSet > 0) {
        admin.setQuota(QuotaSettingsFactory.unthrottleUser(BATCH));
      }
      if (policy.batchReadBytesPerSec() > 0) {
        admin.setQuota(
            QuotaSettingsFactory.throttleUser(
                BATCH, ThrottleType.READ_SIZE, policy.batchReadBytesPerSec(), TimeUnit.SECONDS));
      }
      quotaSet = policy.batchReadBytesPerSec();
      // The RegionServer's quota cache refreshes every hbase.quota.refresh.period (1 s here).
      Thread.sleep(2_500);
    }
    current = policy;
  }

  @Override
  public Optional<io.cake.core.metrics.SchedulerSnapshot> hbaseSnapshot() {
    if (current == null || !current.cake()) {
      return Optional.empty();
    }
    return RegionServerScheduler.byPort(regionServerPort()).map(s -> s.queues().lastSnapshot());
  }

  @Override
  public Optional<AllocationPoint> allocation(double t) {
    if (current == null || !current.cake()) {
      return Optional.empty();
    }
    Optional<RegionServerScheduler> hb = RegionServerScheduler.byPort(regionServerPort());
    if (hb.isEmpty()) {
      return Optional.empty();
    }
    Allocation ha = hb.get().allocation();
    Allocation da = dataNodeScheduler().allocation();
    return Optional.of(
        new AllocationPoint(
            t,
            hb.get().slots(),
            ha.fractionOfAll(FRONTEND),
            ha.reservation(FRONTEND),
            da.fractionOfAll(FRONTEND),
            da.reservation(FRONTEND),
            hb.get().othersLimit()));
  }

  @Override
  public String describe() {
    return "embedded mini-cluster: 1 master, 1 RegionServer, 1 DataNode, ZooKeeper (in this JVM)"
        + (settings.disk() == null ? "; DataNode reads from the page cache" : "; DataNode on an " + settings.disk().summary());
  }

  @Override
  public void close() throws Exception {
    synchronized (connections) {
      for (Connection c : connections) {
        try {
          c.close();
        } catch (IOException ignored) {
          // shutting down
        }
      }
      connections.clear();
    }
    if (admin != null) {
      admin.close();
      adminConnection.close();
    }
    // HBase prints thread dumps of its procedure workers on stdout while stopping.
    java.io.PrintStream stdout = System.out;
    System.setOut(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
    try {
      util.shutdownMiniCluster();
      util.cleanupTestDir();
    } finally {
      System.setOut(stdout);
    }
    org.apache.commons.io.FileUtils.deleteQuietly(settings.dataDir());
  }
}
