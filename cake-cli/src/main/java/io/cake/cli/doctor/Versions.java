package io.cake.cli.doctor;

import io.cake.cli.status.RegionServerStatus;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Which Cake each server runs. More than one version is a rolling install in progress, or a
 * server it left behind: worth a warning, not a failure, since a mixed cluster keeps serving
 * (docs/install.md, "A rolling install").
 */
final class Versions {
  static final String UNKNOWN = "unknown (a Cake without io.cake:type=Version)";

  private Versions() {}

  static Finding check(DoctorInput in) {
    Map<String, List<String>> byVersion = new TreeMap<>();
    for (RegionServerStatus rs : in.status().regionServers()) {
      if (rs.reachable() && (rs.hbase() != null || rs.controller() != null)) {
        add(byVersion, rs.version(), "RegionServer " + rs.label());
      }
      if (rs.datanode() != null && rs.datanode().error() == null) {
        add(byVersion, rs.datanode().version(), "DataNode " + rs.datanode().url());
      }
    }
    if (in.master() != null && in.master().error() == null && in.master().version() != null) {
      add(byVersion, in.master().version(), "HMaster " + in.masterLabel());
    }
    if (byVersion.isEmpty()) {
      return Finding.fail("cluster", "versions", "no server runs Cake");
    }
    if (byVersion.size() == 1 && !byVersion.containsKey(UNKNOWN)) {
      String v = byVersion.keySet().iterator().next();
      int n = byVersion.get(v).size();
      String all = n == 1 ? "the one server runs Cake " + v : "all " + n + " servers run Cake " + v;
      return v.equals(in.toolVersion())
          ? Finding.ok("cluster", "versions", all + ", as does this tool")
          : Finding.warn("cluster", "versions", all + "; this tool is " + in.toolVersion());
    }
    List<String> parts = new ArrayList<>();
    byVersion.forEach((v, servers) -> parts.add(v + " on " + String.join(", ", servers)));
    return Finding.warn("cluster", "versions", "mixed versions: " + String.join("; ", parts)
        + " (this tool is " + in.toolVersion() + ")");
  }

  private static void add(Map<String, List<String>> byVersion, String version, String server) {
    byVersion.computeIfAbsent(version == null ? UNKNOWN : version, k -> new ArrayList<>()).add(server);
  }
}
