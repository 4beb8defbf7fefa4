package io.cake.director.read;

import java.util.List;
import java.util.Map;

/**
 * One interval's reading of the cluster.
 *
 * @param servers every live RegionServer whose Cake beans could be read
 * @param unreadable the live RegionServers whose beans could not be read, and why
 * @param regions every online region's counters, where it is now
 */
public record ClusterReading(Map<String, ServerReading> servers, Map<String, String> unreadable,
    List<RegionCounts> regions) {
  public ClusterReading {
    servers = Map.copyOf(servers);
    unreadable = Map.copyOf(unreadable);
    regions = List.copyOf(regions);
  }
}
