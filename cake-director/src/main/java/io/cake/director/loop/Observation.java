package io.cake.director.loop;

import io.cake.director.model.CapacityModel.Verdict;
import io.cake.director.plan.RegionLoad;
import java.util.List;
import java.util.Map;

/**
 * What the director reads of the cluster in one interval: each RegionServer's load and its SLO
 * tenants' verdict (from its controller), and each region's load where it is now.
 *
 * @param serverLoads per RegionServer, its load in busy handlers over the interval
 * @param verdicts per RegionServer, how its SLO tenants fared together (absent: {@link Verdict#NONE})
 */
public record Observation(Map<String, Double> serverLoads, Map<String, Verdict> verdicts, List<RegionLoad> regions) {
  public Observation {
    serverLoads = Map.copyOf(serverLoads);
    verdicts = Map.copyOf(verdicts);
    regions = List.copyOf(regions);
  }
}
