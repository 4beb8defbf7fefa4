package io.cake.hbase.it;

import static io.cake.hbase.it.CakeCluster.CF;
import static io.cake.hbase.it.CakeCluster.Q;
import static io.cake.hbase.it.CakeCluster.row;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.core.level.FirstLevels;
import io.cake.core.level.SchedulerHost;
import io.cake.core.metrics.TenantMetrics;
import io.cake.core.tenant.TenantCap;
import io.cake.core.tenant.OperationType;
import io.cake.hbase.rpc.CakeRpcScheduler;
import io.cake.hbase.rpc.RegionServerScheduler;
import io.cake.hbase.rpc.OperationStats;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.Attribute;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.CallQueueTooBigException;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.ipc.RpcScheduler;
import org.apache.hadoop.hbase.ipc.SimpleRpcScheduler;
import org.apache.hadoop.hbase.monitoring.TaskMonitor;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.util.Bytes;
import io.cake.core.tenant.TenantNames;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Behaviour of the Cake scheduler on one real mini-cluster, with real clients. */
class CakeSchedulerClusterTest {
  private static CakeCluster cluster;
  private static Connection conn;
  private static TableName tagged;
  private static TableName big;
  private static final int BIG_ROWS = 6_000;

  @BeforeAll
  static void start() throws Exception {
    Configuration extra = new Configuration(false);
    extra.set("cake.hbase.metrics.interval-ms", "500");
    extra.set("cake.hbase.aimd.interval-ms", "1000");
    extra.set("cake.hbase.aimd.min", "4");
    extra.set("cake.hbase.aimd.max", "16");
    extra.set("cake.hbase.handlers.initial", "4");
    extra.set("cake.hbase.user-rules", "carol:userT," + StockClients.USER_RULES);
    extra.set("cake.hbase.tenant.reqT.share", "2");
    cluster = new CakeCluster(extra);
    conn = ConnectionFactory.createConnection(cluster.conf());
    tagged = TableName.valueOf("tagged");
    try (Admin admin = conn.getAdmin()) {
      admin.createTable(
          TableDescriptorBuilder.newBuilder(tagged)
              .setColumnFamily(ColumnFamilyDescriptorBuilder.of(CF))
              .setCoprocessor(TenantRecordingObserver.class.getName())
              .build());
    }
    big = cluster.createLoadedTable(conn, "big", BIG_ROWS, 1024);
  }

  @AfterAll
  static void stop() throws Exception {
    if (conn != null) {
      conn.close();
    }
    if (cluster != null) {
      cluster.shutdown();
    }
  }

  @Test
  void regionServerRunsCakeAndTheMasterTheStockScheduler() throws Exception {
    RegionServerScheduler s = cluster.scheduler();
    RpcScheduler master = cluster.util.getMiniHBaseCluster().getMaster().getRpcServer().getScheduler();
    assertThat(master).isExactlyInstanceOf(SimpleRpcScheduler.class);
    assertThat(FirstLevels.all(RegionServerScheduler.class)).containsExactly(s);
    assertThat(s.name()).isEqualTo("hbase-" + cluster.regionServer().getRpcServer().getListenerAddress().getPort());
    assertThat(FirstLevels.get(RegionServerScheduler.class, s.name())).contains(s);
    MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
    assertThat(mbs.isRegistered(SchedulerHost.controlName("hbase", s.name()))).isTrue();
    assertThat(mbs.isRegistered(new ObjectName("io.cake:type=FirstLevel,scheduler=" + s.name() + ",name=slots"))).isTrue();
    assertThat(((CakeRpcScheduler) cluster.regionServer().getRpcServer().getScheduler()).getCallQueueInfo().getCallQueueNames()).contains(CakeRpcScheduler.QUEUE_NAME, "Priority Queue");
  }

  @Test
  void everyTenantSourceIsResolvedCountedAndVisibleToTheHandler() throws Exception {
    RegionServerScheduler s = cluster.scheduler();
    Configuration conf = cluster.conf();
    User carol = User.createUserForTesting(conf, "carol", new String[] {"g"});
    TenantRecordingObserver.SEEN.clear();
    record Client(String tenant, Connection c, Table t) {}
    List<Client> clients = new ArrayList<>();
    Connection reqConn = ConnectionFactory.createConnection(conf);
    clients.add(new Client("reqT", reqConn,
        reqConn.getTableBuilder(tagged, null).setRequestAttribute("cake.tenant", Bytes.toBytes("reqT")).build()));
    Connection connConn = ConnectionFactory.createConnection(conf, null, User.getCurrent(),
        Map.of("cake.tenant", Bytes.toBytes("connT")));
    clients.add(new Client("connT", connConn, connConn.getTable(tagged)));
    Connection userConn = ConnectionFactory.createConnection(conf, null, carol, Map.of());
    clients.add(new Client("userT", userConn, userConn.getTable(tagged)));
    clients.add(new Client("default", conn, conn.getTable(tagged)));
    try {
      for (Client cl : clients) {
        OperationStats ops = s.operationStats();
        long puts0 = ops.totalCompletions(cl.tenant, OperationType.MUTATION);
        long gets0 = ops.totalCompletions(cl.tenant, OperationType.GET);
        long scans0 = ops.totalCompletions(cl.tenant, OperationType.SCAN);
        for (int i = 0; i < 5; i++) {
          cl.t.put(new Put(Bytes.toBytes(cl.tenant + i)).addColumn(CF, Q, Bytes.toBytes("v" + i)));
        }
        for (int i = 0; i < 5; i++) {
          assertThat(cl.t.get(new Get(Bytes.toBytes(cl.tenant + i))).getValue(CF, Q)).isEqualTo(Bytes.toBytes("v" + i));
        }
        int rows = 0;
        try (ResultScanner sc = cl.t.getScanner(new Scan().withStartRow(Bytes.toBytes(cl.tenant)).withStopRow(Bytes.toBytes(cl.tenant + "~")))) {
          for (Result r : sc) {
            rows++;
          }
        }
        assertThat(rows).isEqualTo(5);
        // The handler records completion after the response is sent: wait for the counters.
        CakeCluster.await(cl.tenant + " counted", Duration.ofSeconds(10),
            () -> ops.totalCompletions(cl.tenant, OperationType.GET) - gets0 >= 5
                && ops.totalCompletions(cl.tenant, OperationType.MUTATION) - puts0 >= 5
                && ops.totalCompletions(cl.tenant, OperationType.SCAN) - scans0 >= 1);
        if (!cl.tenant.equals("default")) {
          // Tagged tenants have no other traffic: the counts are exact.
          assertThat(ops.totalCompletions(cl.tenant, OperationType.MUTATION) - puts0).isEqualTo(5);
          assertThat(ops.totalCompletions(cl.tenant, OperationType.GET) - gets0).isEqualTo(5);
        }
      }
    } finally {
      for (Client cl : clients) {
        cl.t.close();
        if (cl.c != conn) {
          cl.c.close();
        }
      }
    }
    assertThat(TenantRecordingObserver.SEEN)
        .extracting(TenantRecordingObserver.Seen::tenant)
        .contains("reqT", "connT", "userT", "default")
        .doesNotContainNull();
    assertThat(TenantRecordingObserver.SEEN)
        .allSatisfy(seen -> assertThat(seen.thread()).startsWith("RpcServer.cake.handler="));
    assertThat(s.queues().lastSnapshot().tenants()).isNotEmpty();
  }

