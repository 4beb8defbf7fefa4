package io.cake.cli.status;

import java.util.List;

/** Every RegionServer found, reachable or not, in host and port order. */
public record ClusterStatus(List<RegionServerStatus> regionServers) {
  public ClusterStatus {
    regionServers = List.copyOf(regionServers);
  }

  public boolean allReachable() {
    return regionServers.stream().allMatch(RegionServerStatus::reachable);
  }
}
