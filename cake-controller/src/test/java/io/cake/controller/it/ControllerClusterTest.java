package io.cake.controller.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.cake.controller.config.ControllerConfig;
import io.cake.controller.policy.SloTarget;
import io.cake.controller.hbase.CakeControllerCoprocessor;
import io.cake.controller.jmx.Controller;
import io.cake.controller.loop.SecondLevelController;
import io.cake.controller.prometheus.Dashboard;
import io.cake.controller.prometheus.AlertRules;
import io.cake.controller.prometheus.ExporterScrape;
import io.cake.core.level.FirstLevels;
import io.cake.hbase.rpc.CakeRpcSchedulerFactory;
import io.cake.hbase.rpc.RegionServerScheduler;
import io.cake.hdfs.datanode.DataNodeReadScheduler;
import io.cake.hdfs.client.CakeTenantFileSystem;
import io.cake.hdfs.datanode.CakeFsDatasetFactory;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.CompareOperator;
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
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.RowFilter;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The whole stack on a real mini-cluster: Cake's RPC scheduler, the DataNode read hook, the
 * tenant-carrying FileSystem wrapper and the controller coprocessor, with a 2 s interval. A front
 * end does single-row gets at a steady rate while batch threads scan without pause; the controller
 * must bring the front end's p99 under its SLO, batch must keep going, and a looser SLO set
 * through JMX must hand allocation back.
 */
class ControllerClusterTest {
  private static final byte[] CF = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final int ROWS = 3_000;
  private static final long INTERVAL_MS = 2_000;
  private static final double SLO_MS = 150;
  private static final int HANDLERS = 4;
  private static final int BATCH_THREADS = 8;

  private static HBaseTestingUtility util;
  private static Connection front;
  private static Connection batch;
  private static TableName table;

  @BeforeAll
  static void start() throws Exception {
    util = new HBaseTestingUtility();
    Configuration conf = util.getConfiguration();
    conf.set("hbase.region.server.rpc.scheduler.factory.class", CakeRpcSchedulerFactory.class.getName());
    conf.set("hbase.regionserver.handler.count", String.valueOf(HANDLERS));
    conf.set("cake.hbase.handlers.initial", String.valueOf(HANDLERS));
    conf.set("cake.hbase.aimd.enabled", "false");
    conf.set("cake.hbase.metrics.interval-ms", String.valueOf(INTERVAL_MS));
    conf.set("dfs.datanode.fsdataset.factory", CakeFsDatasetFactory.class.getName());
    conf.set("cake.hdfs.metrics.interval-ms", String.valueOf(INTERVAL_MS));
    conf.set("hbase.fs.wrapper", CakeTenantFileSystem.class.getName());
    conf.set("hbase.coprocessor.regionserver.classes", CakeControllerCoprocessor.class.getName());
    conf.set(ControllerConfig.ENABLED, "true");
    conf.set(ControllerConfig.INTERVAL_MS, String.valueOf(INTERVAL_MS));
    conf.set("cake.slo.front.latency-ms", String.valueOf(SLO_MS));
    // The master places the first regions only after a RegionServer's first load report:
    // every 0.5 s instead of 3 s took about 8 s off each mini-cluster start.
    conf.setInt("hbase.regionserver.msginterval", 500);
    conf.setInt("hbase.regionserver.info.port", 0); // the /cake page; off in HBase's mini-cluster by default
    util.startMiniCluster(
        StartMiniClusterOption.builder().numMasters(1).numRegionServers(1).numDataNodes(1).build());
    front = tenantConnection("front");
    batch = tenantConnection("batch");
    table = loadTable(front);
  }

  @AfterAll
  static void stop() throws Exception {
    for (Connection c : new Connection[] {front, batch}) {
      if (c != null) {
        c.close();
      }
    }
    if (util != null) {
      util.shutdownMiniCluster();
    }
  }

  private static Connection tenantConnection(String tenant) throws Exception {
    return ConnectionFactory.createConnection(
        util.getConfiguration(), null, User.getCurrent(), Map.of("cake.tenant", Bytes.toBytes(tenant)));
  }

