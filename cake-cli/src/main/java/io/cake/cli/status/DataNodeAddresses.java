package io.cake.cli.status;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * {@code --datanode-http}: where the DataNode beside each RegionServer serves its web UI (and
 * /jmx page). {@code PORT}: that port on every RegionServer's host (Hadoop 3's default {@value
 * #DEFAULT_PORT}); {@code HOST:PORT,...}: one per host, paired with the RegionServer of the same
 * host name; {@code none}: no DataNode is read. A DataNode running in the RegionServer's own JVM
 * (an in-process mini-cluster) is read from the RegionServer's page whatever this says.
 */
public final class DataNodeAddresses {
  /** Hadoop 3's default {@code dfs.datanode.http.address} port. */
  public static final int DEFAULT_PORT = 9864;

  /** No DataNode is read. */
  public static final DataNodeAddresses NONE = new DataNodeAddresses(-1, Map.of());

  private final int port;
  private final Map<String, Integer> byHost;

  private DataNodeAddresses(int port, Map<String, Integer> byHost) {
    this.port = port;
    this.byHost = byHost;
  }

  public static DataNodeAddresses parse(String spec) {
    String s = spec == null ? "" : spec.trim();
    if (s.equalsIgnoreCase("none")) {
      return NONE;
    }
    if (s.matches("\\d{1,5}")) {
      return new DataNodeAddresses(port(spec, s), Map.of());
    }
    Map<String, Integer> byHost = new LinkedHashMap<>();
    for (String part : s.split(",")) {
      String e = part.trim();
      if (!e.matches("[A-Za-z0-9_.\\-]+:\\d{1,5}")) {
        throw new IllegalArgumentException("--datanode-http wants PORT, HOST:PORT[,HOST:PORT...] or none, got '" + spec + "'");
      }
      int colon = e.lastIndexOf(':');
      if (byHost.put(e.substring(0, colon), port(spec, e.substring(colon + 1))) != null) {
        throw new IllegalArgumentException("--datanode-http names host " + e.substring(0, colon) + " twice");
      }
    }
    return new DataNodeAddresses(-1, Map.copyOf(byHost));
  }

  private static int port(String spec, String digits) {
    int p = Integer.parseInt(digits);
    if (p < 1 || p > 65535) {
      throw new IllegalArgumentException("--datanode-http: port out of range in '" + spec + "'");
    }
    return p;
  }

  /** The web UI of the DataNode on {@code host}, if one is to be read. */
  public Optional<String> urlFor(String host) {
    Integer p = byHost.isEmpty() ? (port > 0 ? Integer.valueOf(port) : null) : byHost.get(host);
    return p == null ? Optional.empty() : Optional.of("http://" + host + ":" + p);
  }
}
