package io.cake.bench.cluster;

import io.cake.bench.disk.DiskModel;
import io.cake.bench.disk.EmulatedDiskDatasetFactory;
import io.cake.ycsb.CakeHBaseClient;
import io.cake.bench.ycsb.Workloads;
import io.cake.core.sched.Allocation;
import io.cake.hbase.rpc.RegionServerScheduler;
import io.cake.hdfs.datanode.CakeFsDatasetFactory;
import io.cake.hdfs.datanode.DataNodeReadScheduler;
import io.cake.core.level.FirstLevels;
import io.cake.hdfs.datanode.HdfsSchedulerConfig;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.MiniHBaseCluster;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.quotas.QuotaSettingsFactory;
import org.apache.hadoop.hbase.quotas.ThrottleType;
import org.apache.hadoop.hbase.regionserver.DisabledRegionSplitPolicy;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.JVMClusterUtil;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import site.ycsb.workloads.CoreWorkload;

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
  private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(EmbeddedCluster.class);
  public static final String FRONTEND = "frontend";
  public static final String BATCH = "batch";

  private final Settings settings;
  private final HBaseTestingUtility util;
  /** Original values (null: unset) of the keys the current overlay changed in the cluster conf. */
  private final Map<String, String> saved = new HashMap<>();
  private Map<String, String> currentOverlay = null;
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

  /** HDFS block size under the emulated disk. */
  static final long HDD_BLOCK_BYTES = 4L << 20;

  public EmbeddedCluster(Settings settings) {
    this.settings = settings;
    System.setProperty("test.build.data.basedirectory", settings.dataDir().getAbsolutePath());
    this.util = new HBaseTestingUtility();
  }

  public void start() throws Exception {
    Configuration c = util.getConfiguration();
    // DataNode: Cake's read hook, off until a Cake policy turns it on.
    c.set(HdfsSchedulerConfig.FSDATASET_FACTORY_KEY, CakeFsDatasetFactory.class.getName());
    c.setBoolean(HdfsSchedulerConfig.ENABLED_KEY, false);
    c.setLong(HdfsSchedulerConfig.METRICS_INTERVAL_MS_KEY, settings.metricsIntervalMs());
    c.setInt("dfs.replication", 1);
    if (settings.disk() != null) {
      c.set(HdfsSchedulerConfig.BASE_FACTORY_KEY, EmulatedDiskDatasetFactory.class.getName());
      settings.disk().toKeys(EmulatedDiskDatasetFactory.PREFIX).forEach(c::set);
      c.setLong("dfs.blocksize", HDD_BLOCK_BYTES);
    }
    // A small block cache so reads reach HDFS.
    c.setFloat("hfile.block.cache.size", settings.blockCacheFraction());
    c.setInt("hbase.regionserver.handler.count", settings.handlers());
    // The master always runs the stock scheduler and quotas (so hbase:quota exists).
    c.set("hbase.master.rpc.scheduler.factory.class",
        "org.apache.hadoop.hbase.regionserver.SimpleRpcSchedulerFactory");
    c.setBoolean("hbase.quota.enabled", true);
    c.setInt("hbase.quota.refresh.period", 1000);
    // No background work during measurements: no balancer moves, no splits, no periodic flushes.
    c.setInt("hbase.balancer.period", Integer.MAX_VALUE);
    c.setLong("hbase.regionserver.optionalcacheflushinterval", 0);
    c.setInt("hbase.client.retries.number", 30);
    c.setInt("hbase.regionserver.msginterval", 500); // load reports: quicker region moves
    // A region move returns when the master's next poll (every hbase.master.event.waiting.time,
    // default 1 s) finds its procedure done: at the default each takes a whole 1 or 2 s, a swap 3-4 s.
    c.setInt("hbase.master.event.waiting.time", 50);
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
    TableName tn = TableName.valueOf(Workloads.TABLE);
    byte[][] splits = new byte[Math.max(0, settings.regions() - 1)][];
    for (int i = 0; i < splits.length; i++) {
      // Hashed YCSB keys are "user" + a decimal hash: split on the leading digit.
      int digit = 1 + (int) Math.round((i + 1) * 9.0 / settings.regions());
      splits[i] = Bytes.toBytes("user" + digit);
    }
    admin.createTable(
        TableDescriptorBuilder.newBuilder(tn)
            .setRegionSplitPolicyClassName(DisabledRegionSplitPolicy.class.getName())
            .setColumnFamily(
                ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes(Workloads.FAMILY))
                    .setBlockCacheEnabled(settings.disk() == null)
                    .build())
            .build(),
        splits.length == 0 ? null : splits);
    CoreWorkload w = Workloads.load(records);
    Connection conn = connect("load");
    CakeHBaseClient.Stats stats = new CakeHBaseClient.Stats();
    int threads = 2;
    AtomicLong done = new AtomicLong();
    List<Thread> ts = new ArrayList<>();
    List<Exception> errors = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      final int id = i;
      Thread t =
          new Thread(
              () -> {
                CakeHBaseClient db = new CakeHBaseClient(conn, "load", Workloads.FAMILY, stats);
                Properties p = new Properties();
                p.setProperty(CakeHBaseClient.DURABILITY_PROPERTY, "SKIP_WAL");
                db.setProperties(p);
                try {
                  db.init();
                  Object state = w.initThread(p, id, threads);
                  while (done.getAndIncrement() < records) {
                    if (!w.doInsert(db, state) || !db.lastStatus().isOk()) {
                      throw new IOException("insert failed: " + stats.lastError());
                    }
                  }
                  db.cleanup();
                } catch (Exception e) {
                  synchronized (errors) {
                    errors.add(e);
                  }
                }
              },
              "cake-bench-load-" + i);
      t.start();
      ts.add(t);
    }
    while (ts.stream().anyMatch(Thread::isAlive)) {
      progress.update(String.format("loading %,d/%,d rows of 8 KB", Math.min(records, stats.rows.sum()), records));
      ts.get(0).join(500);
    }
    for (Thread t : ts) {
      t.join();
    }
    if (!errors.isEmpty()) {
      throw errors.get(0);
    }
    progress.update("flushing and compacting");
    admin.flush(tn);
    // One HFile per region: every policy reads the same layout and no compaction runs later.
    admin.majorCompact(tn);
    await("major compaction of " + tn, Duration.ofMinutes(10), () -> compactionDone(tn));
  }

  private boolean compactionDone(TableName tn) {
    try {
      if (admin.getCompactionState(tn) != CompactionState.NONE) {
        return false;
      }
      // Each store down to one file.
      return regionServer().getRegions(tn).stream()
          .allMatch(r -> r.getStores().stream().allMatch(s -> s.getStorefilesCount() <= 1));
    } catch (IOException e) {
      return false;
    }
  }

  // ------------------------------------------------------------------ policies

  @Override
  public void apply(Policy policy) throws Exception {
    if (!policy.regionServer().equals(currentOverlay)) {
      swapRegionServer(policy.regionServer());
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

  /** Starts a RegionServer with {@code overlay}, moves every region to it, stops the old one. */
  private void swapRegionServer(Map<String, String> overlay) throws Exception {
    MiniHBaseCluster mini = util.getMiniHBaseCluster();
    Configuration c = mini.getConfiguration();
    saved.forEach((k, v) -> {
      if (v == null) {
        c.unset(k);
      } else {
        c.set(k, v);
      }
    });
    saved.clear();
    for (Map.Entry<String, String> e : overlay.entrySet()) {
      saved.put(e.getKey(), c.get(e.getKey()));
      c.set(e.getKey(), e.getValue());
    }
    ServerName old = regionServer().getServerName();
    long t0 = System.nanoTime();
    JVMClusterUtil.RegionServerThread fresh = mini.startRegionServer();
    HRegionServer rs = fresh.getRegionServer();
    await("new RegionServer online", Duration.ofMinutes(2), rs::isOnline);
    ServerName to = rs.getServerName();
    // The master picks a move's target only among servers that have sent a load report.
    await("the master to see " + to, Duration.ofMinutes(2),
        () -> mini.getMaster().getServerManager().getLoad(to) != null);
    long t1 = System.nanoTime();
    // A move the master cannot do yet is dropped with a log line, not an error: re-issue until done.
    long[] lastMove = {0};
    await("regions moved to " + to, Duration.ofMinutes(3), () -> {
      if (onlyOn(old, to)) {
        return true;
      }
      if (System.nanoTime() - lastMove[0] > 1_000_000_000L) {
        lastMove[0] = System.nanoTime();
        moveAll(old, to);
      }
      return false;
    }, () -> where(old, to));
    long t2 = System.nanoTime();
    List<JVMClusterUtil.RegionServerThread> threads = mini.getRegionServerThreads();
    for (int i = 0; i < threads.size(); i++) {
      if (threads.get(i).getRegionServer().getServerName().equals(old)) {
        mini.stopRegionServer(i);
        mini.waitOnRegionServer(i);
        break;
      }
    }
    await("old RegionServer gone", Duration.ofMinutes(2),
        () -> mini.getLiveRegionServerThreads().size() == 1);
    currentOverlay = new TreeMap<>(overlay);
    LOG.info("RegionServer swapped to {} with {}: start {} ms, moves {} ms, stop {} ms", to, overlay,
        (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000, (System.nanoTime() - t2) / 1_000_000);
  }

  /** Moves every region of {@code old} to {@code to}, hbase:meta first, in parallel. */
  private void moveAll(ServerName old, ServerName to) {
    try {
      List<RegionInfo> regions = new ArrayList<>(admin.getRegions(old));
      RegionInfo meta = regions.stream().filter(RegionInfo::isMetaRegion).findFirst().orElse(null);
      if (meta != null) {
        admin.move(meta.getEncodedNameAsBytes(), to);
        regions.remove(meta);
      }
      // One thread per region: a move blocks until its procedure is done (about half a second).
      List<Thread> movers = new ArrayList<>();
      for (RegionInfo ri : regions) {
        Thread t = new Thread(() -> {
          try {
            admin.move(ri.getEncodedNameAsBytes(), to);
          } catch (IOException e) {
            // retried on the next round
          }
        }, "cake-bench-move");
        t.start();
        movers.add(t);
      }
      for (Thread t : movers) {
        t.join(60_000);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IOException e) {
      // retried on the next round
    }
  }

  private String where(ServerName old, ServerName to) {
    try {
      HRegionServer rs = regionServer(to);
      HRegionServer o = regionServer(old);
      return "master says on the old server: "
          + admin.getRegions(old).stream().map(RegionInfo::getRegionNameAsString).toList()
          + "; old server has " + (o == null ? "?" : o.getRegions().stream().map(r -> r.getRegionInfo().getRegionNameAsString()).toList())
          + "; new server has " + (rs == null ? "?" : rs.getRegions().stream().map(r -> r.getRegionInfo().getRegionNameAsString()).toList());
    } catch (IOException e) {
      return e.toString();
    }
  }

  private boolean onlyOn(ServerName old, ServerName to) {
    try {
      if (!admin.getRegions(old).isEmpty()) {
        return false;
      }
      HRegionServer rs = regionServer(to);
      return rs != null
          && rs.getRegions(TableName.valueOf(Workloads.TABLE)).size() == settings.regions()
          && !rs.getRegions(TableName.META_TABLE_NAME).isEmpty();
    } catch (IOException e) {
      return false;
    }
  }

  private HRegionServer regionServer(ServerName sn) {
    for (JVMClusterUtil.RegionServerThread t : util.getMiniHBaseCluster().getLiveRegionServerThreads()) {
      if (t.getRegionServer().getServerName().equals(sn)) {
        return t.getRegionServer();
      }
    }
    return null;
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

  static void await(String what, Duration timeout, BooleanSupplier condition) throws InterruptedException {
    await(what, timeout, condition, () -> "");
  }

  static void await(String what, Duration timeout, BooleanSupplier condition, java.util.function.Supplier<String> state)
      throws InterruptedException {
    long end = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > end) {
        throw new IllegalStateException("timed out after " + timeout + " waiting for " + what + " " + state.get());
      }
      Thread.sleep(50); // polling a condition with a deadline
    }
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
