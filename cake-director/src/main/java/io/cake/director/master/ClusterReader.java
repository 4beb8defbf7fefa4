package io.cake.director.master;

import io.cake.director.read.ClusterReading;
import io.cake.director.read.JmxBeans;
import io.cake.director.read.RegionCounts;
import io.cake.director.read.ServerReading;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.RegionInfo;

/**
 * Reads the cluster for one interval: the regions and their request counters from the HMaster's
 * own {@code ClusterMetrics} (the RegionServers' load reports), and each RegionServer's Cake beans
 * from its web UI's {@code /jmx} page, the page {@code cake status} reads. A page that cannot be
 * read leaves that server out of this interval, with the reason.
 */
final class ClusterReader {
  private final Admin admin;
  private final Duration timeout;

  ClusterReader(Admin admin, Duration timeout) {
    this.admin = admin;
    this.timeout = timeout;
  }

  ClusterReading read() throws IOException {
    ClusterMetrics cluster = admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.LIVE_SERVERS));
    Map<String, ServerReading> servers = new HashMap<>();
    Map<String, String> unreadable = new HashMap<>();
    List<RegionCounts> regions = new ArrayList<>();
    for (Map.Entry<ServerName, ServerMetrics> e : cluster.getLiveServerMetrics().entrySet()) {
      ServerName sn = e.getKey();
      ServerMetrics m = e.getValue();
      for (RegionMetrics r : m.getRegionMetrics().values()) {
        byte[] name = r.getRegionName();
        regions.add(new RegionCounts(RegionInfo.encodeRegionName(name), RegionInfo.getTable(name).getNameAsString(),
            sn.getServerName(), r.getReadRequestCount(), r.getWriteRequestCount()));
      }
      String url = "http://" + sn.getHostname() + ":" + m.getInfoServerPort() + "/jmx?qry=io.cake:*";
      try {
        servers.put(sn.getServerName(), JmxBeans.parse(get(url), sn.getPort()));
      } catch (IOException | IllegalArgumentException ex) {
        unreadable.put(sn.getServerName(), url + ": " + ex.getMessage());
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
