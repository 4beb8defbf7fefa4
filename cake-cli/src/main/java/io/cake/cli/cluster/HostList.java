package io.cake.cli.cluster;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code --hosts}: RegionServers named directly, {@code host[:info port]} separated by commas,
 * the port being the web UI's ({@code hbase.regionserver.info.port}, 16030 by default).
 */
public final class HostList {
  private HostList() {}

  public static List<RegionServerAddress> parse(String spec) {
    if (spec == null || spec.isBlank()) {
      throw new IllegalArgumentException("--hosts wants host[:info port][,host[:info port]...], got '" + spec + "'");
    }
    List<RegionServerAddress> out = new ArrayList<>();
    for (String part : spec.split(",")) {
      String e = part.trim();
      if (!e.matches("[A-Za-z0-9_.\\-]+(:\\d{1,5})?")) {
        throw new IllegalArgumentException("--hosts wants host[:info port][,...], got '" + spec + "' ('" + e + "')");
      }
      int colon = e.indexOf(':');
      int port = RegionServerAddress.DEFAULT_INFO_PORT;
      if (colon >= 0) {
        port = Integer.parseInt(e.substring(colon + 1));
        if (port < 1 || port > 65535) {
          throw new IllegalArgumentException("--hosts: port out of range in '" + e + "'");
        }
      }
      RegionServerAddress a = new RegionServerAddress(colon < 0 ? e : e.substring(0, colon), -1, port);
      if (out.contains(a)) {
        throw new IllegalArgumentException("--hosts names " + e + " twice");
      }
      out.add(a);
    }
    return List.copyOf(out);
  }
}
