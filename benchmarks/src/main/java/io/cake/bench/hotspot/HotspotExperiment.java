package io.cake.bench.hotspot;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.cake.bench.cluster.ExternalCluster;
import io.cake.bench.experiment.Options;
import io.cake.bench.load.Windows;
import io.cake.bench.report.ResultsJson;
import io.cake.bench.report.RunSummary;
import io.cake.cli.cluster.ZkQuorum;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionInfo;

/**
 * {@code ./cake-bench experiment hotspot --zk ...}: a front end's hot regions share one
 * RegionServer with batch while the other serves only cold regions (balanced by count and by
 * table, so HBase's balancer sees little to do). Per 5 s window it records the front end's p99,
 * batch's throughput, where the hot regions are and how many regions moved. It drives whatever
 * cluster it is given: the director on or off is the cluster's configuration, named by
 * {@code --zk-policy}; benchmarks/hotspot.sh starts each and runs this against it.
 */
public final class HotspotExperiment {
  static final double WINDOW_SECONDS = 5;
  static final long DEFAULT_ROWS = 8_000;
  static final double DEFAULT_RATE = 14;
  static final double DEFAULT_SECONDS = 300;
  /** The SLO ./cake-cluster configures for its front end (docker/conf/cake-hbase-site.xml). */
  static final double DEFAULT_SLO_MS = 50;

  private final Options o;

  public HotspotExperiment(Options o) {
    if (o.zk == null) {
      throw new IllegalArgumentException("experiment hotspot runs on a cluster of separate RegionServers: give --zk");
    }
    this.o = o;
  }

  public File run() throws Exception {
    ExternalCluster cluster = new ExternalCluster(ZkQuorum.parse(o.zk, o.znodeParent), HotspotTable.REGIONS);
    long rows = o.records != null ? o.records : DEFAULT_ROWS;
    double rate = o.rate != null ? o.rate : DEFAULT_RATE;
    double seconds = o.measureSeconds != null ? o.measureSeconds : DEFAULT_SECONDS;
    double slo = o.slos.isEmpty() ? DEFAULT_SLO_MS : o.slos.get(0);
    File dir = o.out;
    if (!dir.isDirectory() && !dir.mkdirs()) {
      throw new IOException("cannot create " + dir);
    }
    try {
      Connection setup = cluster.connect("load");
      HotspotTable table = new HotspotTable(setup, rows);
      List<ServerName> servers = table.create(m -> System.out.println("hotspot: " + m));
      System.out.println("hotspot: hot regions on " + servers.get(0) + ", cold on " + servers.get(1) + "; measuring "
          + (long) seconds + " s");
      Windows gets = new Windows(WINDOW_SECONDS, seconds);
      Windows scans = new Windows(WINDOW_SECONDS, seconds);
      List<Map<String, Object>> placements = new ArrayList<>();
      try (Admin admin = setup.getAdmin()) {
        Map<String, ServerName> last = new HashMap<>(where(admin));
        Set<String> hot = hotRegions(admin);
        new HotspotLoad(cluster.connect("frontend"), cluster.connect("batch"), table.hotRows(), rate, o.batchThreads, o.seed)
            .run(gets, scans, seconds, () -> placements.add(sample(admin, last, hot, servers)));
      }
      Map<String, Object> root = results(rows, rate, seconds, slo, servers, gets, scans, placements);
      root.put("director_actions", directorActions(setup));
      ResultsJson.write(root, new File(dir, "results.json"));
      writeReport(root, new File(dir, "report.md"));
      return dir;
    } finally {
      cluster.close();
    }
  }

  /** Each region of the table and its server now, as the RegionServers themselves report. */
  private static Map<String, ServerName> where(Admin admin) throws IOException {
    Map<String, ServerName> out = new HashMap<>();
    for (ServerName s : admin.getRegionServers()) {
      for (RegionInfo r : admin.getRegions(s)) {
        if (r.getTable().equals(HotspotTable.TABLE)) {
          out.put(r.getEncodedName(), s);
        }
      }
    }
    return out;
  }