  /** 3,000 rows of 8 KB, block cache off, flushed: every get and scan reads HDFS. */
  private static TableName loadTable(Connection c) throws Exception {
    TableName tn = TableName.valueOf("ctl");
    try (Admin admin = c.getAdmin()) {
      admin.createTable(
          TableDescriptorBuilder.newBuilder(tn)
              .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(CF).setBlockCacheEnabled(false).build())
              .build());
    }
    byte[] value = new byte[8 * 1024];
    try (BufferedMutator m = c.getBufferedMutator(tn)) {
      for (int i = 0; i < ROWS; i++) {
        ThreadLocalRandom.current().nextBytes(value);
        m.mutate(new Put(row(i)).addColumn(CF, Q, value.clone()));
      }
    }
    util.flush(tn);
    return tn;
  }

  private static byte[] row(int i) {
    return Bytes.toBytes(String.format("row%08d", i));
  }

  @Test
  void theControllerBringsTheFrontEndUnderItsSloAndALooserSloHandsAllocationBack() throws Exception {
    MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
    int port = util.getMiniHBaseCluster().getRegionServer(0).getServerName().getPort();
    ObjectName controller = Controller.objectName(port);
    assertThat(jmx.isRegistered(controller)).as("the coprocessor started the controller").isTrue();

    AtomicBoolean running = new AtomicBoolean(true);
    AtomicLong batchScans = new AtomicLong();
    Recorder frontLatency = new Recorder(TimeUnit.MINUTES.toNanos(1), 3);
    ExecutorService pool = Executors.newFixedThreadPool(BATCH_THREADS + 2);
    List<java.util.concurrent.Future<?>> work = new ArrayList<>();
    for (int t = 0; t < BATCH_THREADS; t++) {
      work.add(pool.submit(() -> {
        try (Table tbl = batch.getTable(table)) {
          while (running.get()) {
            int start = ThreadLocalRandom.current().nextInt(ROWS - 500);
            Scan scan = new Scan().withStartRow(row(start)).withStopRow(row(start + 500)).setCacheBlocks(false)
                .setFilter(new RowFilter(CompareOperator.EQUAL, new BinaryComparator(Bytes.toBytes("none"))));
            try (ResultScanner rs = tbl.getScanner(scan)) {
              rs.forEach(r -> {});
            }
            batchScans.incrementAndGet();
          }
        }
        return null;
      }));
    }
    // Front end: two threads, each a get every 40 ms (50 gets/s), latency from the intended start.
    for (int t = 0; t < 2; t++) {
      work.add(pool.submit(() -> {
        try (Table tbl = front.getTable(table)) {
          long next = System.nanoTime();
          while (running.get()) {
            next += TimeUnit.MILLISECONDS.toNanos(40);
            tbl.get(new Get(row(ThreadLocalRandom.current().nextInt(ROWS))).setCacheBlocks(false));
            frontLatency.recordValue(Math.min(System.nanoTime() - next + TimeUnit.MILLISECONDS.toNanos(40), TimeUnit.MINUTES.toNanos(1) - 1));
            long sleep = next - System.nanoTime();
            if (sleep > 0) {
              TimeUnit.NANOSECONDS.sleep(sleep); // pacing the open-loop client, not synchronisation
            }
          }
        }
        return null;
      }));
    }

    try {
      List<Double> windows = new ArrayList<>();
      long scansBefore = 0;
      boolean met = false;
      for (int w = 0; w < 20 && !met; w++) {
        Thread.sleep(INTERVAL_MS); // a measurement window of the running workload
        Histogram h = frontLatency.getIntervalHistogram();
        windows.add(h.getValueAtPercentile(99) / 1e6);
        int n = windows.size();
        met = n >= 2 && windows.get(n - 1) <= SLO_MS && windows.get(n - 2) <= SLO_MS
            && (Integer) jmx.getAttribute(controller, "HbaseReserved") >= 1;
        if (w == 0) {
          scansBefore = batchScans.get();
        }
      }
      System.out.println("front-end p99 per 2 s window (ms): " + windows);
      System.out.println("controller: " + jmx.getAttribute(controller, "LastDecision"));
      // How far over the SLO the first windows are depends on how busy the 2 cores are (1 s and
      // more with another build running, 70 ms on an idle machine), so the assertion is on the
      // end state: the controller reserved handlers for the front end (its HBase queue was the
      // bottleneck) and two consecutive windows met the SLO.
      assertThat(met)
          .as("two consecutive windows under %s ms with a reserved handler, within 20 windows: %s", SLO_MS, windows)
          .isTrue();
      assertThat(batchScans.get()).as("batch kept scanning").isGreaterThan(scansBefore);
      int hbaseReserved = (Integer) jmx.getAttribute(controller, "HbaseReserved");
      double shareBefore = (Double) jmx.getAttribute(controller, "Share");
      System.out.printf("allocation when met: share=%.3f hbaseReserved=%d hdfsReserved=%s othersLimit=%s%n",
          shareBefore, hbaseReserved, jmx.getAttribute(controller, "HdfsReserved"),
          jmx.getAttribute(controller, "OthersLimit"));
      // The controller's limit on the others (0 when it never needed one) is what the
      // RegionServer's scheduler has in force; both can move at the next decision, so wait for
      // them to agree.
      var scheduler = FirstLevels.all(RegionServerScheduler.class).get(0);
      await(Duration.ofSeconds(30), () -> {
        try {
          double limit = (Double) jmx.getAttribute(controller, "OthersLimit");
          return limit == scheduler.othersLimit();
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });

      // A much looser SLO: the front end exceeds it by far, so allocation goes back to batch.
      jmx.invoke(controller, "setLatencySlo", new Object[] {"front", 99.0, 60_000.0},
          new String[] {"java.lang.String", "double", "double"});
      long decisionsAt = System.nanoTime();
      await(Duration.ofSeconds(30), () -> {
        try {
          return (Double) jmx.getAttribute(controller, "Share") < shareBefore * 0.85;
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      System.out.printf("after loosening the SLO: share=%.3f in %d ms%n",
          (Double) jmx.getAttribute(controller, "Share"), TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - decisionsAt));

      // Invalid JMX writes are refused and change nothing.
      String sloBefore = (String) jmx.getAttribute(controller, "Slo");
      try {
        jmx.invoke(controller, "setLatencySlo", new Object[] {"front", 100.0, 10.0},
            new String[] {"java.lang.String", "double", "double"});
        throw new AssertionError("a 100th percentile was accepted");
      } catch (javax.management.MBeanException | javax.management.RuntimeMBeanException e) {
        assertThat(e.getCause()).hasMessageContaining("percentile");
      }
      assertThat(jmx.getAttribute(controller, "Slo")).isEqualTo(sloBefore);
    } finally {
      running.set(false);
      pool.shutdown();
      assertThat(pool.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
    }
    for (java.util.concurrent.Future<?> f : work) {
      f.get(); // no client saw an error
    }
    // Both tenants' reads reached the DataNode scheduler under their own names.
    var dataNode = FirstLevels.all(DataNodeReadScheduler.class).get(0).queues();
    System.out.printf("DataNode chunks served: front=%d batch=%d%n",
        dataNode.metrics("front").totalCompletions(), dataNode.metrics("batch").totalCompletions());
    assertThat(dataNode.metrics("front").totalCompletions()).isPositive();
    assertThat(dataNode.metrics("batch").totalCompletions()).isPositive();
  }

  /**
   * update_config reaches Cake's RPC scheduler, not coprocessors: the controller picks the file up
   * from there before its next decision. A refused file names the key and changes nothing.
   */
  @Test
  void anSloChangedByUpdateConfigIsInForceAtTheNextDecision() throws Exception {
    HRegionServer rs = util.getMiniHBaseCluster().getRegionServer(0);
    CakeControllerCoprocessor cp = rs.getRegionServerCoprocessorHost().findCoprocessor(CakeControllerCoprocessor.class);
    SecondLevelController controller = cp.controller();
    try {
      updateConfiguration(rs, "cake.slo.front.latency-ms", "400");
      long after = controller.last().tick();
      // The tick running while update_config returned may have read the file before it.
      await(Duration.ofSeconds(30), () -> controller.last().tick() >= after + 2 && controller.last().plan() != null);
      assertThat(cp.controller()).as("set in place, state kept").isSameAs(controller);
      assertThat(controller.slo()).isEqualTo(SloTarget.latency("front", 99, 400));
      assertThat(controller.last().summary()).contains(controller.slo().toString());

      updateConfiguration(rs, "cake.slo.front.latency-ms", "-1");
      await(Duration.ofSeconds(30), () -> !cp.configurationError().isEmpty());
      assertThat(cp.configurationError()).contains("cake.slo.front");
      assertThat(cp.controller()).isSameAs(controller);
      assertThat(controller.slo()).isEqualTo(SloTarget.latency("front", 99, 400));
    } finally {
      updateConfiguration(rs, "cake.slo.front.latency-ms", String.valueOf(SLO_MS));
    }
    await(Duration.ofSeconds(30), () -> cp.configurationError().isEmpty());
    assertThat(controller.slo()).isEqualTo(SloTarget.latency("front", 99, SLO_MS));
  }

  /**
   * The page the coprocessor puts on the RegionServer's real info server, fetched over HTTP: the
   * tenants the scheduler saw, the SLO tenant's goal, and the controller's decisions and chart.
   * (CakeClusterIT reads it in a browser.)
   */
  @Test
  void theRegionServersInfoServerServesTheCakePage() throws Exception {
    HRegionServer rs = util.getMiniHBaseCluster().getRegionServer(0);
    CakeControllerCoprocessor cp = rs.getRegionServerCoprocessorHost().findCoprocessor(CakeControllerCoprocessor.class);
    try (Table t = front.getTable(table)) {
      t.get(new Get(row(1)));
    }
    await(Duration.ofSeconds(30), () -> cp.controller().last().plan() != null);
    java.net.http.HttpResponse<String> r = java.net.http.HttpClient.newHttpClient().send(
        java.net.http.HttpRequest.newBuilder(java.net.URI.create(
            "http://127.0.0.1:" + rs.getInfoServer().getPort() + "/cake")).build(),
        java.net.http.HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).isEqualTo(200);
    assertThat(r.headers().firstValue("Content-Type")).hasValueSatisfying(v -> assertThat(v).startsWith("text/html"));
    assertThat(r.body())
        .contains("<title>Cake on " + rs.getServerName().getAddress() + "</title>")
        .contains("<tr data-tenant=\"front\"><td class=\"t\">front</td>")
        .contains(SloTarget.latency("front", 99, SLO_MS).goal().toString().replace("<", "&lt;"))
        .contains("<table id=\"decisions\">")
        .contains("<polyline class=\"share\" data-tenant=\"front\"");
  }

  private static void updateConfiguration(HRegionServer rs, String key, String value) throws Exception {
    rs.getConfiguration().set(key, value);
    try (Admin admin = front.getAdmin()) {
      admin.updateConfiguration(rs.getServerName());
    }
  }

  /**
   * The jmx_exporter rules operators install (docker/prometheus), run by the exporter's own
   * collector over this JVM's real MBeans: Cake's RegionServer and DataNode schedulers and the
   * controller. Every series the dashboard reads must come out, with its labels, and a counter
   * must grow with real gets. A tenant of its own keeps this independent of the other test.
   */
  @Test
  void theExporterRulesTurnTheRealMBeansIntoTheSeriesTheDashboardReads() throws Exception {
    MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
    int port = util.getMiniHBaseCluster().getRegionServer(0).getServerName().getPort();
    String hbase = RegionServerScheduler.byPort(port).orElseThrow().name();
    String hdfs = FirstLevels.all(DataNodeReadScheduler.class).get(0).name();
    Map<String, String> hbaseProm = Map.of("kind", "hbase", "scheduler", hbase, "tenant", "prom");
    Map<String, String> hdfsProm = Map.of("kind", "hdfs", "scheduler", hdfs, "tenant", "prom");
    long started = System.nanoTime();
    ExporterScrape scrape;
    try (Connection prom = tenantConnection("prom"); Table t = prom.getTable(table)) {
      for (int i = 0; i < 20; i++) {
        t.get(new Get(row(i)).setCacheBlocks(false));
      }
      // Totals are as of the end of an interval: wait for the one that holds the 20 gets.
      ExporterScrape first = awaitScrape(s -> completions(s, hbaseProm) >= 20);
      for (int i = 0; i < 20; i++) {
        t.get(new Get(row(100 + i)).setCacheBlocks(false));
      }
      // The exporter reads each MBean on its own, so one scrape can straddle an interval's roll
      // (arrivals from one interval, completions from the next): wait until both show the gets.
      scrape = awaitScrape(s -> completions(s, hbaseProm) >= completions(first, hbaseProm) + 20
          && total(s, "cake_tenant_arrivals_total", hbaseProm) >= 40);
    }
    System.out.printf("exporter: %d samples, %d series names, %d ms with the gets and two intervals%n",
        scrape.samples().size(), scrape.names().size(),
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
    java.nio.file.Files.write(java.nio.file.Path.of("target", "cake-exporter-scrape.txt"),
        scrape.text().getBytes(java.nio.charset.StandardCharsets.UTF_8));

    // Counters, typed so, per tenant at both levels; the gets read HDFS (block cache off).
    for (String counter : List.of("cake_tenant_arrivals_total", "cake_tenant_completions_total",
        "cake_tenant_rejections_total", "cake_tenant_drops_total", "cake_tenant_service_seconds_total")) {
      assertThat(scrape.type(counter)).as(counter).isEqualTo("counter");
      assertThat(scrape.find(counter, hbaseProm)).as(counter + hbaseProm).hasSize(1);
      assertThat(scrape.find(counter, hdfsProm)).as(counter + hdfsProm).hasSize(1);
    }
    // One unit per name: what is charged to the share is handler seconds at HBase, bytes at the DataNode.
    assertThat(scrape.type("cake_tenant_charged_seconds_total")).isEqualTo("counter");
    assertThat(scrape.value("cake_tenant_charged_seconds_total", hbaseProm)).isPositive().isLessThan(60);
    assertThat(scrape.find("cake_tenant_charged_seconds_total", hdfsProm)).isEmpty();
    assertThat(scrape.value("cake_tenant_read_bytes_total", hdfsProm)).isGreaterThan(20 * 4096);
    assertThat(scrape.find("cake_tenant_read_bytes_total", hbaseProm)).isEmpty();
    assertThat(scrape.value("cake_tenant_arrivals_total", hbaseProm)).isGreaterThanOrEqualTo(40);
    assertThat(scrape.value("cake_tenant_service_seconds_total", hbaseProm)).isPositive();
    assertThat(scrape.value("cake_tenant_completions_total", hdfsProm)).as("DataNode chunks read for prom").isPositive();
    assertThat(scrape.value("cake_tenant_rejections_total", hbaseProm)).isZero();

    // Interval gauges in seconds: the percentiles as quantile labels, the mean a name of its own.
    assertThat(scrape.value("cake_tenant_latency_seconds", with(hbaseProm, "quantile", "0.99"))).isPositive().isLessThan(60);
    assertThat(scrape.find("cake_tenant_queue_time_seconds", hbaseProm)).extracting(s -> s.labels().get("quantile"))
        .containsExactlyInAnyOrder("0.5", "0.99", "0.999");
    assertThat(scrape.find("cake_tenant_service_time_seconds", hdfsProm)).hasSize(3);
    assertThat(scrape.find("cake_tenant_latency_mean_seconds", hbaseProm)).hasSize(1);
    assertThat(scrape.value("cake_tenant_share_weight", hbaseProm)).isPositive();
    assertThat(scrape.value("cake_tenant_reserved_slots", hbaseProm)).isZero();
    assertThat(scrape.value("cake_tenant_queue_occupancy", hbaseProm)).isBetween(0.0, 1.0);
    assertThat(scrape.find("cake_tenant_queue_length", hdfsProm)).hasSize(1);
    assertThat(scrape.value("cake_operation_latency_p99_seconds",
        Map.of("kind", "hbase", "scheduler", hbase, "tenant", "prom", "operation", "GET"))).isPositive();

    // The control MBeans (quoted scheduler names) and the controller.
    Map<String, String> hbaseScheduler = Map.of("kind", "hbase", "scheduler", hbase);
    Map<String, String> hdfsScheduler = Map.of("kind", "hdfs", "scheduler", hdfs);
    ObjectName hbaseControl = io.cake.core.level.SchedulerHost.controlName("hbase", hbase);
    assertThat(scrape.value("cake_scheduler_pool_size", hbaseScheduler))
        .isEqualTo(((Number) jmx.getAttribute(hbaseControl, "PoolSize")).doubleValue());
    assertThat(scrape.value("cake_scheduler_queue_limit", hbaseScheduler))
        .as("a gauge not named *_total, which the exporter would cut")
        .isEqualTo(((Number) jmx.getAttribute(hbaseControl, "QueueTotal")).doubleValue());
    assertThat(scrape.value("cake_scheduler_slots", hdfsScheduler)).isPositive();
    assertThat(scrape.value("cake_scheduler_soft_limit", hdfsScheduler)).isPositive();
    assertThat(scrape.value("cake_scheduler_enabled", hbaseScheduler)).isEqualTo(1.0);
    assertThat(scrape.type("cake_scheduler_tenants_forgotten_total")).isEqualTo("counter");
    assertThat(scrape.find("cake_scheduler_deadline_drops_total", hbaseScheduler)).hasSize(1);
    assertThat(scrape.find("cake_scheduler_gated_chunks_total", hdfsScheduler)).hasSize(1);
    ObjectName controller = Controller.objectName(port);
    // Labelled as its RegionServer's scheduler, as every other series.
    Map<String, String> controllerPort = Map.of("kind", "hbase", "scheduler", hbase);
    assertThat(scrape.value("cake_controller_slo_tenant", with(controllerPort, "tenant", "front"))).isEqualTo(1.0);
    assertThat(scrape.value("cake_controller_slo_latency_seconds", controllerPort))
        .isEqualTo((Double) jmx.getAttribute(controller, "SloLatencyMillis") / 1000, within(1e-9));
    assertThat(scrape.value("cake_controller_slo_percentile", controllerPort)).isEqualTo(99.0);
    assertThat(scrape.find("cake_controller_share", controllerPort)).hasSize(1);
    // One series per SLO tenant (io.cake:type=ControllerSlo), joined to the tenant series on
    // scheduler and tenant.
    Map<String, String> frontSlo = Map.of("kind", "hbase", "scheduler", "hbase-" + port, "tenant", "front");
    assertThat(scrape.value("cake_slo_target_seconds", frontSlo))
        .isEqualTo((Double) jmx.getAttribute(controller, "SloLatencyMillis") / 1000, within(1e-9));
    assertThat(scrape.value("cake_slo_percentile", frontSlo)).isEqualTo(99.0);
    assertThat(scrape.value("cake_slo_weight", frontSlo)).isEqualTo(1.0);
    assertThat(scrape.find("cake_slo_met", frontSlo)).hasSize(1);
    assertThat(scrape.find("cake_slo_measured_seconds", frontSlo)).hasSize(1);
    assertThat(scrape.value("cake_slo_target_ops_per_second", frontSlo)).isNaN();

    // Every metric the Grafana dashboard reads is one these rules produce from real MBeans.
    assertThat(scrape.names()).as("series produced by %s", ExporterScrape.RULES)
        .containsAll(Dashboard.read(Dashboard.FILE).metricNames());
    // And every series the alert rules read.
    assertThat(scrape.names()).as("series produced by %s", ExporterScrape.RULES)
        .containsAll(AlertRules.metricNames(AlertRules.read(AlertRules.FILE)));
  }

  private static double completions(ExporterScrape s, Map<String, String> labels) {
    return total(s, "cake_tenant_completions_total", labels);
  }

  private static double total(ExporterScrape s, String counter, Map<String, String> labels) {
    List<ExporterScrape.Sample> found = s.find(counter, labels);
    return found.isEmpty() ? 0 : found.get(0).value();
  }

  private static Map<String, String> with(Map<String, String> labels, String name, String value) {
    Map<String, String> out = new java.util.HashMap<>(labels);
    out.put(name, value);
    return out;
  }

  /** Scrapes until {@code done} holds; the metrics interval is 2 s. */
  private static ExporterScrape awaitScrape(java.util.function.Predicate<ExporterScrape> done) throws Exception {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (true) {
      ExporterScrape s = ExporterScrape.of(ExporterScrape.RULES);
      if (done.test(s)) {
        return s;
      }
      if (System.nanoTime() > end) {
        throw new AssertionError("the scrape did not get there within 30 s:\n" + s.text());
      }
      Thread.sleep(200);
    }
  }

  private static void await(Duration timeout, java.util.function.BooleanSupplier condition) throws InterruptedException {
    long end = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > end) {
        throw new AssertionError("condition not reached within " + timeout);
      }
      Thread.sleep(100);
    }
  }
}
