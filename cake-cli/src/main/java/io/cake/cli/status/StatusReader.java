package io.cake.cli.status;

import com.fasterxml.jackson.databind.JsonNode;
import io.cake.cli.cluster.Daemons;
import io.cake.cli.cluster.RegionServerAddress;
import io.cake.cli.jmx.Beans;
import io.cake.cli.jmx.JmxPages;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Reads every RegionServer's /jmx page at once (one request each for all of Cake's beans, one
 * more for its DataNode), so the whole cluster takes about as long as its slowest server. A
 * server that cannot be read is reported with why, beside the others.
 */
public final class StatusReader {
  /** HBase's RegionServer metrics bean: its {@code tag.serverName} is {@code host,port,startcode}. */
  static final String SERVER_BEAN = "Hadoop:service=HBase,name=RegionServer,sub=Server";

  private final JmxPages pages;
  private final DataNodeAddresses datanodes;
  private final Duration timeout;

  public StatusReader(Duration timeout, DataNodeAddresses datanodes) {
    this.pages = new JmxPages(timeout, Daemons.POOL);
    this.datanodes = datanodes;
    this.timeout = timeout;
  }

  public ClusterStatus read(List<RegionServerAddress> servers) {
    return read(servers, null);
  }

  /** @param master the active HMaster, whose director is read too; null for none */
  public ClusterStatus read(List<RegionServerAddress> servers, RegionServerAddress master) {
    var director = java.util.concurrent.CompletableFuture.supplyAsync(
        () -> master == null ? null : director(master), Daemons.POOL);
    List<java.util.concurrent.CompletableFuture<RegionServerStatus>> reads = new ArrayList<>();
    for (RegionServerAddress a : servers) {
      // Each read waits only on its own HTTP requests, which run on the client's own threads.
      reads.add(java.util.concurrent.CompletableFuture.supplyAsync(() -> readOne(a), Daemons.POOL));
    }
    List<RegionServerStatus> out = new ArrayList<>();
    for (var r : reads) {
      out.add(r.join());
    }
    return new ClusterStatus(out, director.join());
  }

  DirectorView director(RegionServerAddress master) {
    String label = master.host() + ":" + master.port();
    if (master.infoPort() <= 0) {
      return DirectorView.unreadable(label, "the HMaster runs no web UI: cake reads its /jmx page");
    }
    try {
      return DirectorView.of(label, fetch(master.infoUrl(), DirectorView.BEAN));
    } catch (Unreachable e) {
      return DirectorView.unreadable(label, e.getMessage());
    } catch (RuntimeException e) {
      return DirectorView.unreadable(label, "cannot read " + DirectorView.BEAN + " at " + master.infoUrl() + ": " + e.getMessage());
    }
  }

  /** The /jmx page of {@code a}'s web UI: {@code java.lang:type=Runtime} and the like. */
  public Beans page(RegionServerAddress a, String query) throws Unreachable {
    return fetch(a.infoUrl(), query);
  }

  RegionServerStatus readOne(RegionServerAddress a) {
    Integer knownPort = a.port() > 0 ? a.port() : null;
    if (a.infoPort() <= 0) {
      return RegionServerStatus.unreachable(a.host(), knownPort, null,
          "runs no web UI (hbase.regionserver.info.port is " + a.infoPort() + "): cake reads its /jmx page");
    }
    try {
      RegionServerAddress rs = knownPort != null ? a : a.withPort(rpcPort(a));
      Beans page = fetch(rs.infoUrl(), "io.cake:*");
      HBaseLevel level = hbaseLevel(page, rs.port()).orElse(null);
      JsonNode bean = ControllerReader.bean(page, rs.port()).orElse(null);
      boolean running = bean != null && ControllerReader.running(bean);
      ControllerView controller = running ? ControllerReader.view(bean) : null;
      String notRunning = bean != null && !running ? Beans.text(bean, "NotRunningReason") : null;
      if (level != null && controller != null) {
        level = withSlo(level, controller);
      }
      return new RegionServerStatus(rs.host(), rs.port(), rs.infoUrl(), true, null, level, controller, notRunning, datanode(rs, page),
          LevelReader.version(page));
    } catch (Unreachable e) {
      return RegionServerStatus.unreachable(a.host(), knownPort, a.infoUrl(), e.getMessage());
    } catch (RuntimeException e) { // a page this version cannot read must not hide the other servers
      return RegionServerStatus.unreachable(a.host(), knownPort, a.infoUrl(),
          "cannot read Cake's MBeans at " + a.infoUrl() + ": " + e.getMessage());
    }
  }