  @Test
  void badClientTenantNamesFallThroughAndAreCounted() throws Exception {
    RegionServerScheduler s = cluster.scheduler();
    long invalid0 = s.known().invalidNames();
    long gets0 = s.operationStats().totalCompletions("connT2", OperationType.GET);
    try (Connection c = ConnectionFactory.createConnection(cluster.conf(), null, User.getCurrent(),
            Map.of("cake.tenant", Bytes.toBytes("connT2")));
        Table t = c.getTableBuilder(tagged, null)
            .setRequestAttribute("cake.tenant", Bytes.toBytes("no good/../name")).build()) {
      t.put(new Put(Bytes.toBytes("bad-name")).addColumn(CF, Q, Bytes.toBytes("v")));
      for (int i = 0; i < 3; i++) {
        assertThat(t.get(new Get(Bytes.toBytes("bad-name"))).getValue(CF, Q)).isEqualTo(Bytes.toBytes("v"));
      }
    }
    CakeCluster.await("counted under the connection's tenant", Duration.ofSeconds(10),
        () -> s.operationStats().totalCompletions("connT2", OperationType.GET) - gets0 == 3);
    assertThat(s.known().invalidNames() - invalid0).isEqualTo(4);
    assertThat(s.known().cap().contains("no good/../name")).isFalse();
  }

  // Clients without request or connection attributes (StockClients): tagging from any client.

  @Test
  void operationAttributesTagGetsPutsMultiAndOnlyTheCallThatOpensAScan() throws Exception {
    StockClients.operationAttributes(cluster, conn, tagged);
  }

  @Test
  void badOperationAttributesAreCountedAndFallThrough() throws Exception {
    StockClients.badOperationAttributes(cluster, tagged);
  }

  @Test
  void theShellsCallsAsHadoopUserNameEtlAreTaggedByTheUserRule() throws Exception {
    StockClients.shellUserFromHadoopUserName(cluster, tagged);
  }

  @Test
  void aMapReduceTableInputFormatRunAsAMappedUserIsTaggedByTheUserRule() throws Exception {
    StockClients.mapReduceReaderAsMappedUser(cluster, conn);
  }

  @Test
  void stockYcsbWithCakesBindingIsCountedUnderItsTenant() throws Exception {
    StockClients.ycsbBinding(cluster, conn);
  }

  @Test
  void aPriorityTheClientAsksForDoesNotTakeUserTableCallsOutOfCake() throws Exception {
    // Hostile: HBase's priority function trusts the header, so Get.setPriority(5) or (100) could
    // land in the stock scheduler's handlers beside meta and admin traffic, outside Cake.
    RegionServerScheduler s = cluster.scheduler();
    OperationStats ops = s.operationStats();
    long gets0 = ops.totalCompletions("prioT", OperationType.GET);
    long puts0 = ops.totalCompletions("prioT", OperationType.MUTATION);
    long scans0 = ops.totalCompletions("prioT", OperationType.SCAN);
    try (Table t = conn.getTableBuilder(tagged, null)
        .setRequestAttribute("cake.tenant", Bytes.toBytes("prioT")).build()) {
      int[] levels = {5, 100, HConstants.ADMIN_QOS, HConstants.HIGH_QOS};
      for (int level : levels) {
        Put put = new Put(Bytes.toBytes("prio" + level)).addColumn(CF, Q, Bytes.toBytes("v"));
        put.setPriority(level);
        t.put(put);
        Get get = new Get(Bytes.toBytes("prio" + level));
        get.setPriority(level);
        assertThat(t.get(get).getValue(CF, Q)).isEqualTo(Bytes.toBytes("v"));
        Scan scan = new Scan().withStartRow(Bytes.toBytes("prio")).withStopRow(Bytes.toBytes("prio~"));
        scan.setPriority(level);
        try (ResultScanner sc = t.getScanner(scan)) {
          assertThat(sc.next()).isNotNull();
        }
      }
      int n = levels.length;
      CakeCluster.await("every call of prioT served by Cake", Duration.ofSeconds(10),
          () -> ops.totalCompletions("prioT", OperationType.GET) - gets0 >= n
              && ops.totalCompletions("prioT", OperationType.MUTATION) - puts0 >= n
              && ops.totalCompletions("prioT", OperationType.SCAN) - scans0 >= n);
      assertThat(ops.totalCompletions("prioT", OperationType.GET) - gets0).isEqualTo(n);
      assertThat(ops.totalCompletions("prioT", OperationType.MUTATION) - puts0).isEqualTo(n);
    }
  }

