package io.cake.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.exception.NotFoundException;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.condition.EnabledIf;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.containers.ContainerState;
import org.testcontainers.containers.ComposeContainer;
import org.testcontainers.containers.DockerComposeContainer;
import org.testcontainers.lifecycle.Startable;

/**
 * Cake's images and {@code docker/compose.yaml} (docs/docker.md): this reactor's cake-server jar
 * layered onto the stock HBase/Hadoop runtime image by {@code docker/images/build.sh}, and the
 * compose cluster (ZooKeeper, NameNode, 2 DataNodes, HMaster, 2 RegionServers, one container each,
 * on the host's network and loopback addresses only) started by testcontainers through the local
 * {@code docker-compose} (or {@code docker compose}). Then tagged gets and scans through Cake with the controllers on.
 *
 * <p>Skipped where no Docker engine is reachable (and with {@code -Dcake.docker.it.skip=true}). Its
 * ports are 25000 + the process cluster's offsets (CakeClusterIT's are 24000 +). The containers are
 * removed by {@code docker-compose down -v} and then checked gone by id; Ryuk is off (pom.xml).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@EnabledIf(value = "engineReachable", disabledReason = "no Docker engine reachable, or -Dcake.docker.it.skip=true (docs/docker.md)")
class CakeDockerIT {
  private static final TableName TABLE = TableName.valueOf("cake_docker_it");
  /** The compose project's name starts with this (testcontainers adds a random suffix). */
  private static final String PROJECT = "cakedockerit";
  /** As CakeClusterIT's: enough 1 MB blocks that each tenant reads from both DataNodes. */
  private static final int ROWS_PER_REGION = 800;
  private static final int INTERVAL_MS = 3000;
  private static final List<String> DAEMONS = List.of("zk", "nn", "dn1", "dn2", "master", "rs1", "rs2");
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(3)).build();

  private Path dir;
  private String image;
  private String jarName;
  private Startable compose;
  /** The compose cluster's container of a service. */
  private Function<String, Optional<ContainerState>> services;
  private final Map<String, String> containerIds = new LinkedHashMap<>();
  private ClusterView view;
  private Connection connection;
  private Map<String, List<byte[]>> rowsByHost;

  static boolean engineReachable() {
    if (Boolean.getBoolean("cake.docker.it.skip")) {
      System.out.println("cake-docker-it: skipped: -Dcake.docker.it.skip=true");
      return false;
    }
    if (!DockerClientFactory.instance().isDockerAvailable()) {
      System.out.println("cake-docker-it: skipped: no Docker engine reachable (docs/docker.md says how to run one)");
      return false;
    }
    return true;
  }

  @BeforeAll
  void startComposeCluster() throws Exception {
    Path tree = Path.of(System.getProperty("cake.source.tree")).toRealPath();
    Path jar = Path.of(System.getProperty("cake.server.jar"));
    assertThat(jar).as("cake-server's jar, built in this reactor before this module").isRegularFile();
    jar = jar.toRealPath();
    jarName = jar.getFileName().toString();
    dir = Path.of(System.getProperty("cake.docker.dir")).toAbsolutePath();
    Files.createDirectories(dir);

    DockerHost.removeLeftovers(PROJECT);
    long t0 = System.nanoTime();
    image = DockerHost.buildImages(tree, jar, dir, System.getProperty("cake.docker.base-image", "cake-base:bookworm-jre17"));
    System.out.printf("cake-docker-it: images built in %.1f s: %s%n", (System.nanoTime() - t0) / 1e9, image);

    // The containers' site-file additions, readable by the image's user (uid 10001).
    Path extra = dir.resolve("extra");
    Files.createDirectories(extra);
    Files.writeString(extra.resolve("it-hbase-site.xml"), TestTable.hbaseSite(INTERVAL_MS, Map.of()));
    Files.writeString(extra.resolve("it-hdfs-site.xml"), TestTable.hdfsSite(INTERVAL_MS));
    Files.setPosixFilePermissions(extra, PosixFilePermissions.fromString("rwxr-xr-x"));
    int portBase = Integer.getInteger("cake.docker.it.port-base", 25000);
    // The compose cluster lays its daemons out as ./cake-cluster does: its env prints the addresses.
    view = new ClusterView(new ClusterScript(tree, dir.resolve("layout"), jar, portBase)
        .with("CAKE_CLUSTER_PROMETHEUS", "1").env());

    List<File> files = List.of(tree.resolve("docker/compose.yaml").toFile(), new File(getClass().getResource("/compose-it.yaml").toURI()));
    // The monitoring profile too: Prometheus scraping every daemon's agent (compose's default).
    Map<String, String> composeEnv = Map.of("CAKE_IMAGE", image, "CAKE_CLUSTER_PORT_BASE", Integer.toString(portBase),
        "CAKE_IT_EXTRA_DIR", extra.toString(), "COMPOSE_PROFILES", "monitoring");
    // Always the local compose, never testcontainers' default (compose in a container from Docker
    // Hub): Debian's docker-compose 1.29 where it is installed (as here), else `docker compose` v2.
    // No pulls: the images are this engine's own.
    if (succeeds("docker-compose", "version")) {
      DockerComposeContainer<?> v1 = new DockerComposeContainer<>(PROJECT, files).withLocalCompose(true).withPull(false)
          .withRemoveVolumes(true).withEnv(composeEnv);
      compose = v1;
      services = v1::getContainerByServiceName;
    } else {
      ComposeContainer v2 = new ComposeContainer(PROJECT, files).withLocalCompose(true).withPull(false)
          .withRemoveVolumes(true).withEnv(composeEnv);
      compose = v2;
      services = v2::getContainerByServiceName;
    }
    t0 = System.nanoTime();
    try {
      compose.start();
    } finally {
      for (String service : listOf("config", DAEMONS)) {
        services.apply(service).ifPresent(c -> containerIds.put(service, c.getContainerId()));
      }
    }
    awaitMasterServing(Duration.ofSeconds(300));
    System.out.printf("cake-docker-it: compose cluster serving %.1f s after 'up'%n", (System.nanoTime() - t0) / 1e9);

    connection = view.connect();
    rowsByHost = TestTable.createAndLoad(connection, TABLE, ROWS_PER_REGION);
  }

  private static boolean succeeds(String... command) {
    try {
      return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD)
          .start().waitFor() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  private static List<String> listOf(String first, List<String> rest) {
    List<String> all = new java.util.ArrayList<>(List.of(first));
    all.addAll(rest);
    return all;
  }


  /** The HMaster active, initialised, hbase:meta online and both RegionServers in; fails early if a container stopped. */
  private void awaitMasterServing(Duration timeout) throws Exception {
    String url = view.get("MASTER_HTTP");
    String server = "Hadoop:service=HBase,name=Master,sub=Server";
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      for (String daemon : DAEMONS) {
        ContainerState c = services.apply(daemon).orElseThrow();
        assertThat(c.isRunning()).as(daemon + "'s container, whose log ends:\n" + tail(c.getLogs(), 30)).isTrue();
      }
      try {
        if (JmxPage.attribute(url, server, "numRegionServers").asInt() == 2
            && JmxPage.attribute(url, server, "tag.isActiveMaster").asBoolean()) {
          String status = HTTP.send(HttpRequest.newBuilder(URI.create(url + "/master-status")).timeout(Duration.ofSeconds(5)).build(),
              HttpResponse.BodyHandlers.ofString()).body();
          if (status.contains("hbase:meta") && !status.toLowerCase().contains("master is initializing")) {
            return;
          }
        }
      } catch (IOException notYet) {
        // the HMaster's web UI is not up yet
      }
      assertThat(System.nanoTime()).as("the compose cluster serving within " + timeout).isLessThan(deadline);
      TimeUnit.MILLISECONDS.sleep(500); // polling the HMaster's state
    }
  }

  private static String tail(String log, int lines) {
    List<String> all = log.lines().toList();
    return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
  }

  private String logOf(String service) {
    return services.apply(service).orElseThrow().getLogs();
  }

  @AfterAll
  void stopComposeCluster() throws Exception {
    try {
      if (connection != null) {
        connection.close();
      }
    } finally {
      if (compose != null) {
        for (String service : containerIds.keySet()) { // kept beside the test's output
          services.apply(service)
              .ifPresent(c -> write(dir.resolve("logs").resolve(service + ".log"), c.getLogs()));
        }
        long t0 = System.nanoTime();
        compose.stop(); // docker-compose down -v (or docker compose): RegionServers, HMaster, DataNodes, NameNode, ZooKeeper
        System.out.printf("cake-docker-it: compose cluster down in %.1f s%n", (System.nanoTime() - t0) / 1e9);
        for (Map.Entry<String, String> c : containerIds.entrySet()) {
          assertThat(gone(c.getValue())).as(c.getKey() + "'s container " + c.getValue() + " after down").isTrue();
        }
      }
    }
  }

  private static boolean gone(String containerId) {
    try {
      DockerClientFactory.instance().client().inspectContainerCmd(containerId).exec();
      return false;
    } catch (NotFoundException removed) {
      return true;
    }
  }

  private static void write(Path file, String text) {
    try {
      Files.createDirectories(file.getParent());
      Files.writeString(file, text);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  @Order(1)
  void eachDaemonRunsInItsOwnContainerOfTheImageOnTheHostNetworkWithTheImagesJars() throws Exception {
    InspectContainerResponse config = DockerClientFactory.instance().client().inspectContainerCmd(containerIds.get("config")).exec();
    assertThat(config.getState().getExitCodeLong()).as("the config service's exit code").isZero();
    Map<String, String> uis = new TreeMap<>(Map.of("NameNode", view.get("NN_HTTP"), "HMaster", view.get("MASTER_HTTP")));
    for (int i = 1; i <= 2; i++) {
      uis.put("DataNode " + i, view.dnHttp(i));
      uis.put("RegionServer " + i, view.rsHttp(i));
    }
    for (String daemon : DAEMONS) {
      InspectContainerResponse c = DockerClientFactory.instance().client().inspectContainerCmd(containerIds.get(daemon)).exec();
      assertThat(c.getConfig().getImage()).as(daemon + "'s image").isEqualTo(image);
      assertThat(c.getHostConfig().getNetworkMode()).as(daemon + "'s network").isEqualTo("host");
      assertThat(Arrays.asList(c.getConfig().getCmd())).as(daemon + "'s command").containsExactly("role", daemon);
    }
    for (Map.Entry<String, String> ui : uis.entrySet()) {
      List<String> classPath = Arrays.asList(JmxPage.attribute(ui.getValue(), "java.lang:type=Runtime", "ClassPath").asText().split(":"));
      assertThat(classPath.stream().filter(e -> Path.of(e).getFileName().toString().startsWith("cake")))
          .as(ui.getKey() + ": the Cake jar, in the image").containsExactly("/opt/cake/lib/" + jarName);
      assertThat(classPath).as(ui.getKey() + ": the stock runtime, in the image")
          .anyMatch(e -> e.startsWith("/opt/cake/runtime/jars/hbase-") || e.startsWith("/opt/cake/runtime/jars/hadoop-hdfs-"))
          .allMatch(e -> e.startsWith("/opt/cake/") || e.isEmpty() || e.startsWith("/cluster/conf/"));
    }
  }

  @Test
  @Order(2)
  void cakeIsOnInEveryRegionServerAndDataNodeStockOnTheMasterAndNoJmxAnonymous() throws Exception {
    for (int i = 1; i <= 2; i++) {
      assertThat(view.rsControl(i).path("Enabled").asBoolean()).as("RS " + i + " Cake scheduler").isTrue();
      assertThat(view.dnControl(i).path("Enabled").asBoolean()).as("DN " + i + " Cake gate").isTrue();
      assertThat(JmxPage.attribute(view.rsHttp(i), view.controller(i), "Slo").asText()).as("RS " + i + " controller's SLO")
          .isEqualTo("p99.0 <= 50.0 ms");
    }
    // The HMaster keeps HBase's stock scheduler: of Cake, it shows only which version it has.
    assertThat(JmxPage.beans(view.get("MASTER_HTTP"), "io.cake:*")).as("the HMaster's Cake beans")
        .extracting(b -> b.path("name").asText()).containsExactly("io.cake:type=Version");
    for (String daemon : List.of("DN1", "DN2", "RS1", "RS2")) {
      javax.management.remote.JMXServiceURL any = new javax.management.remote.JMXServiceURL(view.get(daemon + "_JMX_URL"));
      org.assertj.core.api.Assertions.assertThatThrownBy(
          () -> javax.management.remote.JMXConnectorFactory.connect(any, Map.of()).close())
          .as(daemon + "'s container refuses an anonymous JMX login").isInstanceOf(SecurityException.class);
    }
  }

  @Test
  @Order(3)
  void taggedGetsAndScansAreScheduledPerTenantAndEachControllerSteersItsRegionServerAndDataNode() throws Exception {
    TaggedLoad load = new TaggedLoad(connection, TABLE, rowsByHost);
    CompletableFuture<Void> running = CompletableFuture.runAsync(() -> {
      try {
        load.run(5 * INTERVAL_MS, 60, 2);
      } catch (Exception e) {
        throw new RuntimeException(e);
      }
    });
    Map<String, Double> seen = new TreeMap<>(); // the largest per-interval count while the load runs
    while (!running.isDone()) {
      view.sampleTenants(seen, 2, List.of("frontend", "batch"));
      try {
        running.get(1, TimeUnit.SECONDS); // the sampling cadence: about once a second until the load ends
      } catch (java.util.concurrent.TimeoutException stillRunning) {
        // sample again
      }
    }
    running.join();
    System.out.println("cake-docker-it: largest per-interval counts " + seen);
    System.out.printf("cake-docker-it: %d batch scans, %d get errors, %d scan errors%n", load.scans(), load.getErrors(), load.scanErrors());
    assertThat(load.getErrors()).isZero();
    assertThat(load.scanErrors()).isZero();
    assertThat(load.scans()).isPositive();
    assertThat(seen).as("tenants' metrics published at both pairs").hasSize(8);
    seen.forEach((k, v) -> assertThat(v).as(k + " (chunks at the DataNode, calls at the RegionServer)").isPositive());
    for (int i = 1; i <= 2; i++) {
      String rsLog = logOf("rs" + i);
      assertThat(rsLog).as("rs" + i + "'s container log").doesNotContain("cannot reach the DataNode scheduler")
          .doesNotContain("refused the login");
      long decided = ClusterView.decisions(rsLog, 20);
      List<JsonNode> controller = JmxPage.beans(view.rsHttp(i), view.controller(i));
      assertThat(controller).as("RegionServer " + i + "'s controller MBean").hasSize(1);
      JsonNode c = controller.get(0);
      System.out.println("cake-docker-it: controller " + i + ": " + decided + " decisions on measurements; last: "
          + c.path("LastDecision").asText());
      assertThat(decided).as("controller " + i + " decisions on at least 20 samples").isPositive();
      // Across containers, over its DataNode's password-protected JMX: the same share on both.
      double[] weights = view.frontendWeights(i);
      assertThat(weights[1]).as("pair " + i + ": frontend weight at the DataNode, at the RegionServer " + weights[0])
          .isCloseTo(weights[0], org.assertj.core.data.Offset.offset(1e-6));
    }
  }

  /**
   * The monitoring profile: Prometheus, built from Debian's package, scrapes every RegionServer's
   * and DataNode's agent at the addresses the cluster's configuration names, has the series the
   * dashboard and the alerts read (the SLO's target, the load's charged time), and Cake's alert
   * rules loaded, none firing.
   */
  @Test
  @Order(4)
  void theMonitoringProfilesPrometheusScrapesEveryDaemonAndLoadsCakesAlerts() throws Exception {
    PrometheusApi prometheus = new PrometheusApi(view.get("PROMETHEUS_HTTP"));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    List<String> expected = new ArrayList<>();
    for (int i = 1; i <= 2; i++) {
      expected.add(view.get("RS" + i + "_METRICS"));
      expected.add(view.get("DN" + i + "_METRICS"));
    }
    List<JsonNode> targets = prometheus.activeTargets();
    while (targets.size() != 4 || !targets.stream().allMatch(t -> t.path("health").asText().equals("up"))
        || prometheus.query("cake_tenant_charged_seconds_total{tenant=\"frontend\"} > 0").size() < 2) {
      assertThat(System.nanoTime()).as("every agent scraped, after the load: " + targets).isLessThan(deadline);
      TimeUnit.SECONDS.sleep(1); // polling Prometheus, which scrapes every 10 s
      targets = prometheus.activeTargets();
    }
    assertThat(targets).extracting(t -> t.path("scrapeUrl").asText()).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(prometheus.query("cake_slo_target_seconds{tenant=\"frontend\"}"))
        .as("each controller's SLO target, in seconds").hasSize(2)
        .allSatisfy(s -> assertThat(s.path("value").get(1).asDouble()).isEqualTo(0.05));
    assertThat(prometheus.alertingRules()).extracting(r -> r.path("name").asText())
        .contains("CakeSloMissed", "CakeControllerFailStatic", "CakeDataNodeUnpaired", "CakeKillSwitchOn",
            "CakeTenantsFolded");
    assertThat(prometheus.alertingRules()).filteredOn(r -> r.path("name").asText().equals("CakeKillSwitchOn"))
        .extracting(r -> r.path("state").asText()).containsExactly("inactive");
  }
}
