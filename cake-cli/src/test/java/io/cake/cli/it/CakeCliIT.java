package io.cake.cli.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cake.controller.config.ControllerConfig;
import io.cake.controller.hbase.CakeControllerCoprocessor;
import io.cake.controller.jmx.Controller;
import io.cake.hbase.rpc.CakeRpcSchedulerFactory;
import io.cake.hdfs.client.CakeTenantFileSystem;
import io.cake.hdfs.datanode.CakeFsDatasetFactory;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import javax.management.MBeanServer;
import javax.management.ObjectName;
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
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import io.cake.hbase.rpc.RegionServerScheduler;
import org.apache.hadoop.hbase.zookeeper.ZKUtil;
import org.apache.hadoop.hbase.zookeeper.ZKWatcher;
import static org.assertj.core.api.Assertions.within;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * The real commands against a RegionServer with Cake's scheduler, the DataNode gate, the tenant
 * file system and the controller (1 s intervals) on an in-process mini-cluster, while two tagged
 * tenants ({@code front} gets, {@code batch} scans) keep it busy. Reads go to the RegionServer's
 * web UI (found through ZooKeeper), writes to the JDK's remote JMX agent of this JVM, as they would
 * on a RegionServer; what they changed is read back from the controller's MBean itself.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CakeCliIT {
  private static final byte[] CF = Bytes.toBytes("f");
  private static final int ROWS = 500;
  private static final long INTERVAL_MS = 1_000;
  private static final ObjectMapper JSON = new ObjectMapper();

  private HBaseTestingUtility util;
  private JmxAgent jmx;
  private final List<Connection> connections = new ArrayList<>();
  private final AtomicBoolean running = new AtomicBoolean(true);
  private ExecutorService load;
  private final List<Future<?>> work = new ArrayList<>();
  private String[] zk;
  private String[] admin;
  private ObjectName controller;
  private HRegionServer rs;

  @BeforeAll
  void start() throws Exception {
    util = new HBaseTestingUtility();
    Configuration conf = util.getConfiguration();
    conf.set("hbase.region.server.rpc.scheduler.factory.class", CakeRpcSchedulerFactory.class.getName());
    conf.set("hbase.regionserver.handler.count", "4");
    conf.set("cake.hbase.metrics.interval-ms", String.valueOf(INTERVAL_MS));
    conf.set("cake.hbase.tenant.batch.share", "1");
    conf.set("dfs.datanode.fsdataset.factory", CakeFsDatasetFactory.class.getName());
    conf.set("cake.hdfs.metrics.interval-ms", String.valueOf(INTERVAL_MS));
    conf.set("hbase.fs.wrapper", CakeTenantFileSystem.class.getName());
    conf.set("hbase.coprocessor.regionserver.classes", CakeControllerCoprocessor.class.getName());
    conf.set(ControllerConfig.ENABLED, "true");
    conf.set(ControllerConfig.INTERVAL_MS, String.valueOf(INTERVAL_MS));
    conf.set("cake.slo.front.latency-ms", "500");
    // The web UI that cake reads, on a free port of the loopback address (the mini-cluster's default is none).
    conf.setInt("hbase.regionserver.info.port", 0);
    conf.set("hbase.regionserver.info.bindAddress", "127.0.0.1");
    // cake doctor reads the HMaster's web UI too. A fixed port, as on a real cluster: with 0 the
    // master's znode names the port of the redirect server it puts up beside its UI, which has no /jmx.
    conf.setInt("hbase.master.info.port", JmxAgent.freePort());
    conf.set("hbase.master.info.bindAddress", "127.0.0.1");
    // The master places the first regions only after a RegionServer's first load report:
    // every 0.5 s instead of 3 s took about 8 s off each mini-cluster start.
    conf.setInt("hbase.regionserver.msginterval", 500);
    util.startMiniCluster(StartMiniClusterOption.builder().numMasters(1).numRegionServers(1).numDataNodes(1).build());
    rs = util.getMiniHBaseCluster().getRegionServer(0);
    controller = Controller.objectName(rs.getServerName().getPort());
    jmx = JmxAgent.start(Path.of("target", "cli-it-jmx").toAbsolutePath());
    zk = new String[] {"--zk", "127.0.0.1:" + util.getZkCluster().getClientPort(), "--timeout", "10"};
    admin = new String[] {"--jmx-port", String.valueOf(jmx.port), "--jmx-user", JmxAgent.ADMIN,
        "--jmx-password-file", jmx.adminPassword.toString()};
    startLoad(loadTable());
    // Both tenants' requests have been counted by the scheduler over a closed interval.
    await("front and batch measured", () -> completions("front") > 0 && completions("batch") > 0);
  }

  @AfterAll
  void stop() throws Exception {
    running.set(false);
    if (load != null) {
      load.shutdown();
      assertThat(load.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
      for (Future<?> f : work) {
        f.get(); // no client saw an error
      }
    }
    for (Connection c : connections) {
      c.close();
    }
    if (util != null) {
      util.shutdownMiniCluster();
    }
  }

  private Connection tenant(String name) throws Exception {
    Connection c = ConnectionFactory.createConnection(util.getConfiguration(), null, User.getCurrent(),
        Map.of("cake.tenant", Bytes.toBytes(name)));
    connections.add(c);
    return c;
  }

  /** 500 rows of 4 KB, flushed, block cache off: every get and scan reads the DataNode. */
  private TableName loadTable() throws Exception {
    TableName tn = TableName.valueOf("cli");
    Connection c = tenant("front");
    try (Admin a = c.getAdmin()) {
      a.createTable(TableDescriptorBuilder.newBuilder(tn)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(CF).setBlockCacheEnabled(false).build()).build());
    }
    try (BufferedMutator m = c.getBufferedMutator(tn)) {
      byte[] v = new byte[4096];
      for (int i = 0; i < ROWS; i++) {
        ThreadLocalRandom.current().nextBytes(v);
        m.mutate(new Put(row(i)).addColumn(CF, CF, v.clone()));
      }
    }
    util.flush(tn);
    return tn;
  }

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("row%06d", i));
  }

  /** front: 50 gets/s, paced; batch: one scanner over the table back to back. */
  private void startLoad(TableName tn) throws Exception {
    Connection front = tenant("front");
    Connection batch = tenant("batch");
    load = Executors.newFixedThreadPool(2);
    work.add(load.submit(() -> {
      try (Table t = front.getTable(tn)) {
        while (running.get()) {
          t.get(new Get(row(ThreadLocalRandom.current().nextInt(ROWS))));
          TimeUnit.MILLISECONDS.sleep(20); // pacing the client, not waiting for the server
        }
      }
      return null;
    }));
    work.add(load.submit(() -> {
      try (Table t = batch.getTable(tn)) {
        while (running.get()) {
          try (ResultScanner s = t.getScanner(new Scan().setCaching(100).setCacheBlocks(false))) {
            s.forEach(r -> {});
          }
        }
      }
      return null;
    }));
  }

  private long completions(String tenant) {
    var s = io.cake.hbase.rpc.RegionServerScheduler.byPort(rs.getServerName().getPort()).orElseThrow();
    var t = s.queues().lastSnapshot().tenants().get(tenant);
    return t == null ? 0 : t.completions();
  }

  private Object attribute(String name) throws Exception {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    return server.getAttribute(controller, name);
  }

  private static void await(String what, BooleanSupplier condition) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as(what).isLessThan(end);
      TimeUnit.MILLISECONDS.sleep(100); // polling state that changes once per 1 s interval
    }
  }

  private String slo() {
    try {
      return (String) attribute("Slo");
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  @Test
  @Order(1)
  void statusJsonFindsTheRegionServerThroughZooKeeperAndNamesTheTenantsThatMadeRequests() throws Exception {
    // The page shows each scheduler's last published interval, which can be one behind the one
    // the set-up's wait saw (CI saw front at 0 completions and batch not yet listed, at HBase and
    // at the DataNode): ask again until intervals with both tenants' requests are the ones shown.
    Cli r = Cli.run(Cli.with(new String[] {"status", "--json"}, zk));
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (!bothServed(r) && System.nanoTime() < end) {
      TimeUnit.MILLISECONDS.sleep(200); // polling state that changes once per 1 s interval
      r = Cli.run(Cli.with(new String[] {"status", "--json"}, zk));
    }
    assertThat(r.exitCode()).as(r.err()).isZero();
    JsonNode servers = JSON.readTree(r.out()).path("regionServers");
    assertThat(servers).hasSize(1);
    JsonNode s = servers.get(0);
    assertThat(s.path("reachable").asBoolean()).isTrue();
    assertThat(s.path("port").asInt()).isEqualTo(rs.getServerName().getPort());
    assertThat(s.path("infoUrl").asText()).endsWith(":" + rs.getInfoServer().getPort());
    JsonNode hbase = s.path("hbase");
    assertThat(hbase.path("scheduler").asText()).isEqualTo("hbase-" + rs.getServerName().getPort());
    assertThat(hbase.path("enabled").asBoolean()).isTrue();
    assertThat(hbase.path("poolSize").asInt()).isPositive();
    Map<String, JsonNode> tenants = byTenant(hbase.path("tenants"));
    assertThat(tenants).containsKeys("front", "batch");
    for (String t : List.of("front", "batch")) {
      assertThat(tenants.get(t).path("completions").asDouble()).as(t + " completions").isPositive();
      assertThat(tenants.get(t).path("p99Ms").isNumber()).as(t + " p99").isTrue();
      assertThat(tenants.get(t).path("share").asDouble()).as(t + " share").isBetween(0.0, 1.0);
    }
    assertThat(tenants.get("front").path("slo").asText()).isEqualTo("p99.0 <= 500.0 ms");
    assertThat(tenants.get("batch").path("slo").isNull()).isTrue();
    JsonNode c = s.path("controller");
    assertThat(c.path("sloTenant").asText()).isEqualTo("front");
    // Its goals as numbers, read from the SloGoals composite array HBase's /jmx page renders.
    assertThat(c.path("goals")).hasSize(1);
    assertThat(c.path("goals").get(0).path("tenant").asText()).isEqualTo("front");
    assertThat(c.path("goals").get(0).path("percentile").asDouble()).isEqualTo(99.0);
    assertThat(c.path("goals").get(0).path("latencyMs").asDouble()).isEqualTo(500.0);
    assertThat(c.path("goals").get(0).path("throughput").isNull()).as("NaN on the page: null").isTrue();
    assertThat(c.path("paused").asBoolean()).isFalse();
    assertThat(c.path("lastDecision").asText()).startsWith("cake-controller: front: p99.0 <= 500.0 ms");
    // The DataNode of this mini-cluster runs in the RegionServer's JVM: read from the same page,
    // it saw both tenants' block reads under their own names.
    JsonNode dn = s.path("datanode");
    assertThat(dn.path("scheduler").asText()).startsWith("hdfs-");
    assertThat(byTenant(dn.path("tenants"))).containsKeys("front", "batch");
  }

  private static boolean bothServed(Cli r) {
    try {
      JsonNode servers = JSON.readTree(r.out()).path("regionServers");
      if (r.exitCode() != 0 || servers.size() != 1) {
        return false;
      }
      Map<String, JsonNode> t = byTenant(servers.get(0).path("hbase").path("tenants"));
      // The DataNode's interval too: CI once saw the page 1 s into the load with batch's block
      // reads not yet in the DataNode's last interval (the HBase side had both).
      Map<String, JsonNode> dn = byTenant(servers.get(0).path("datanode").path("tenants"));
      return t.containsKey("front") && t.containsKey("batch")
          && t.get("front").path("completions").asDouble() > 0 && t.get("batch").path("completions").asDouble() > 0
          && dn.containsKey("front") && dn.containsKey("batch");
    } catch (java.io.IOException e) {
      return false;
    }
  }

  private static Map<String, JsonNode> byTenant(JsonNode rows) {
    Map<String, JsonNode> out = new java.util.TreeMap<>();
    rows.forEach(t -> out.put(t.path("tenant").asText(), t));
    return out;
  }

  @Test
  @Order(2)
  void doctorPassesAHealthyPairAndTheHMasterAndFailsAnUnreachableServer() throws Exception {
    Cli r = Cli.run(Cli.with(new String[] {"doctor", "--json", "--datanode-http", "none"}, zk));
    assertThat(r.exitCode()).as(r.out() + r.err()).isZero();
    Map<String, JsonNode> found = new java.util.TreeMap<>();
    JSON.readTree(r.out()).path("findings").forEach(f -> found.put(f.path("subject").asText().replaceAll(" .*", "")
        + "/" + f.path("check").asText(), f));
    assertThat(found.get("RegionServer/scheduler").path("verdict").asText()).isEqualTo("OK");
    assertThat(found.get("RegionServer/controller").path("detail").asText()).startsWith("running and paired");
    assertThat(found.get("RegionServer/pairing").path("detail").asText()).isEqualTo("steers the DataNode in its own JVM");
    assertThat(found.get("RegionServer/clock").path("verdict").asText()).isEqualTo("OK");
    assertThat(found.get("RegionServer/jmx-auth").path("verdict").asText()).isEqualTo("OK");
    // The HMaster, found through its znode, answered on its own web UI.
    assertThat(found.get("HMaster/clock").path("subject").asText())
        .endsWith(":" + util.getMiniHBaseCluster().getMaster().getServerName().getPort());
    assertThat(found.get("cluster/versions").path("detail").asText())
        .isEqualTo("all 3 servers run Cake " + io.cake.core.level.CakeVersion.current() + ", as does this tool");
    Cli table = Cli.run(Cli.with(new String[] {"doctor", "--datanode-http", "none"}, zk));
    assertThat(table.out()).containsPattern("(?m)^  ok    controller +running and paired").contains(" 0 FAILED");
    int closed = closedPort();
    Cli down = Cli.run("doctor", "--hosts", "127.0.0.1:" + rs.getInfoServer().getPort() + ",127.0.0.1:" + closed,
        "--datanode-http", "none");
    assertThat(down.exitCode()).isEqualTo(1);
    assertThat(down.out()).containsPattern("(?m)^  FAIL  reachable +nothing answers at http://127.0.0.1:" + closed)
        .contains("HMaster").contains("not checked: --hosts");
  }

  @Test
  @Order(2)
  void statusWatchShowsTheClusterAgainEveryControllerInterval() throws Exception {
    java.util.concurrent.CountDownLatch frames = new java.util.concurrent.CountDownLatch(2);
    StringBuilder seen = new StringBuilder();
    java.io.Writer counting = new java.io.Writer() {
      @Override public synchronized void write(char[] b, int off, int len) {
        String s = new String(b, off, len);
        seen.append(s);
        if (s.contains("\033[H\033[2J")) {
          frames.countDown();
        }
      }
      @Override public void flush() {}
      @Override public void close() {}
    };
    picocli.CommandLine cmd = io.cake.cli.CakeCli.commandLine();
    cmd.setOut(new java.io.PrintWriter(counting, true));
    Thread watch = new Thread(() -> cmd.execute(Cli.with(new String[] {"status", "--watch"}, zk)), "status-watch");
    watch.start();
    // Two frames: the second came one controller interval (1 s) after the first.
    assertThat(frames.await(30, TimeUnit.SECONDS)).as(seen.toString()).isTrue();
    watch.interrupt();
    watch.join(TimeUnit.SECONDS.toMillis(30));
    assertThat(watch.isAlive()).as("stopped by the interrupt").isFalse();
    String out;
    synchronized (counting) {
      out = seen.toString();
    }
    assertThat(out).contains("every 1.0 s (Ctrl-C to stop)").contains("controller: front");
  }

  @Test
  @Order(3)
  void statusTableAndTenantsAndSloShowForPeople() {
    Cli status = Cli.run(Cli.with(new String[] {"status"}, zk));
    assertThat(status.exitCode()).isZero();
    assertThat(status.out()).contains("RegionServer " + rs.getServerName().getHostname() + ":" + rs.getServerName().getPort())
        .contains("controller: front p99.0 <= 500.0 ms, running").contains("TENANT").contains("P99 MS")
        .contains("DataNode hdfs-").containsPattern("(?m)^  front .*p99\\.0 <= 500\\.0 ms (met|MISSED|\\(no data\\))$");
    Cli tenants = Cli.run(Cli.with(new String[] {"tenants"}, zk));
    assertThat(tenants.exitCode()).isZero();
    assertThat(tenants.out()).containsPattern("(?m)^front +1/1 ").containsPattern("(?m)^batch +1/1 ");
    Cli show = Cli.run(Cli.with(new String[] {"slo", "show", "--json"}, zk));
    assertThat(show.exitCode()).isZero();
    assertThat(show.out()).contains("\"slo\" : \"p99.0 <= 500.0 ms\"").contains("\"tenant\" : \"front\"");
  }

  @Test
  @Order(4)
  void sloSetWritesTheStoreAndTheControllersNextDecisionSteersForIt() throws Exception {
    Cli r = Cli.run(Cli.with(new String[] {"slo", "set", "front", "--p99", "300"}, zk));
    assertThat(r.exitCode()).as(r.err()).isZero();
    assertThat(r.out()).contains("slo.latency-ms", "(unset) -> 300", "stored as version 0");
    await("the stored SLO in force", () -> slo().equals("p99.0 <= 300.0 ms"));
    await("a decision on the new SLO", () -> {
      try {
        return attribute("LastDecision").toString().contains("front: p99.0 <= 300.0 ms measured");
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    Cli dry = Cli.run(Cli.with(new String[] {"slo", "set", "front", "--p99", "100", "--dry-run"}, zk));
    assertThat(dry.exitCode()).as(dry.err()).isZero();
    assertThat(dry.out()).contains("300 -> 100").contains("dry run: nothing written");
    Cli p999 = Cli.run(Cli.with(new String[] {"slo", "set", "front", "--p99", "250", "--percentile", "99.9", "--json"}, zk));
    assertThat(p999.exitCode()).as(p999.err()).isZero();
    assertThat(JSON.readTree(p999.out()).path("after").path("slo.percentile").asText()).isEqualTo("99.9");
    assertThat(JSON.readTree(p999.out()).path("version").asInt()).as("the dry run wrote nothing").isEqualTo(1);
    await("p99.9 in force", () -> slo().equals("p99.9 <= 250.0 ms"));
    Cli throughput = Cli.run(Cli.with(new String[] {"slo", "set", "front", "--throughput", "20"}, zk));
    assertThat(throughput.exitCode()).as(throughput.err()).isZero();
    await("the throughput SLO in force", () -> slo().equals(">= 20.0 ops/s"));
    Cli back = Cli.run(Cli.with(new String[] {"slo", "set", "front", "--p99", "400"}, zk));
    assertThat(back.exitCode()).isZero();
    await("back to a p99", () -> slo().equals("p99.0 <= 400.0 ms"));
  }

  @Test
  @Order(5)
  void badValuesAndUnknownTenantsAreRefusedNamingTheArgumentAndChangeNothing() {
    String before = slo();
    Object[][] cases = {
        {new String[] {"front", "--p99", "-5"}, "--p99"},
        {new String[] {"front", "--p99", "0"}, "--p99"},
        {new String[] {"front", "--p99", "fast"}, "--p99"},
        {new String[] {"front", "--p99", "100", "--percentile", "100"}, "--percentile"},
        {new String[] {"front", "--p99", "100", "--percentile", "abc"}, "--percentile"},
        {new String[] {"front", "--p99", "100", "--throughput", "5"}, "not both"},
        {new String[] {"front"}, "--p99"},
        {new String[] {"no such!", "--p99", "100"}, "TENANT"},
        {new String[] {"nosuch", "--p99", "100"}, "unknown tenant 'nosuch'"},
        {new String[] {"front", "--throughput", "-1"}, "--throughput"},
    };
    for (Object[] c : cases) {
      Cli r = Cli.run(Cli.with(Cli.with(new String[] {"slo", "set"}, (String[]) c[0]), zk));
      assertThat(r.exitCode()).as(String.join(" ", (String[]) c[0])).isEqualTo(2);
      assertThat(r.err()).as(String.join(" ", (String[]) c[0])).contains((String) c[1]);
      assertThat(slo()).isEqualTo(before);
    }
  }

  @Test
  @Order(6)
  void refusedLoginsAndReadOnlyUsersChangeNothing() throws Exception {
    String before = slo();
    String[] wrong = {"--jmx-port", String.valueOf(jmx.port), "--jmx-user", JmxAgent.ADMIN,
        "--jmx-password-file", jmx.wrongPassword.toString()};
    Cli refused = Cli.run(Cli.with(new String[] {"pause"}, Cli.with(zk, wrong)));
    assertThat(refused.exitCode()).isEqualTo(1);
    assertThat(refused.err()).contains("RegionServer " + rs.getServerName().getHostname() + ":" + rs.getServerName().getPort())
        .contains("refused the login of user 'cakeadmin'").contains("--jmx-password-file").contains("nothing was changed");
    Cli anonymous = Cli.run(Cli.with(new String[] {"pause", "--jmx-port", String.valueOf(jmx.port)}, zk));
    assertThat(anonymous.exitCode()).isEqualTo(1);
    assertThat(anonymous.err()).contains("refused a connection without credentials");
    String[] watcher = {"--jmx-port", String.valueOf(jmx.port), "--jmx-user", JmxAgent.READONLY,
        "--jmx-password-file", jmx.watcherPassword.toString()};
    Cli readonly = Cli.run(Cli.with(new String[] {"pause"}, Cli.with(zk, watcher)));
    assertThat(readonly.exitCode()).isEqualTo(1);
    assertThat(readonly.out()).contains("FAILED: refused by its JMX");
    assertThat(readonly.out() + readonly.err()).contains("readwrite");
    assertThat(slo()).isEqualTo(before);
    assertThat(attribute("Paused")).isEqualTo(false);
    Cli noJmx = Cli.run(Cli.with(new String[] {"resume", "--jmx-port", String.valueOf(closedPort()), "--jmx-user",
        JmxAgent.ADMIN, "--jmx-password-file", jmx.adminPassword.toString()}, zk));
    assertThat(noJmx.exitCode()).isEqualTo(1);
    assertThat(noJmx.err()).contains("nothing answers at its JMX");
  }

  @Test
  @Order(7)
  void aJmxPortOfAnotherJvmIsRefusedBeforeAnyWrite() throws Exception {
    int port = JmxAgent.freePort();
    Process other = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Dcom.sun.management.jmxremote.port=" + port, "-Dcom.sun.management.jmxremote.host=127.0.0.1",
        "-Dcom.sun.management.jmxremote.authenticate=false", "-Dcom.sun.management.jmxremote.ssl=false",
        "-cp", System.getProperty("java.class.path"), OtherJvm.class.getName()).redirectErrorStream(true).start();
    try {
      assertThat(new String(other.getInputStream().readNBytes(5))).isEqualTo("ready");
      String before = slo();
      Cli r = Cli.run(Cli.with(new String[] {"pause", "--jmx-port", String.valueOf(port)}, zk));
      assertThat(r.exitCode()).isEqualTo(1);
      assertThat(r.err()).contains("is another JVM (" + other.pid() + "@").contains("nothing was changed");
      assertThat(slo()).isEqualTo(before);
      assertThat(attribute("Paused")).isEqualTo(false);
    } finally {
      other.destroy();
      other.waitFor();
    }
  }

  @Test
  @Order(8)
  void pausePausesTheControllerAndResumeResumesIt() throws Exception {
    Cli dry = Cli.run(Cli.with(new String[] {"pause", "--dry-run"}, Cli.with(zk, admin)));
    assertThat(dry.exitCode()).as(dry.err()).isZero();
    assertThat(dry.out()).contains("running now; would be paused");
    assertThat(dry.err()).contains("dry run: nothing was changed");
    assertThat(attribute("Paused")).isEqualTo(false);
    Cli pause = Cli.run(Cli.with(new String[] {"pause"}, Cli.with(zk, admin)));
    assertThat(pause.exitCode()).as(pause.err()).isZero();
    assertThat(pause.out()).contains("paused");
    assertThat(attribute("Paused")).isEqualTo(true);
    await("a paused decision", () -> {
      try {
        return attribute("LastDecision").toString().startsWith("paused");
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    Cli show = Cli.run(Cli.with(new String[] {"slo", "show"}, zk));
    assertThat(show.out()).contains("PAUSED");
    Cli resume = Cli.run(Cli.with(new String[] {"resume"}, Cli.with(zk, admin)));
    assertThat(resume.exitCode()).as(resume.err()).isZero();
    assertThat(attribute("Paused")).isEqualTo(false);
  }

  @Test
  @Order(9)
  void anUnreachableRegionServerIsReportedBesideTheOthers() throws Exception {
    int closed = closedPort();
    String hosts = "127.0.0.1:" + rs.getInfoServer().getPort() + ",127.0.0.1:" + closed;
    Cli r = Cli.run("status", "--json", "--hosts", hosts);
    assertThat(r.exitCode()).isEqualTo(1);
    JsonNode servers = JSON.readTree(r.out()).path("regionServers");
    assertThat(servers).hasSize(2);
    assertThat(servers.get(0).path("reachable").asBoolean()).isTrue();
    assertThat(servers.get(0).path("port").asInt()).as("read from the page").isEqualTo(rs.getServerName().getPort());
    assertThat(byTenant(servers.get(0).path("hbase").path("tenants"))).containsKeys("front", "batch");
    assertThat(servers.get(1).path("reachable").asBoolean()).isFalse();
    assertThat(servers.get(1).path("error").asText()).contains("http://127.0.0.1:" + closed).contains("connection refused");
    assertThat(r.err()).contains("127.0.0.1:" + closed);
    Cli table = Cli.run("status", "--hosts", hosts);
    assertThat(table.out()).contains("UNREACHABLE").contains("TENANT");
    Cli noZk = Cli.run("status", "--zk", "127.0.0.1:" + closed, "--timeout", "1");
    assertThat(noZk.exitCode()).isEqualTo(1);
    assertThat(noZk.err()).contains("cannot reach ZooKeeper at 127.0.0.1:" + closed + " (--zk)");
    Cli wrongParent = Cli.run(Cli.with(new String[] {"status", "--znode-parent", "/nothing"}, zk));
    assertThat(wrongParent.exitCode()).isEqualTo(1);
    assertThat(wrongParent.err()).contains("/nothing/rs").contains("--znode-parent");
    Cli write = Cli.run(Cli.with(new String[] {"pause", "--hosts", hosts}, admin));
    assertThat(write.exitCode()).isEqualTo(1);
    assertThat(write.err()).contains("127.0.0.1:" + closed).contains("nothing was changed");
    assertThat(attribute("Paused")).isEqualTo(false);
  }

  private RegionServerScheduler scheduler(HRegionServer server) {
    return RegionServerScheduler.byPort(server.getServerName().getPort()).orElseThrow();
  }

  private long ticks() {
    var cp = rs.getRegionServerCoprocessorHost().findCoprocessor(CakeControllerCoprocessor.class);
    return cp.controller() == null ? 0 : cp.controller().last().tick();
  }

  private double batchToDefault() {
    var a = scheduler(rs).allocation();
    return a.share("batch") / a.defaultShare();
  }

  @Test
  @Order(10)
  void tenantSetReachesTheSchedulerAndOutlivesTheControllersDecisionsAndABadHandEditIsSkipped() throws Exception {
    RegionServerScheduler s = scheduler(rs);
    Cli set = Cli.run(Cli.with(new String[] {"tenant", "set", "batch", "--share", "3", "--reservation", "1",
        "--contract", "500:100"}, zk));
    assertThat(set.exitCode()).as(set.err()).isZero();
    assertThat(set.out()).contains("share", "(unset) -> 3", "stored as version 0");
    await("the store's batch in force", () -> s.settings().allocation().share("batch") == 3.0
        && s.settings().allocation().reservation("batch") == 1 && s.settings().contracts().containsKey("batch"));
    // The controller steers front all along; two of its decisions later batch still has 3 to 1.
    long ticks = ticks();
    await("two decisions", () -> ticks() >= ticks + 2);
    assertThat(batchToDefault()).isCloseTo(3.0, within(1e-6));
    // Through the controller, the DataNode (which reads no store) gives batch the same.
    ObjectName dn = ManagementFactory.getPlatformMBeanServer()
        .queryNames(new ObjectName("io.cake:type=Scheduler,kind=hdfs,*"), null).iterator().next();
    Map<String, Double> dnShares = io.cake.core.level.AllocationText.parseShares(
        (String) ManagementFactory.getPlatformMBeanServer().getAttribute(dn, "Shares"));
    double dnDefault = (Double) ManagementFactory.getPlatformMBeanServer().getAttribute(dn, "DefaultShare");
    assertThat(dnShares.get("batch") / dnDefault).as("the DataNode's batch to default").isCloseTo(3.0, within(1e-6));
    assertThat((String) ManagementFactory.getPlatformMBeanServer().getAttribute(dn, "Reservations")).contains("batch=1");

    // Entries edited by hand, with HBase's own ZooKeeper client (it writes a header before the
    // data): one out of range, one with an unknown field. Each is skipped, by tenant, and batch's
    // entry still applies.
    ZKWatcher w = util.getZooKeeperWatcher();
    ZKUtil.createWithParents(w, "/hbase/cake/tenants/broken", Bytes.toBytes("share=-2\n"));
    ZKUtil.createWithParents(w, "/hbase/cake/tenants/typo", Bytes.toBytes("shares=2\n"));
    await("both skipped", () -> s.policyStore().contains("broken=") && s.policyStore().contains("typo="));
    assertThat(s.policyStore()).contains("3 entries").contains("unknown field 'shares'")
        .contains("cake.tenant.broken.share must be");
    assertThat(s.settings().allocation().share("batch")).isEqualTo(3.0);
    assertThat(s.lastConfigurationError()).isEmpty();

    Cli list = Cli.run(Cli.with(new String[] {"tenant", "list"}, zk));
    assertThat(list.exitCode()).as(list.err()).isZero();
    assertThat(list.out()).containsPattern("(?m)^batch +3 +1 +500:100 ").containsPattern("(?m)^front .*p99 <= 400 ms")
        .contains("unreadable entry 'typo'");
    Cli describe = Cli.run(Cli.with(new String[] {"tenant", "describe", "batch"}, zk));
    assertThat(describe.out()).contains("version 0").contains("cake.tenant.batch.share").contains("cake.hbase.tenant.batch.contract");
    Cli fix = Cli.run(Cli.with(new String[] {"tenant", "set", "broken", "--share", "2"}, zk));
    assertThat(fix.exitCode()).as(fix.err()).isZero();
    await("the fixed entry in force", () -> s.settings().allocation().share("broken") == 2.0);
    Cli unreadable = Cli.run(Cli.with(new String[] {"tenant", "set", "typo", "--share", "2"}, zk));
    assertThat(unreadable.exitCode()).isEqualTo(1);
    assertThat(unreadable.err()).contains("does not parse").contains("--force");
    assertThat(Cli.run(Cli.with(new String[] {"tenant", "drop", "typo", "--force"}, zk)).exitCode()).isZero();
    assertThat(Cli.run(Cli.with(new String[] {"tenant", "drop", "broken"}, zk)).exitCode()).isZero();

    Cli dry = Cli.run(Cli.with(new String[] {"tenant", "drop", "batch", "--dry-run"}, zk));
    assertThat(dry.out()).contains("3 -> (unset)").contains("dry run");
    Cli drop = Cli.run(Cli.with(new String[] {"tenant", "drop", "batch"}, zk));
    assertThat(drop.exitCode()).as(drop.err()).isZero();
    await("the site file's batch again", () -> s.settings().allocation().share("batch") == 1.0
        && s.settings().allocation().reservation("batch") == 0 && !s.settings().contracts().containsKey("batch"));
    Cli gone = Cli.run(Cli.with(new String[] {"tenant", "drop", "batch"}, zk));
    assertThat(gone.exitCode()).isEqualTo(2);
    assertThat(gone.err()).contains("no entry for tenant 'batch'");
  }

  @Test
  @Order(11)
  void aRegionServerThatStartsLaterAppliesTheStore() throws Exception {
    Cli set = Cli.run(Cli.with(new String[] {"tenant", "set", "late", "--share", "5"}, zk));
    assertThat(set.exitCode()).as(set.err()).isZero();
    HRegionServer second = util.getMiniHBaseCluster().startRegionServer().getRegionServer();
    await("the second RegionServer's scheduler up", () -> RegionServerScheduler.byPort(second.getServerName().getPort()).isPresent());
    await("the store in force there", () -> scheduler(second).settings().allocation().share("late") == 5.0);
    ObjectName secondController = Controller.objectName(second.getServerName().getPort());
    await("its controller on the stored SLO", () -> {
      try {
        return "p99.0 <= 400.0 ms".equals(ManagementFactory.getPlatformMBeanServer().getAttribute(secondController, "Slo"));
      } catch (Exception e) {
        return false; // not registered yet
      }
    });
  }

  private static int closedPort() throws java.io.IOException {
    return JmxAgent.freePort(); // nothing listens there once the probe socket is closed
  }
}