  /**
   * What the HMaster's director says it did (its bean's last actions, which name each move and
   * each request for a server), so the report tells its moves from the balancer's; empty when the
   * HMaster runs no director.
   */
  private static List<String> directorActions(Connection conn) {
    try (Admin admin = conn.getAdmin()) {
      ClusterMetrics m = admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.MASTER, ClusterMetrics.Option.MASTER_INFO_PORT));
      URI page = URI.create("http://" + m.getMasterName().getHostname() + ":" + m.getMasterInfoPort()
          + "/jmx?qry=io.cake:type=Director");
      JsonNode actions = new ObjectMapper().readTree(page.toURL()).path("beans").path(0).path("RecentActions");
      List<String> out = new ArrayList<>();
      actions.forEach(a -> out.add(a.asText()));
      return out;
    } catch (IOException | RuntimeException e) {
      return List.of("could not read the director's bean: " + e);
    }
  }

  /** The regions of the hot half: the first {@link HotspotTable#REGIONS} / 2 by start key. */
  private static Set<String> hotRegions(Admin admin) throws IOException {
    List<RegionInfo> regions = new ArrayList<>(admin.getRegions(HotspotTable.TABLE));
    regions.sort(RegionInfo.COMPARATOR);
    Set<String> hot = new HashSet<>();
    regions.subList(0, HotspotTable.REGIONS / 2).forEach(r -> hot.add(r.getEncodedName()));
    return hot;
  }

  private static Map<String, Object> sample(Admin admin, Map<String, ServerName> last, Set<String> hot,
      List<ServerName> servers) {
    Map<String, Object> p = new LinkedHashMap<>();
    try {
      Map<String, ServerName> now = where(admin);
      int moved = 0;
      for (Map.Entry<String, ServerName> e : now.entrySet()) {
        ServerName before = last.get(e.getKey());
        moved += before != null && !before.equals(e.getValue()) ? 1 : 0;
      }
      p.put("moves", moved);
      List<ServerName> hotOn = now.entrySet().stream().filter(e -> hot.contains(e.getKey())).map(Map.Entry::getValue).toList();
      p.put("hot_on_first", hotOn.stream().filter(servers.get(0)::equals).count());
      p.put("hot_on_second", hotOn.stream().filter(servers.get(1)::equals).count());
      p.put("hot_elsewhere", hotOn.stream().filter(s -> !servers.contains(s)).count());
      p.put("regions_elsewhere", now.values().stream().filter(s -> !servers.contains(s)).count());
      last.clear();
      last.putAll(now);
    } catch (IOException e) {
      p.put("error", e.toString());
    }
    return p;
  }

  private Map<String, Object> results(long rows, double rate, double seconds, double slo, List<ServerName> servers,
      Windows gets, Windows scans, List<Map<String, Object>> placements) {
    Map<String, Object> config = new LinkedHashMap<>();
    config.put("experiment", "hotspot");
    config.put("policy", o.zkPolicy);
    config.put("zk", o.zk);
    config.put("rows", rows);
    config.put("row_bytes", HotspotTable.ROW_BYTES);
    config.put("regions", HotspotTable.REGIONS);
    config.put("frontend_rate", rate);
    config.put("batch_threads", o.batchThreads);
    config.put("measured_seconds", seconds);
    config.put("window_seconds", WINDOW_SECONDS);
    config.put("slo_ms", slo);
    // The DataNodes' disk is the cluster's; hotspot.sh sets it from the same options it passes here.
    config.put("datanode_disk", o.diskModel == null ? "not stated (give --disk hdd and the --disk-* options the"
        + " cluster's DataNodes run with)" : o.diskModel.describe());
    config.put("hot_server", servers.get(0).toString());
    config.put("cold_server", servers.get(1).toString());
    List<Map<String, Object>> windows = new ArrayList<>();
    int moves = 0;
    int firstMove = -1;
    for (int i = 0; i < gets.count(); i++) {
      Map<String, Object> w = new LinkedHashMap<>();
      double p99 = Windows.ms(gets.window(i), 99);
      w.put("t_s", (i + 1) * WINDOW_SECONDS);
      w.put("gets", gets.ops(i));
      w.put("gets_failed", gets.ops(i) - gets.completed(i));
      w.put("p99_ms", Double.isNaN(p99) ? null : RunSummary.round(p99));
      w.put("batch_mb_per_s", RunSummary.round(scans.bytes(i) / WINDOW_SECONDS / 1e6));
      if (i < placements.size()) {
        w.putAll(placements.get(i));
        int m = ((Number) placements.get(i).getOrDefault("moves", 0)).intValue();
        moves += m;
        firstMove = firstMove < 0 && m > 0 ? i : firstMove;
      }
      windows.add(w);
    }
    Map<String, Object> summary = new LinkedHashMap<>();
    summary.put("windows", gets.count());
    summary.put("windows_met", metBetween(gets, slo, 0, gets.count()));
    summary.put("windows_met_second_half", metBetween(gets, slo, gets.count() / 2, gets.count()));
    summary.put("p99_ms", RunSummary.round(Windows.ms(gets.total(), 99)));
    summary.put("gets", gets.totalOps());
    summary.put("gets_failed", gets.errors());
    summary.put("batch_mb_per_s", RunSummary.round(scans.totalBytes() / seconds / 1e6));
    summary.put("moves", moves);
    summary.put("first_move_s", firstMove < 0 ? null : (firstMove + 1) * WINDOW_SECONDS);
    summary.put("windows_met_before_first_move", firstMove < 0 ? null : metBetween(gets, slo, 0, firstMove));
    summary.put("windows_met_after_first_move", firstMove < 0 ? null : metBetween(gets, slo, firstMove + 1, gets.count()));
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("config", config);
    root.put("summary", summary);
    root.put("windows", windows);
    return root;
  }

  /** "met of all" over windows [from, to). */
  private static String metBetween(Windows gets, double slo, int from, int to) {
    int met = 0;
    for (int i = from; i < to; i++) {
      double p99 = Windows.ms(gets.window(i), 99);
      met += !Double.isNaN(p99) && p99 <= slo ? 1 : 0;
    }
    return met + " of " + (to - from);
  }

  @SuppressWarnings("unchecked")
  private static void writeReport(Map<String, Object> root, File file) throws IOException {
    Map<String, Object> c = (Map<String, Object>) root.get("config");
    Map<String, Object> s = (Map<String, Object>) root.get("summary");
    try (PrintWriter w = new PrintWriter(file, StandardCharsets.UTF_8)) {
      w.printf(Locale.ROOT, "# hotspot: %s%n%n", c.get("policy"));
      w.printf(Locale.ROOT, "Front end %s gets/s over the hot half (%s rows of 8 KB, %s regions), %s batch scanners;"
          + " SLO p99 %s ms per %s s window. Hot regions start on %s, cold ones on %s.%n%n", c.get("frontend_rate"),
          c.get("rows"), c.get("regions"), c.get("batch_threads"), c.get("slo_ms"), c.get("window_seconds"),
          c.get("hot_server"), c.get("cold_server"));
      s.forEach((k, v) -> w.printf(Locale.ROOT, "- %s: %s%n", k, v));
      w.printf(Locale.ROOT, "%nThe director's last actions (its bean; none without a director):%n%n");
      for (String a : (List<String>) root.get("director_actions")) {
        w.printf(Locale.ROOT, "- %s%n", a);
      }
      w.printf(Locale.ROOT, "%n| t (s) | gets | failed | p99 (ms) | batch MB/s | hot regions first/second/other |"
          + " all regions elsewhere | moves |%n");
      w.printf(Locale.ROOT, "|---:|---:|---:|---:|---:|---|---:|---:|%n");
      for (Map<String, Object> x : (List<Map<String, Object>>) root.get("windows")) {
        w.printf(Locale.ROOT, "| %s | %s | %s | %s | %s | %s/%s/%s | %s | %s |%n", x.get("t_s"), x.get("gets"),
            x.get("gets_failed"), x.get("p99_ms"), x.get("batch_mb_per_s"), x.get("hot_on_first"),
            x.get("hot_on_second"), x.get("hot_elsewhere"), x.get("regions_elsewhere"), x.get("moves"));
      }
    }
  }
}