  /** An entry of --hosts names the web UI only: its RPC port is in HBase's own metrics bean. */
  private int rpcPort(RegionServerAddress a) throws Unreachable {
    Beans server = fetch(a.infoUrl(), SERVER_BEAN);
    String name = server.all().isEmpty() ? null : Beans.text(server.all().get(0), "tag.serverName");
    String[] parts = name == null ? new String[0] : name.split(",");
    if (parts.length != 3 || !parts[1].matches("\\d+")) {
      throw new Unreachable(a.infoUrl() + " is not a RegionServer's web UI (no " + SERVER_BEAN + " with a tag.serverName)");
    }
    return Integer.parseInt(parts[1]);
  }

  /** The scheduler is named {@code hbase-<RPC port>} ({@code -2}... after a restart in one JVM). */
  private static Optional<HBaseLevel> hbaseLevel(Beans page, int port) {
    Map<String, JsonNode> controls = LevelReader.controls(page, "hbase");
    String name = "hbase-" + port;
    JsonNode control = controls.get(name);
    if (control == null) {
      control = controls.entrySet().stream().filter(e -> e.getKey().startsWith(name + "-"))
          .map(Map.Entry::getValue).reduce((first, later) -> later).orElse(null);
    }
    return Optional.ofNullable(control).map(c -> LevelReader.hbase(page, c));
  }

  private static HBaseLevel withSlo(HBaseLevel l, ControllerView c) {
    List<TenantRow> rows = new ArrayList<>();
    for (TenantRow r : l.tenants()) {
      rows.add(c.goal(r.tenant())
          .map(g -> r.withSlo(g.text(), g.verdict(r, c.measurement(r.tenant()).orElse(null)).met())).orElse(r));
    }
    return new HBaseLevel(l.scheduler(), l.enabled(), l.poolSize(), l.poolMin(), l.poolMax(), l.poolCap(),
        l.othersLimit(), l.othersExempt(), l.activeHandlers(), l.queued(), l.defaultShare(), l.configurationError(), List.copyOf(rows));
  }

  private DataNodeLevel datanode(RegionServerAddress rs, Beans rsPage) {
    Map<String, JsonNode> sameJvm = LevelReader.controls(rsPage, "hdfs");
    if (!sameJvm.isEmpty()) {
      return LevelReader.datanode(rs.infoUrl() + " (in the RegionServer's JVM)", rsPage, sameJvm.values().iterator().next());
    }
    Optional<String> url = datanodes.urlFor(rs.host());
    if (url.isEmpty()) {
      return null;
    }
    try {
      Beans page = fetch(url.get(), "io.cake:*");
      Map<String, JsonNode> controls = LevelReader.controls(page, "hdfs");
      if (controls.isEmpty()) {
        return DataNodeLevel.unreachable(url.get(), "no Cake read scheduler there (no io.cake:type=Scheduler,kind=hdfs MBean)");
      }
      return LevelReader.datanode(url.get(), page, controls.values().iterator().next());
    } catch (Unreachable e) {
      return DataNodeLevel.unreachable(url.get(), e.getMessage());
    } catch (RuntimeException e) {
      return DataNodeLevel.unreachable(url.get(), "cannot read Cake's MBeans there: " + e.getMessage());
    }
  }

  private Beans fetch(String url, String query) throws Unreachable {
    try {
      return pages.query(url, query).get(timeout.toMillis() + 1000, TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw new Unreachable(describe(url, e.getCause()));
    } catch (TimeoutException e) {
      throw new Unreachable("no answer from " + url + " within " + timeout.toSeconds() + " s");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new Unreachable("interrupted while reading " + url);
    }
  }

  public static String describe(String url, Throwable cause) {
    if (cause instanceof ConnectException) {
      return "nothing answers at " + url + " (connection refused)";
    }
    if (cause instanceof SocketTimeoutException) {
      return "no answer from " + url + " in time";
    }
    if (cause instanceof JmxPages.JmxPageException) {
      return cause.getMessage();
    }
    String m = cause.getMessage();
    return "cannot read " + url + ": " + (m == null || m.isBlank() ? cause.getClass().getSimpleName() : m);
  }

  /** A page that could not be read; the message says which and why. */
  public static final class Unreachable extends Exception {
    Unreachable(String message) {
      super(message);
    }
  }
}
