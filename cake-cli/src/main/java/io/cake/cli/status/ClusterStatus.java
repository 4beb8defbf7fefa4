package io.cake.cli.status;

import java.util.List;

/**
 * Every RegionServer found, reachable or not, in host and port order, and the director on the
 * active HMaster ({@code director} null when no HMaster was looked for: {@code --hosts}, or none
 * is active).
 */
public record ClusterStatus(List<RegionServerStatus> regionServers, DirectorView director) {
  public ClusterStatus {
    regionServers = List.copyOf(regionServers);
  }

  public ClusterStatus(List<RegionServerStatus> regionServers) {
    this(regionServers, null);
  }

  public boolean allReachable() {
    return regionServers.stream().allMatch(RegionServerStatus::reachable);
  }
}
