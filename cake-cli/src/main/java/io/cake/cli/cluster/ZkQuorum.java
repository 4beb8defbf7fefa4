package io.cake.cli.cluster;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a cluster's ZooKeeper is ({@code --zk}, {@code --znode-parent}): one or more {@code
 * host[:port]} separated by commas; a host without a port takes the port of the next entry that
 * has one (so {@code zk1,zk2,zk3:2181} works), else 2181.
 */
public record ZkQuorum(List<String> hosts, List<Integer> ports, String znodeParent) {
  public static final String DEFAULT_PARENT = "/hbase";
  public static final int DEFAULT_PORT = 2181;

  public ZkQuorum {
    hosts = List.copyOf(hosts);
    ports = List.copyOf(ports);
  }

  public static ZkQuorum parse(String spec, String znodeParent) {
    if (spec == null || spec.isBlank()) {
      throw new IllegalArgumentException("--zk wants host[:port][,host[:port]...], got '" + spec + "'");
    }
    if (znodeParent == null || !znodeParent.startsWith("/") || znodeParent.length() < 2 || znodeParent.endsWith("/")) {
      throw new IllegalArgumentException("--znode-parent wants an absolute ZooKeeper path such as /hbase, got '" + znodeParent + "'");
    }
    String[] entries = spec.trim().split(",");
    List<String> hosts = new ArrayList<>();
    Integer[] ports = new Integer[entries.length];
    for (int i = 0; i < entries.length; i++) {
      String e = entries[i].trim();
      if (!e.matches("[A-Za-z0-9_.\\-]+(:\\d{1,5})?")) {
        throw new IllegalArgumentException("--zk wants host[:port][,host[:port]...], got '" + spec + "' ('" + e + "')");
      }
      int colon = e.indexOf(':');
      hosts.add(colon < 0 ? e : e.substring(0, colon));
      if (colon >= 0) {
        int p = Integer.parseInt(e.substring(colon + 1));
        if (p < 1 || p > 65535) {
          throw new IllegalArgumentException("--zk: port out of range in '" + e + "'");
        }
        ports[i] = p;
      }
    }
    Integer next = DEFAULT_PORT;
    for (int i = entries.length - 1; i >= 0; i--) {
      if (ports[i] != null) {
        next = ports[i];
      } else {
        ports[i] = next;
      }
    }
    return new ZkQuorum(hosts, List.of(ports), znodeParent);
  }

  /** {@code host:port,host:port}, as ZooKeeper's client takes it. */
  public String connectString() {
    List<String> entries = new ArrayList<>();
    for (int i = 0; i < hosts.size(); i++) {
      entries.add(hosts.get(i) + ":" + ports.get(i));
    }
    return String.join(",", entries);
  }

  @Override
  public String toString() {
    return connectString() + znodeParent;
  }
}
