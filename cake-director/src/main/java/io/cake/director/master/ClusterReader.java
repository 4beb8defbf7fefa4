package io.cake.director.master;

import io.cake.director.read.ClusterReading;
import io.cake.director.read.JmxBeans;
import io.cake.director.read.RegionCounts;
import io.cake.director.read.ServerReading;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.RegionInfo;

/**
 * Reads the cluster for one interval: the regions and their request counters from the HMaster's
 * own {@code ClusterMetrics} (the RegionServers' load reports), and each RegionServer's Cake beans
 * from its web UI's {@code /jmx} page, the page {@code cake status} reads. The pages are read
 * {@link #PAGES_AT_ONCE} at a time, so a step takes about as long as its slowest page, not their
 * sum. A page that cannot be read leaves that server out of this interval, with the reason.
 */
final class ClusterReader implements AutoCloseable {
  /** Enough that a few slow or dead servers do not hold the others' pages back. */
  static final int PAGES_AT_ONCE = 4;

  private final Admin admin;
  private final Duration timeout;
  private final ExecutorService pages = Executors.newFixedThreadPool(PAGES_AT_ONCE, r -> {
    Thread t = new Thread(r, "cake-director-jmx");
    t.setDaemon(true);
    return t;
  });

  ClusterReader(Admin admin, Duration timeout) {
    this.admin = admin;
    this.timeout = timeout;
  }

  @Override
  public void close() {
    pages.shutdownNow();
  }

  ClusterReading read() throws IOException {
    ClusterMetrics cluster = admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.LIVE_SERVERS));
    Map<String, ServerReading> servers = new HashMap<>();
    Map<String, String> unreadable = new HashMap<>();
    List<RegionCounts> regions = new ArrayList<>();
    Map<String, CompletableFuture<ServerReading>> reads = new HashMap<>();
    Map<String, String> urls = new HashMap<>();
    for (Map.Entry<ServerName, ServerMetrics> e : cluster.getLiveServerMetrics().entrySet()) {
      ServerName sn = e.getKey();
      ServerMetrics m = e.getValue();
      for (RegionMetrics r : m.getRegionMetrics().values()) {
        byte[] name = r.getRegionName();
        regions.add(new RegionCounts(RegionInfo.encodeRegionName(name), RegionInfo.getTable(name).getNameAsString(),
            sn.getServerName(), r.getReadRequestCount(), r.getWriteRequestCount()));
      }
      String url = "http://" + sn.getHostname() + ":" + m.getInfoServerPort() + "/jmx?qry=io.cake:*";
      urls.put(sn.getServerName(), url);
      reads.put(sn.getServerName(), CompletableFuture.supplyAsync(() -> {
        try {
          return JmxBeans.parse(get(url), sn.getPort());
        } catch (IOException ex) {
          throw new UncheckedIOException(ex);
        }
      }, pages));
    }
    for (Map.Entry<String, CompletableFuture<ServerReading>> r : reads.entrySet()) {
      try {
        servers.put(r.getKey(), r.getValue().join());
      } catch (CompletionException ex) {
        Throwable why = ex.getCause() instanceof UncheckedIOException u ? u.getCause() : ex.getCause();
        unreadable.put(r.getKey(), urls.get(r.getKey()) + ": " + why.getMessage());
      }
    }
    return new ClusterReading(servers, unreadable, regions);
  }

  private String get(String url) throws IOException {
    HttpURLConnection c = (HttpURLConnection) URI.create(url).toURL().openConnection();
    int millis = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
    c.setConnectTimeout(millis);
    c.setReadTimeout(millis);
    c.setInstanceFollowRedirects(false);
    try {
      if (c.getResponseCode() != 200) {
        throw new IOException("HTTP " + c.getResponseCode());
      }
      try (InputStream in = c.getInputStream()) {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
    } finally {
      c.disconnect();
    }
  }
}