  @Test
  void tenantsIdleForLongAreForgottenWithTheirQueuesAndStatsAndComeBackAfresh() throws Exception {
    RegionServerScheduler s = cluster.scheduler();
    try (AsyncConnection ac = ConnectionFactory.createAsyncConnection(cluster.conf()).get()) {
      for (String tenant : List.of("passing1", "passing2")) {
        ac.getTableBuilder(big).setRequestAttribute("cake.tenant", Bytes.toBytes(tenant)).build()
            .get(new Get(row(0))).get();
      }
      OperationStats ops = s.operationStats();
      CakeCluster.await("calls accounted", Duration.ofSeconds(10),
          () -> ops.totalCompletions("passing2", OperationType.GET) >= 1);
      assertThat(s.tenants().contains("passing1")).isTrue();
      long forgotten = s.tenants().forgotten();
      for (int i = 0; i < TenantCap.IDLE_INTERVALS; i++) {
        s.rollMetrics(); // intervals without a call of theirs
      }
      assertThat(s.tenants().contains("passing1")).isFalse();
      assertThat(s.tenants().contains("passing2")).isFalse();
      assertThat(s.tenants().forgotten() - forgotten).isGreaterThanOrEqualTo(2);
      assertThat(s.queues().metrics("passing1")).as("queue and metrics dropped").isNull();
      assertThat(ops.totalCompletions("passing1", OperationType.GET)).as("operation stats dropped").isZero();

      ac.getTableBuilder(big).setRequestAttribute("cake.tenant", Bytes.toBytes("passing1")).build()
          .get(new Get(row(0))).get();
      CakeCluster.await("back under its own name", Duration.ofSeconds(10),
          () -> ops.totalCompletions("passing1", OperationType.GET) == 1);
      assertThat(s.tenants().contains("passing1")).isTrue();
      assertThat(s.queues().metrics("passing1").totalArrivals()).as("afresh").isEqualTo(1);
    }
  }

  @Test
  void aFloodOverASmallQueueIsRejectedAndEveryAcceptedCallCompletes() throws Exception {
    RegionServerScheduler s = cluster.scheduler();
    int[] limits = {s.queues().tenantCapacity(), s.queues().totalCapacity()};
    s.setQueueLimits(2, limits[1]);
    int sent = 600;
    int ok = 0;
    int rejected = 0;
    List<Throwable> other = new ArrayList<>();
    try (AsyncConnection ac = ConnectionFactory.createAsyncConnection(cluster.conf()).get()) {
      AsyncTable<?> t = ac.getTableBuilder(big).setMaxAttempts(1)
          .setRequestAttribute("cake.tenant", Bytes.toBytes("flood")).build();
      t.get(new Get(row(0))).get(); // locate the region first
      TenantMetrics m = s.queues().metrics("flood");
      // The handler records a completion just after the response leaves: settle the warm-up call.
      CakeCluster.await("warm-up accounted", Duration.ofSeconds(10),
          () -> m.totalArrivals() == m.totalCompletions() + m.totalDrops());
      long arrivals0 = m.totalArrivals();
      long done0 = m.totalCompletions() + m.totalDrops();
      long rejections0 = m.totalRejections();
      List<CompletableFuture<Result>> futures = new ArrayList<>();
      for (int i = 0; i < sent; i++) {
        futures.add(t.get(new Get(row(i % BIG_ROWS))).toCompletableFuture());
      }
      for (CompletableFuture<Result> f : futures) {
        try {
          assertThat(f.get().isEmpty()).isFalse();
          ok++;
        } catch (ExecutionException e) {
          if (hasCause(e, CallQueueTooBigException.class)) {
            rejected++;
          } else {
            other.add(e.getCause());
          }
        }
      }
      assertThat(other).isEmpty();
      int accepted = ok;
      CakeCluster.await("accepted calls accounted", Duration.ofSeconds(20),
          () -> m.totalCompletions() + m.totalDrops() - done0 == accepted);
      System.out.printf("CAKE overload: sent=%d completed=%d rejected=%d (server: arrivals=%d rejections=%d)%n",
          sent, ok, rejected, m.totalArrivals() - arrivals0, m.totalRejections() - rejections0);
      assertThat(rejected).isPositive();
      assertThat(ok).isPositive();
      assertThat(ok + rejected).isEqualTo(sent);
      assertThat(m.totalArrivals() - arrivals0).isEqualTo(ok);
      assertThat(m.totalRejections() - rejections0).isEqualTo(rejected);
    } finally {
      s.setQueueLimits(limits[0], limits[1]);
    }
  }

