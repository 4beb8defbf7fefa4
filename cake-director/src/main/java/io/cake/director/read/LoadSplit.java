package io.cake.director.read;

import io.cake.director.plan.RegionLoad;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns what the cluster reports into region loads the planner can move: each RegionServer's load
 * in busy handlers (from Cake's scheduler, which charges every call its handler time) split over
 * its regions in proportion to the requests each served in the interval (from HBase's region
 * counters). HBase counts a scan's many rows as few requests and Cake charges them their time, so
 * the split is by requests but the total is by time: a server busy with scans is seen busy.
 *
 * <p>A region's requests in the interval are the growth of its counters since the last read on
 * the same server; a region new to a server (opened, moved) or whose counters went back (reopened)
 * has none yet. Stateful between calls; one thread.
 */
public final class LoadSplit {
  private final Map<String, RegionCounts> last = new HashMap<>();

  /**
   * @param busyHandlers per RegionServer, its load over the interval
   * @param counts every region's counters now
   */
  public List<RegionLoad> split(Map<String, Double> busyHandlers, List<RegionCounts> counts) {
    Map<String, Long> served = new HashMap<>();
    Map<String, Long> perServer = new HashMap<>();
    for (RegionCounts c : counts) {
      RegionCounts before = last.get(c.region());
      boolean here = before != null && before.server().equals(c.server()); // counters restart on a move
      long delta = Counters.growth(here ? before.requests() : null, c.requests());
      served.put(c.region(), delta);
      perServer.merge(c.server(), delta, Long::sum);
    }
    last.clear();
    counts.forEach(c -> last.put(c.region(), c));
    List<RegionLoad> out = new ArrayList<>();
    for (RegionCounts c : counts) {
      long total = perServer.get(c.server());
      double busy = busyHandlers.getOrDefault(c.server(), 0.0);
      double load = total == 0 || !(busy > 0) ? 0 : busy * served.get(c.region()) / total;
      out.add(new RegionLoad(c.region(), c.table(), c.server(), load, c.system()));
    }
    return out;
  }
}
