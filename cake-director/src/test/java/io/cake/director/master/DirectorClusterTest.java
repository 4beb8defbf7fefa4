package io.cake.director.master;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.controller.config.ControllerConfig;
import io.cake.controller.hbase.CakeControllerCoprocessor;
import io.cake.director.config.DirectorConfig;
import io.cake.hbase.rpc.CakeRpcSchedulerFactory;
import io.cake.hdfs.client.CakeTenantFileSystem;
import io.cake.hdfs.datanode.CakeFsDatasetFactory;
import io.cake.controller.jmx.Controller;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.master.HMaster;
import org.apache.hadoop.hbase.master.RegionPlan;
import org.apache.hadoop.hbase.master.balancer.CakeDirectorCostFunction;
import org.apache.hadoop.hbase.master.balancer.StochasticLoadBalancer;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * The director in a real HMaster over two RegionServers that run Cake's scheduler and controller.
 * A front end reads a table whose four regions all sit on one RegionServer, the balancer off; the
 * other RegionServer is idle. While the front end meets its SLO, nothing moves. Then its SLO is
 * tightened to 1 ms, which that server misses at the load it carries: the director must see the
 * miss in the server's controller beans, learn its capacity, and move a hot region to the idle
 * one, while every get succeeds. Once the idle server misses too, no placement fits: the director
 * must run the configured server command. (The SLO is tightened under load, not set tight from the start,
 * so that the first miss is at the server's full load: a miss at the trickle of the load's first
 * interval would teach the director, rightly, that this server cannot carry even that.)
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DirectorClusterTest {
  private static final byte[] CF = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final int ROWS = 2_000;
  private static final long INTERVAL_MS = 1_000;
  private static final TableName HOT = TableName.valueOf("hot");

  private static HBaseTestingUtility util;
  private static Connection front;
  private static Path asked;

  @TempDir
  static Path dir;

  @BeforeAll
  static void start() throws Exception {
    util = new HBaseTestingUtility();
    Configuration conf = util.getConfiguration();
    conf.set("hbase.region.server.rpc.scheduler.factory.class", CakeRpcSchedulerFactory.class.getName());
    conf.set("cake.hbase.metrics.interval-ms", String.valueOf(INTERVAL_MS));
    conf.set("dfs.datanode.fsdataset.factory", CakeFsDatasetFactory.class.getName());
    conf.set("cake.hdfs.metrics.interval-ms", String.valueOf(INTERVAL_MS));
    conf.set("hbase.fs.wrapper", CakeTenantFileSystem.class.getName());
    conf.set("hbase.coprocessor.regionserver.classes", CakeControllerCoprocessor.class.getName());
    conf.set(ControllerConfig.ENABLED, "true");
    conf.set(ControllerConfig.INTERVAL_MS, String.valueOf(INTERVAL_MS));
    conf.set("cake.slo.front.latency-ms", "10000");
    conf.set(DirectorConfig.COPROCESSOR_KEY, CakeDirectorCoprocessor.class.getName());
    conf.set(DirectorConfig.ENABLED_KEY, "true");
    conf.set(DirectorConfig.INTERVAL_MS_KEY, String.valueOf(INTERVAL_MS));
    asked = dir.resolve("asked");
    Path command = dir.resolve("add-server");
    Files.writeString(command, "#!/bin/sh\necho \"$@\" >> " + asked + "\n");
    Files.setPosixFilePermissions(command, PosixFilePermissions.fromString("rwx------"));
    conf.set(DirectorConfig.SERVER_COMMAND_KEY, command.toString());
    conf.set("hbase.master.balancer.stochastic.additionalCostFunctions", CakeDirectorCostFunction.class.getName());
    conf.setInt("hbase.regionserver.msginterval", 500); // region counters reach the HMaster twice an interval
    conf.setInt("hbase.regionserver.info.port", 0); // the /jmx page the director reads; off in mini-clusters
    util.startMiniCluster(
        StartMiniClusterOption.builder().numMasters(1).numRegionServers(2).numDataNodes(1).build());
    front = ConnectionFactory.createConnection(
        conf, null, User.getCurrent(), Map.of("cake.tenant", Bytes.toBytes("front")));
  }

  @AfterAll
  static void stop() throws Exception {
    if (front != null) {
      front.close();
    }
    if (util != null) {
      util.shutdownMiniCluster();
    }
  }

  @Test
  @Order(1)
  void aRegionServerThatMissesItsSloShedsAHotRegionToTheIdleOne() throws Exception {
    ServerName crowded = util.getMiniHBaseCluster().getRegionServer(0).getServerName();
    ServerName idle = util.getMiniHBaseCluster().getRegionServer(1).getServerName();
    try (Admin admin = util.getConnection().getAdmin()) {
      admin.balancerSwitch(false, true);
      admin.createTable(TableDescriptorBuilder.newBuilder(HOT)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(CF).setBlockCacheEnabled(false).build()).build(),
          new byte[][] {row(ROWS / 4), row(ROWS / 2), row(3 * ROWS / 4)});
      for (HRegionLocation l : locations()) {
        if (!l.getServerName().equals(crowded)) {
          admin.move(l.getRegion().getEncodedNameAsBytes(), crowded);
        }
      }
    }
    byte[] value = new byte[1024];
    try (BufferedMutator m = front.getBufferedMutator(HOT)) {
      for (int i = 0; i < ROWS; i++) {
        ThreadLocalRandom.current().nextBytes(value);
        m.mutate(new Put(row(i)).addColumn(CF, Q, value.clone()));
      }
    }
    util.flush(HOT);
    assertThat(locations()).allMatch(l -> l.getServerName().equals(crowded));

    AtomicBoolean running = new AtomicBoolean(true);
    AtomicLong gets = new AtomicLong();
    ExecutorService pool = Executors.newFixedThreadPool(4);
    List<Future<?>> work = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      work.add(pool.submit(() -> {
        try (Table tbl = front.getTable(HOT)) {
          while (running.get()) {
            assertThat(tbl.get(new Get(row(ThreadLocalRandom.current().nextInt(ROWS)))).isEmpty()).isFalse();
            gets.incrementAndGet();
          }
        }
        return null;
      }));
    }
    List<HRegionLocation> moved = List.of();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
    ObjectName status = new ObjectName(CakeDirectorCoprocessor.OBJECT_NAME);
    try {
      TimeUnit.SECONDS.sleep(6); // the workload running with its SLO met, for the director's steps
      assertThat(locations()).as("nothing moves while the SLO is met").allMatch(l -> l.getServerName().equals(crowded));
      for (ServerName rs : List.of(crowded, idle)) {
        jmx.invoke(Controller.objectName(rs.getPort()), "setLatencySlo", new Object[] {"front", 99.0, 1.0},
            new String[] {"java.lang.String", "double", "double"});
      }
      while (moved.isEmpty() && System.nanoTime() < deadline) {
        TimeUnit.MILLISECONDS.sleep(500); // polling HBase for where the regions are
        moved = locations().stream().filter(l -> l.getServerName().equals(idle)).toList();
      }
      while (!Files.exists(asked) && System.nanoTime() < deadline) {
        TimeUnit.MILLISECONDS.sleep(500); // polling for the command's file
      }
    } finally {
      running.set(false);
      pool.shutdown();
    }
    for (Future<?> f : work) {
      f.get(60, TimeUnit.SECONDS); // a failed or empty get fails the test here
    }
    assertThat(moved).as("a region of %s moved from %s to the idle %s within 90 s", HOT, crowded, idle).isNotEmpty();
    assertThat(gets.get()).isPositive();
    String region = moved.get(0).getRegion().getEncodedName();
    assertThat((String[]) jmx.getAttribute(status, "RecentActions")).as("the status bean cake status reads")
        .anyMatch(a -> a.contains("moved region " + region + " from " + crowded.getServerName() + " to "
            + idle.getServerName() + ": "));
    assertThat(asked).as("once neither server has room, the director runs the server command").exists();
    assertThat(Files.readAllLines(asked)).first().asString().startsWith("add [").contains("no other server has room");
    assertThat((String[]) jmx.getAttribute(status, "RecentActions"))
        .anyMatch(a -> a.contains("asked for another RegionServer (") && a.contains("add-server add started (pid "));
  }

  /**
   * HBase's StochasticLoadBalancer, as the HMaster builds it from its configuration, over a
   * cluster tempting it to undo a move of the director's: h1 was moved off a, which carries h2 and
   * h3 (2 busy handlers, its limit 2.2), to b, which holds it beside six cold regions. For even
   * region counts the balancer moves two or three of b's seven to a; any of them, h1 as likely as
   * the rest, without Cake's cost function (about a third of runs; checked with a weight of 0).
   * With it, h1 never goes back, and the cold regions still do.
   */
  @Test
  @Order(2)
  void theBalancerDoesNotPutBackWhatTheDirectorMoved() throws Exception {
    HMaster master = util.getMiniHBaseCluster().getMaster();
    master.getMasterCoprocessorHost().findCoprocessor(CakeDirectorCoprocessor.class).stop(null); // the view is the test's now
    TableName t = TableName.valueOf("balanced");
    ServerName a = ServerName.valueOf("a.example", 16020, 1);
    ServerName b = ServerName.valueOf("b.example", 16020, 1);
    List<RegionInfo> regions = new ArrayList<>();
    for (int i = 0; i < 9; i++) {
      regions.add(RegionInfoBuilder.newBuilder(t).setStartKey(i == 0 ? new byte[0] : new byte[] {(byte) i})
          .setEndKey(i == 8 ? new byte[0] : new byte[] {(byte) (i + 1)}).build());
    }
    RegionInfo h1 = regions.get(0);
    Map<String, Double> loads = new java.util.HashMap<>();
    for (int i = 0; i < 3; i++) {
      loads.put(regions.get(i).getEncodedName(), 1.0); // h1, h2, h3; the rest are cold
    }
    PublishedView.set(new io.cake.director.plan.LoadView(loads, Map.of(a.getServerName(), 2.2, b.getServerName(), 2.2)));

    StochasticLoadBalancer balancer = new StochasticLoadBalancer();
    balancer.setMasterServices(master);
    balancer.initialize();
    for (int run = 0; run < 10; run++) {
      Map<ServerName, List<RegionInfo>> placement = new java.util.TreeMap<>();
      placement.put(a, new ArrayList<>(regions.subList(1, 3)));
      placement.put(b, new ArrayList<>(List.of(h1)));
      placement.get(b).addAll(regions.subList(3, 9));
      List<RegionPlan> plans = balancer.balanceCluster(Map.of(t, placement));
      assertThat(plans).as("run %d: the balancer evens the counts", run).isNotEmpty()
          .allMatch(p -> p.getDestination().equals(a));
      assertThat(plans).as("run %d: h1 stays where the director put it", run).noneMatch(p -> p.getRegionInfo().equals(h1));
    }
  }

  private static List<HRegionLocation> locations() throws Exception {
    try (RegionLocator l = util.getConnection().getRegionLocator(HOT)) {
      l.clearRegionLocationCache();
      return l.getAllRegionLocations();
    }
  }

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("row%08d", i));
  }
}