  @Test
  void controlTrafficCompletesWhileTenantsSaturateThePool() throws Exception {
    RegionServerScheduler s = cluster.scheduler();
    AtomicBoolean running = new AtomicBoolean(true);
    AtomicLong scans = new AtomicLong();
    List<Thread> batch = new ArrayList<>();
    Connection batchConn = ConnectionFactory.createConnection(cluster.conf(), null, User.getCurrent(),
        Map.of("cake.tenant", Bytes.toBytes("batch")));
    try {
      for (int i = 0; i < 24; i++) {
        Thread th = new Thread(() -> {
          try (Table t = batchConn.getTable(big)) {
            while (running.get()) {
              try (ResultScanner sc = t.getScanner(CakeCluster.heavyScan())) {
                sc.forEach(r -> {});
              }
              scans.incrementAndGet();
            }
          } catch (Exception e) {
            if (running.get()) {
              throw new RuntimeException(e);
            }
          }
        });
        th.start();
        batch.add(th);
      }
      CakeCluster.await("batch queued behind a full pool", Duration.ofSeconds(30),
          () -> s.queues().queued("batch") > 0 && s.activeHandlers() >= s.slots());
      long t0 = System.nanoTime();
      TableName ctl = TableName.valueOf("ctl");
      try (Admin admin = conn.getAdmin()) {
        admin.createTable(TableDescriptorBuilder.newBuilder(ctl).setColumnFamily(ColumnFamilyDescriptorBuilder.of(CF)).build());
        long t1 = System.nanoTime();
        RegionInfo region = admin.getRegions(tagged).get(0);
        // One RegionServer: a move is a close and an open, driven by the master through admin RPCs.
        admin.unassign(region.getRegionName(), true);
        admin.assign(region.getRegionName());
        cluster.util.waitUntilAllRegionsAssigned(tagged, 30_000);
        long t2 = System.nanoTime();
        try (Connection fresh = ConnectionFactory.createConnection(cluster.conf());
            RegionLocator loc = fresh.getRegionLocator(tagged)) {
          assertThat(loc.getRegionLocation(Bytes.toBytes("x"), true)).isNotNull();
          assertThat(fresh.getRegionLocator(ctl).getAllRegionLocations()).hasSize(1);
        }
        long t3 = System.nanoTime();
        System.out.printf("CAKE control path under saturation: createTable %.0f ms, reassign %.0f ms, meta lookups %.0f ms; batch queued=%d%n",
            (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6, s.queues().queued("batch"));
        assertThat(admin.tableExists(ctl)).isTrue();
      }
      assertThat(s.queues().queued("batch")).as("still saturated at the end").isPositive();

      assertThat(Duration.ofNanos(System.nanoTime() - t0)).isLessThan(Duration.ofSeconds(60));
    } finally {
      running.set(false);
      for (Thread th : batch) {
        th.join(60_000);
      }
      batchConn.close();
    }
    assertThat(scans.get()).isPositive();
  }

  @Test
  void theOthersLimitBelowOneHandlerHoldsThemToItsHandlerTimeAndLeavesTheExemptTenantAlone() throws Exception {
    RegionServerScheduler s = cluster.scheduler();
    AtomicBoolean running = new AtomicBoolean(true);
    List<CompletableFuture<Void>> scanners = new ArrayList<>();
    Connection batchConn = ConnectionFactory.createConnection(cluster.conf(), null, User.getCurrent(),
        Map.of("cake.tenant", Bytes.toBytes("throttled")));
    try (Table fe = conn.getTable(big)) {
      for (int i = 0; i < 3; i++) {
        scanners.add(CompletableFuture.runAsync(() -> {
          try (Table t = batchConn.getTable(big)) {
            while (running.get()) {
              try (ResultScanner sc = t.getScanner(CakeCluster.heavyScan())) {
                sc.forEach(r -> {});
              }
            }
          } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        }));
      }
      CakeCluster.await("scans running", Duration.ofSeconds(30), () -> s.queues().metrics("throttled") != null
          && s.queues().metrics("throttled").totalCompletions() > 3);
      double free = handlersBusy(s, "throttled", 3_000);

      s.setOthersLimit(java.util.Set.of("frontend"), 0.2);
      assertThat(s.othersLimit()).isEqualTo(0.2);
      assertThat(s.othersExempt()).isEqualTo("frontend");
      TimeUnit.SECONDS.sleep(1); // calls started before the throttle finish (pacing a measurement)
      double throttled = handlersBusy(s, "throttled", 4_000);
      // The exempt tenant (untagged calls are 'default', so tag one) is served meanwhile.
      Get get = new Get(row(7));
      get.setAttribute("cake.tenant", Bytes.toBytes("frontend"));
      assertThat(fe.get(get).isEmpty()).isFalse();

      // Refused, naming what is wrong, and nothing changes.
      java.util.Set<String> exempt = java.util.Set.of("frontend");
      assertThatThrownBy(() -> s.setOthersLimit(exempt, -0.5)).hasMessageContaining("the others' limit");
      assertThatThrownBy(() -> s.setOthersLimit(exempt, Double.NaN)).hasMessageContaining("the others' limit");
      assertThatThrownBy(() -> s.setOthersLimit(exempt, 1e9)).hasMessageContaining("pool's max");
      assertThatThrownBy(() -> s.setOthersLimit(java.util.Set.of("bad name!"), 0.5)).hasMessageContaining("exempt tenant");
      assertThat(s.othersLimit()).isEqualTo(0.2);

      s.setOthersLimit(exempt, 0);
      assertThat(s.othersLimit()).isZero();
      assertThat(s.othersExempt()).isEmpty();
      System.out.printf("CAKE others' limit: scans on %.2f handlers free, %.2f limited to 0.2%n", free, throttled);
      assertThat(free).as("unthrottled, the scans keep most of a handler busy").isGreaterThan(0.9);
      assertThat(throttled).as("held to 0.2 handlers, give or take a call at each end")
          .isLessThan(0.45).isLessThan(free / 2).isGreaterThan(0.05);
    } finally {
      s.setOthersLimit(java.util.Set.of(), 0);
      running.set(false);
      for (CompletableFuture<Void> f : scanners) {
        f.get(60, TimeUnit.SECONDS); // every scan finished: no call lost to the throttle
      }
      batchConn.close();
    }
  }

  /** {@code tenant}'s handler time over the next {@code millis}, in handlers busy on average. */
  private static double handlersBusy(RegionServerScheduler s, String tenant, long millis) throws InterruptedException {
    TenantMetrics m = s.queues().metrics(tenant);
    long units0 = m.totalServiceUnits();
    long t0 = System.nanoTime();
    TimeUnit.MILLISECONDS.sleep(millis); // the measurement window
    return (m.totalServiceUnits() - units0) / 1e6 / ((System.nanoTime() - t0) / 1e9);
  }

  /**
   * Every handler the pool can ever have is held inside the region by tenant "holder" (set
   * TenantRecordingObserver's latch first), with more of its calls queued behind.
   */
  private static List<CompletableFuture<Result>> holdEveryHandler(RegionServerScheduler s, AsyncConnection ac)
      throws Exception {
    AsyncTable<?> holder = ac.getTableBuilder(tagged)
        .setRequestAttribute("cake.tenant", Bytes.toBytes("holder")).build();
    List<CompletableFuture<Result>> held = new ArrayList<>();
    for (int i = 0; i < s.aimdConfig().maxSize() + 2; i++) {
      held.add(holder.get(new Get(row(i))).toCompletableFuture());
    }
    CakeCluster.await("every handler held", Duration.ofSeconds(30),
        () -> s.activeHandlers() >= s.slots() && s.queues().queued("holder") > 0);
    return held;
  }

  /** Holds {@code tenant}'s gets in the region (TenantRecordingObserver) until the returned latch opens. */
  private static CountDownLatch holdGetsOf(String tenant) {
    CountDownLatch gate = new CountDownLatch(1);
    TenantRecordingObserver.release = gate;
    TenantRecordingObserver.holdTenant = tenant;
    return gate;
  }

  /** {@code table} as {@code tenant}, each call one try that its client gives {@code timeoutMs}. */
  private static AsyncTable<?> oneTry(AsyncConnection ac, TableName table, String tenant, int timeoutMs) {
    return ac.getTableBuilder(table).setMaxAttempts(1)
        .setRpcTimeout(timeoutMs, TimeUnit.MILLISECONDS).setReadRpcTimeout(timeoutMs, TimeUnit.MILLISECONDS)
        .setOperationTimeout(30, TimeUnit.SECONDS)
        .setRequestAttribute("cake.tenant", Bytes.toBytes(tenant)).build();
  }

  @Test
  void theKillSwitchIsReachedWhileEveryCakeHandlerIsHeld() throws Exception {
    // Hostile: update_config is an AdminService call HBase gives normal priority, so it queued in
    // Cake itself, behind the very tenants an operator turns Cake off to escape.
    RegionServerScheduler s = cluster.scheduler();
    CountDownLatch gate = holdGetsOf("holder");
    try (AsyncConnection ac = ConnectionFactory.createAsyncConnection(cluster.conf()).get()) {
      List<CompletableFuture<Result>> held = holdEveryHandler(s, ac);

      CompletableFuture<Void> off = CompletableFuture.runAsync(() -> {
        try {
          cluster.updateConfiguration(conn, "cake.hbase.enabled", "false");
        } catch (Exception e) {
          throw new RuntimeException(e);
        }
      });
      off.get(30, TimeUnit.SECONDS); // must not wait for the held handlers (released at 60 s)
      assertThat(s.enabled()).isFalse();
      assertThat(gate.getCount()).as("handlers still held").isEqualTo(1);

      gate.countDown();
      for (CompletableFuture<Result> f : held) {
        assertThat(f.get(60, TimeUnit.SECONDS)).isNotNull();
      }
    } finally {
      gate.countDown();
      TenantRecordingObserver.holdTenant = null;
      cluster.updateConfiguration(conn, "cake.hbase.enabled", null);
    }
    assertThat(s.enabled()).isTrue();
  }

  @Test
  void callsWhoseDeadlinePassesInTheQueueAreDroppedAndCounted() throws Exception {
    RegionServerScheduler s = cluster.scheduler();
    int timeoutMs = 50;
    CountDownLatch gate = holdGetsOf("holder");
    try (AsyncConnection ac = ConnectionFactory.createAsyncConnection(cluster.conf()).get()) {
      List<CompletableFuture<Result>> held = holdEveryHandler(s, ac);

      long drops0 = s.deadlineDrops();
      AsyncTable<?> late = oneTry(ac, big, "expired", timeoutMs);
      List<CompletableFuture<Result>> futures = new ArrayList<>();
      for (int i = 0; i < 20; i++) {
        futures.add(late.get(new Get(row(i))).toCompletableFuture());
      }
      CakeCluster.await("late calls queued", Duration.ofSeconds(30), () -> s.queues().queued("expired") == 20);
      // Every server-side deadline is receive time + client timeout, so all have passed after this.
      long allDeadlinesPassed = System.currentTimeMillis() + timeoutMs + 1;
      CakeCluster.await("deadlines passed", Duration.ofSeconds(5),
          () -> System.currentTimeMillis() > allDeadlinesPassed);
      gate.countDown();

      for (CompletableFuture<Result> f : futures) {
        assertThatThrownBy(f::get).isInstanceOf(ExecutionException.class);
      }
      for (CompletableFuture<Result> f : held) {
        assertThat(f.get(60, TimeUnit.SECONDS)).isNotNull();
      }
      CakeCluster.await("late calls accounted", Duration.ofSeconds(30), () -> {
        TenantMetrics m = s.queues().metrics("expired");
        return m != null && m.totalArrivals() == m.totalCompletions() + m.totalDrops();
      });
      TenantMetrics m = s.queues().metrics("expired");
      System.out.printf("CAKE deadlines: expired tenant arrivals=%d completions=%d drops=%d%n",
          m.totalArrivals(), m.totalCompletions(), m.totalDrops());
      assertThat(m.totalArrivals()).isEqualTo(20);
      assertThat(m.totalDrops()).isEqualTo(20);
      assertThat(m.totalCompletions()).isZero();
      assertThat(s.deadlineDrops() - drops0).isEqualTo(20);
      assertThat(s.operationStats().totalDrops("expired", OperationType.GET)).isEqualTo(20);
    } finally {
      TenantRecordingObserver.holdTenant = null;
      gate.countDown();
    }
  }

  @Test
  void aCallHeldBackByTheOthersLimitStillStartsBeforeItsClientGivesUp() throws Exception {
    // Hostile: at a twentieth of a handler, a call that held a handler for a second leaves its
    // tenant 20 s in debt, and the next call waited for it past its client's timeout (a scan on
    // ./cake-cluster failed after 60 s so). A limit slows a tenant; it must not fail its calls.
    RegionServerScheduler s = cluster.scheduler();
    CountDownLatch gate = holdGetsOf("slowed");
    int timeoutMs = 4_000;
    try (AsyncConnection ac = ConnectionFactory.createAsyncConnection(cluster.conf()).get()) {
      s.setOthersLimit(java.util.Set.of("frontend"), 0.05);
      AsyncTable<?> slowed = oneTry(ac, tagged, "slowed", timeoutMs);
      CompletableFuture<Result> first = slowed.get(new Get(row(1))).toCompletableFuture();
      CakeCluster.await("the first call in the region", Duration.ofSeconds(30),
          () -> TenantRecordingObserver.SEEN.stream().anyMatch(seen -> "slowed".equals(seen.tenant())));
      TimeUnit.MILLISECONDS.sleep(1_000); // the first call's cost: a second of handler time
      TenantRecordingObserver.holdTenant = null;
      gate.countDown();
      assertThat(first.get(30, TimeUnit.SECONDS)).isNotNull();

      long t0 = System.nanoTime();
      Result second = slowed.get(new Get(row(2))).get(30, TimeUnit.SECONDS); // 20 s of debt ahead of it
      long tookMs = (System.nanoTime() - t0) / 1_000_000;
      System.out.printf("CAKE limit patience: the second call answered in %d ms (client timeout %d ms)%n", tookMs, timeoutMs);
      assertThat(second).isNotNull();
      assertThat(tookMs).as("held by the limit for a while, and started in time").isBetween(1_000L, (long) timeoutMs);
    } finally {
      s.setOthersLimit(java.util.Set.of(), 0);
      TenantRecordingObserver.holdTenant = null;
      gate.countDown();
    }
  }

  @Test
  void updateConfigurationChangesSharesLiveAndRefusesBadValues() throws Exception {
    RegionServerScheduler s = cluster.scheduler();
    cluster.updateConfiguration(conn, "cake.hbase.tenant.live.share", "7", "cake.hbase.tenant.live.reservation", "1");
    CakeCluster.await("reload", Duration.ofSeconds(10), () -> s.allocation().share("live") == 7.0);
    assertThat(s.allocation().reservation("live")).isEqualTo(1);
    assertThat(s.lastConfigurationError()).isEmpty();

    cluster.updateConfiguration(conn, "cake.hbase.tenant.live.share", "-3");
    CakeCluster.await("refusal", Duration.ofSeconds(10), () -> !s.lastConfigurationError().isEmpty());
    assertThat(s.lastConfigurationError()).contains("cake.hbase.tenant.live.share");
    assertThat(s.allocation().share("live")).as("unchanged").isEqualTo(7.0);
    try (Table t = conn.getTable(tagged)) {
      t.put(new Put(Bytes.toBytes("after-bad")).addColumn(CF, Q, Bytes.toBytes("ok")));
      assertThat(t.get(new Get(Bytes.toBytes("after-bad"))).getValue(CF, Q)).isEqualTo(Bytes.toBytes("ok"));
    }

    cluster.updateConfiguration(conn, "cake.hbase.tenant.live.share", "3", "cake.hbase.tenant.live.reservation", null);
    CakeCluster.await("second reload", Duration.ofSeconds(10), () -> s.allocation().share("live") == 3.0);
    assertThat(s.allocation().reservation("live")).isZero();
    assertThat(s.lastConfigurationError()).isEmpty();
    assertThat(s.allocation().share("reqT")).as("other file values kept").isEqualTo(2.0);
  }

  /**
   * Cake section 3: calls beyond a tenant's throughput contract are served best effort, not
   * refused. The contract arrives by update_config, a bad one is refused naming its key.
   */
  @Test
  void callsOverTheirTenantsContractAreServedAsBestEffortAndNoneIsLost() throws Exception {
    RegionServerScheduler s = cluster.scheduler();
    String key = "cake.hbase.tenant.noisy.contract";
    try {
      cluster.updateConfiguration(conn, key, "5:5"); // 5 calls a second, bursts of 5
      CakeCluster.await("the contract", Duration.ofSeconds(10), () -> s.contracts().contracts().containsKey("noisy"));
      TenantRecordingObserver.SEEN.clear();
      try (Table t = conn.getTableBuilder(tagged, null).setRequestAttribute("cake.tenant", Bytes.toBytes("noisy")).build()) {
        t.put(new Put(Bytes.toBytes("contract-row")).addColumn(CF, Q, Bytes.toBytes("v")));
        long start = System.nanoTime();
        int calls = 60;
        for (int i = 0; i < calls; i++) {
          assertThat(t.get(new Get(Bytes.toBytes("contract-row"))).getValue(CF, Q)).isEqualTo(Bytes.toBytes("v"));
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long in = s.contracts().totals().get("noisy").inContract();
        long over = s.contracts().totals().get("noisy").overContract();
        System.out.printf("CAKE contract 5:5: %d calls in %.2f s, %d in contract, %d over%n", calls + 1, seconds, in, over);
        assertThat(in + over).as("the put and every get, each counted once").isEqualTo(calls + 1);
        // At most the burst plus 5 a second fit; the rest went over (whatever the machine's speed).
        assertThat(in).isLessThanOrEqualTo(5 + (long) Math.ceil(5 * seconds) + 1);
        assertThat(over).isGreaterThan(0);
        List<String> asSeen = TenantRecordingObserver.SEEN.stream().map(TenantRecordingObserver.Seen::tenant).toList();
        assertThat(asSeen).as("the handler ran each get as its tenant or as best-effort")
            .hasSize(calls).containsOnly("noisy", TenantNames.BEST_EFFORT);
        assertThat(asSeen.stream().filter(TenantNames.BEST_EFFORT::equals).count()).isEqualTo(over);
        assertThat(s.queues().metrics(TenantNames.BEST_EFFORT).totalCompletions()).isGreaterThanOrEqualTo(over);
        assertThat(s.queues().limits().rate(TenantNames.BEST_EFFORT)).as("held to one handler of service")
            .isEqualTo(io.cake.hbase.config.CakeHBaseConfig.DEFAULT_BEST_EFFORT_HANDLERS * 1e6);
        assertThat(s.queues().maxInService(TenantNames.BEST_EFFORT)).as("and to one handler at once").isEqualTo(1);
      }

      cluster.updateConfiguration(conn, key, "0:5");
      CakeCluster.await("refusal", Duration.ofSeconds(10), () -> !s.lastConfigurationError().isEmpty());
      assertThat(s.lastConfigurationError()).contains(key);
      assertThat(s.contracts().contracts().get("noisy")).as("unchanged").hasToString("5:5");
      cluster.updateConfiguration(conn, key, "5:5"); // the file as it was accepted
      CakeCluster.await("the good file again", Duration.ofSeconds(10), () -> s.lastConfigurationError().isEmpty());

      // Over JMX: set, refused (naming the tenant), and kept by a reload of an unchanged file.
      MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
      ObjectName control = SchedulerHost.controlName("hbase", s.name());
      String[] sig = {String.class.getName(), String.class.getName()};
      mbs.invoke(control, "setContract", new Object[] {"other", "100:10,1000:2"}, sig);
      assertThat(s.contracts().contracts().get("noisy")).as("the others stay").hasToString("5:5");
      assertThat(javax.management.JMX.newMXBeanProxy(mbs, control, io.cake.hbase.jmx.HBaseSchedulerMXBean.class).getContracts())
          .containsEntry("other", "100:10,1000:2");
      assertThatThrownBy(() -> mbs.invoke(control, "setContract", new Object[] {"other", "-1:10"}, sig))
          .hasStackTraceContaining("contract of 'other'");
      assertThatThrownBy(() -> mbs.invoke(control, "setContract", new Object[] {TenantNames.BEST_EFFORT, "1:1"}, sig))
          .hasStackTraceContaining("cannot have a contract");
      assertThat(s.contracts().contracts().get("other")).hasToString("100:10,1000:2");
      cluster.updateConfiguration(conn, "cake.hbase.tenant.live2.share", "2");
      CakeCluster.await("reload", Duration.ofSeconds(10), () -> s.allocation().share("live2") == 2.0);
      assertThat(s.contracts().contracts()).as("an unchanged file keeps JMX's contract").containsKey("other");
      mbs.invoke(control, "setContract", new Object[] {"other", ""}, sig);
      assertThat(s.contracts().contracts()).doesNotContainKey("other");

      cluster.updateConfiguration(conn, "cake.hbase.best-effort.handlers", "0.5");
      CakeCluster.await("best effort's hold", Duration.ofSeconds(10),
          () -> s.queues().limits().rate(TenantNames.BEST_EFFORT) == 5e5);
      assertThat(s.queues().maxInService(TenantNames.BEST_EFFORT)).as("half a handler: one at once").isEqualTo(1);
      cluster.updateConfiguration(conn, "cake.hbase.best-effort.handlers", "2.5");
      CakeCluster.await("best effort's hold at 2.5", Duration.ofSeconds(10),
          () -> s.queues().maxInService(TenantNames.BEST_EFFORT) == 3);
      cluster.updateConfiguration(conn, "cake.hbase.best-effort.handlers", "0");
      CakeCluster.await("no hold", Duration.ofSeconds(10),
          () -> s.queues().maxInService(TenantNames.BEST_EFFORT) == 0);
    } finally {
      cluster.updateConfiguration(conn, key, null, "cake.hbase.tenant.live2.share", null,
          "cake.hbase.best-effort.handlers", null);
    }
    CakeCluster.await("no contract", Duration.ofSeconds(10), () -> s.contracts().contracts().isEmpty());
    assertThat(s.lastConfigurationError()).isEmpty();
  }

  @Test
  void oneReloadRaisesAndLowersThePoolMinimumAndTheReservationsTogether() throws Exception {
    RegionServerScheduler s = cluster.scheduler();
    s.setPoolSize(4);
    try {
      // 6 reservations need a pool of 7: checked against the pool of 4 they would be refused.
      cluster.updateConfiguration(conn, "cake.hbase.aimd.min", "8", "cake.hbase.tenant.resT.reservation", "6");
      CakeCluster.await("raising reload", Duration.ofSeconds(10),
          () -> s.aimdConfig().minSize() == 8 || !s.lastConfigurationError().isEmpty());
      assertThat(s.lastConfigurationError()).isEmpty();
      assertThat(s.allocation().reservation("resT")).isEqualTo(6);
      assertThat(s.slots()).isGreaterThanOrEqualTo(8);
    } finally {
      cluster.updateConfiguration(conn, "cake.hbase.aimd.min", "4", "cake.hbase.tenant.resT.reservation", null);
    }
    CakeCluster.await("lowering reload", Duration.ofSeconds(10),
        () -> s.aimdConfig().minSize() == 4 || !s.lastConfigurationError().isEmpty());
    assertThat(s.lastConfigurationError()).isEmpty();
    assertThat(s.allocation().reservation("resT")).isZero();
  }

  @Test
  void taskMonitorKeepsOneStatusPerHandlerSlotHoweverOftenThePoolIsResized() throws Exception {
    // Hostile: a status per handler thread would never be dropped by TaskMonitor, and each resize
    // starts new threads.
    RegionServerScheduler s = cluster.scheduler();
    int max = s.aimdConfig().maxSize();
    int min = s.aimdConfig().minSize();
    try (AsyncConnection ac = ConnectionFactory.createAsyncConnection(cluster.conf()).get()) {
      AsyncTable<?> t = ac.getTableBuilder(tagged)
          .setRequestAttribute("cake.tenant", Bytes.toBytes("churn")).build();
      t.put(new Put(Bytes.toBytes("churn")).addColumn(CF, Q, Bytes.toBytes("v"))).get();
      for (int i = 0; i < 200; i++) {
        s.setPoolSize(i % 2 == 0 ? max : min);
        // More gets at once than handlers, so the new threads run calls too.
        List<CompletableFuture<Result>> gets = new ArrayList<>();
        for (int g = 0; g < 2 * max; g++) {
          gets.add(t.get(new Get(Bytes.toBytes("churn"))).toCompletableFuture());
        }
        for (CompletableFuture<Result> f : gets) {
          assertThat(f.get(30, TimeUnit.SECONDS).isEmpty()).isFalse();
        }
      }
    }
    long statuses = TaskMonitor.get().getTasks().stream()
        .filter(task -> task.getDescription().startsWith("RpcServer.cake.handler="))
        .count();
    System.out.printf("CAKE TaskMonitor: %d Cake handler statuses after 200 resizes (pool max %d)%n", statuses, max);
    assertThat(statuses).isLessThanOrEqualTo(max);
    CakeCluster.await("threads follow the pool", Duration.ofSeconds(10), () -> s.handlerThreads() == s.slots());
  }

  @Test
  void jmxWritesChangeTheAllocationAndInvalidOnesAreRefused() throws Exception {
    RegionServerScheduler s = cluster.scheduler();
    MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
    ObjectName name = SchedulerHost.controlName("hbase", s.name());
    var before = s.allocation();
    String[] allocationSignature = {String.class.getName(), String.class.getName(), "double"};
    try {
      mbs.invoke(name, "setAllocation", new Object[] {"front=8,batch=2", "", 1.0}, allocationSignature);
      assertThat(s.allocation().share("front")).isEqualTo(8.0);
      assertThat(mbs.getAttribute(name, "Shares")).isEqualTo("batch=2.0,front=8.0");
      mbs.invoke(name, "setReservation", new Object[] {"front", 1}, new String[] {String.class.getName(), "int"});
      assertThat(s.allocation().reservation("front")).isEqualTo(1);
      assertThat(s.allocation().share("batch")).as("a per-tenant write keeps the rest").isEqualTo(2.0);
      assertThat(mbs.getAttribute(name, "Reservations")).isEqualTo("front=1");

      var good = s.allocation();
      assertThatThrownBy(() -> mbs.invoke(name, "setAllocation", new Object[] {"front=-1", "", 1.0}, allocationSignature))
          .hasRootCauseMessage("share of 'front' must be a positive finite number, got '-1'");
      assertThatThrownBy(() -> mbs.invoke(name, "setAllocation", new Object[] {"bad tenant=1", "", 1.0}, allocationSignature))
          .hasStackTraceContaining("bad tenant");
      assertThatThrownBy(() -> mbs.invoke(name, "setAllocation", new Object[] {"front=9", "front=100", 1.0}, allocationSignature))
          .hasStackTraceContaining("at most");
      assertThat(s.allocation()).as("a refused whole allocation changes no part").isEqualTo(good);
      assertThatThrownBy(() -> mbs.invoke(name, "setShare", new Object[] {"front", Double.NaN}, new String[] {String.class.getName(), "double"}))
          .hasStackTraceContaining("positive finite");
      assertThatThrownBy(() -> mbs.invoke(name, "setPoolBounds", new Object[] {9, 3}, new String[] {"int", "int"}))
          .hasStackTraceContaining("maxSize");
      int threads = ManagementFactory.getThreadMXBean().getThreadCount();
      Object bounds = List.of(mbs.getAttribute(name, "PoolMin"), mbs.getAttribute(name, "PoolMax"));
      // Hostile: unchecked, these bounds would start 100,000 handler threads.
      assertThatThrownBy(() -> mbs.invoke(name, "setPoolBounds", new Object[] {100_000, 100_000}, new String[] {"int", "int"}))
          .hasStackTraceContaining("maxSize must be <= 1024");
      // The bounds stay; the pool itself may move within them meanwhile (AIMD runs on its timer).
      assertThat(List.of(mbs.getAttribute(name, "PoolMin"), mbs.getAttribute(name, "PoolMax"))).isEqualTo(bounds);
      assertThat(s.slots()).isLessThanOrEqualTo((Integer) mbs.getAttribute(name, "PoolMax"));
      assertThat(ManagementFactory.getThreadMXBean().getThreadCount()).isLessThan(threads + 100);
      assertThatThrownBy(() -> mbs.invoke(name, "setQueueLimits", new Object[] {0, 3}, new String[] {"int", "int"}))
          .hasStackTraceContaining("capacities");
      assertThat(s.allocation()).as("refusals change nothing").isEqualTo(good);
      assertThat((Integer) mbs.getAttribute(name, "PoolMin")).isEqualTo(4);
      // The kill switch without a file or update_config: JMX reaches it past Cake's own queues.
      mbs.setAttribute(name, new Attribute("Enabled", false));
      assertThat(s.enabled()).isFalse();
      mbs.setAttribute(name, new Attribute("Enabled", true));
      assertThat(s.enabled()).isTrue();
      assertThat(mbs.getAttribute(name, "OperationLatencyP99Ms")).isNotNull();
    } finally {
      s.setAllocation(before);
    }
  }

  @Test
  void aimdGrowsThePoolWhileSingleRowGetsAreFast() throws Exception {
    RegionServerScheduler s = cluster.scheduler();
    s.setPoolSize(4);
    try (Table t = conn.getTable(tagged)) {
      t.put(new Put(Bytes.toBytes("aimd")).addColumn(CF, Q, Bytes.toBytes("v")));
      long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (s.slots() < 7 && System.nanoTime() < end) {
        t.get(new Get(Bytes.toBytes("aimd")));
      }
    }
    System.out.printf("CAKE aimd: pool %d, last mean single-get service %.2f ms%n", s.slots(), s.lastAimdMeanMillis());
    assertThat(s.slots()).isGreaterThanOrEqualTo(7);
    assertThat(s.lastAimdMeanMillis()).isLessThan(6.0);
    CakeCluster.await("threads follow the pool", Duration.ofSeconds(10), () -> s.handlerThreads() == s.slots());
  }

  private static boolean hasCause(Throwable t, Class<? extends Throwable> type) {
    for (Throwable c = t; c != null; c = c.getCause()) {
      if (type.isInstance(c)) {
        return true;
      }
    }
    return false;
  }
}
