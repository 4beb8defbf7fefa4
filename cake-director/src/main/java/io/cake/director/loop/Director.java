package io.cake.director.loop;

import io.cake.director.model.CapacityModel;
import io.cake.director.model.CapacityModel.Verdict;
import io.cake.director.model.Smoothing;
import io.cake.director.plan.Move;
import io.cake.director.plan.MovePlanner;
import io.cake.director.plan.LoadView;
import io.cake.director.plan.Plan;
import io.cake.director.plan.RegionLoad;
import io.cake.director.plan.ServerLoad;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One step of the director per interval: smooth what was observed, learn each server's capacity,
 * plan the moves ({@link MovePlanner}), and remember them so a moved region cools down.
 *
 * <p>Capacities learn from the load a server carried as observed, not smoothed: a miss happened
 * at the load of its interval. Plans use smoothed loads (rises fast, falls slowly), so one quiet
 * interval does not make room that is not there, except that a server that missed is planned at
 * least at the load it missed at: the smoothing is there against noise, and a miss is not noise. A region's load follows it to its new server at
 * once, so the next plan does not count it twice; and the interval after a move, whose numbers
 * mix before and after, teaches nothing about the two servers in it (SCADS Director likewise waits
 * for its actions to complete before it reasons on the cluster again). Time is counted in steps,
 * the caller's intervals: no clock is read.
 */
public final class Director {
  private final MovePlanner planner;
  private final Smoothing smoothing;
  private final int coolDownSteps;
  private final Map<String, CapacityModel> capacities = new TreeMap<>();
  private final Map<String, Double> serverLoads = new HashMap<>();
  private final Map<String, Double> regionLoads = new HashMap<>();
  private final Map<String, Long> movedAt = new HashMap<>();
  private final Set<String> settling = new HashSet<>(); // servers in last step's moves
  private List<ServerLoad> lastServers = List.of();
  private long step;

  /** @param coolDownSteps intervals a moved region stays where it went before it may move again */
  public Director(MovePlanner planner, Smoothing smoothing, int coolDownSteps) {
    if (coolDownSteps < 0) {
      throw new IllegalArgumentException("coolDownSteps must be >= 0, got " + coolDownSteps);
    }
    this.planner = planner;
    this.smoothing = smoothing;
    this.coolDownSteps = coolDownSteps;
  }

  /** Decides this interval's actions. The caller carries the moves out. */
  public Plan step(Observation o) {
    step++;
    serverLoads.keySet().retainAll(o.serverLoads().keySet()); // a server gone is forgotten
    capacities.keySet().retainAll(o.serverLoads().keySet());
    List<ServerLoad> servers = new ArrayList<>();
    o.serverLoads().forEach((server, load) -> {
      CapacityModel model = capacities.computeIfAbsent(server, s -> new CapacityModel());
      if (!settling.contains(server) || !serverLoads.containsKey(server)) {
        Verdict v = o.verdicts().getOrDefault(server, Verdict.NONE);
        model.observe(load, v);
        double smoothed = smoothing.next(serverLoads.getOrDefault(server, Double.NaN), load);
        // Smoothing keeps noise from moving regions; a miss says the load is real.
        serverLoads.put(server, v == Verdict.MISSED ? Math.max(smoothed, load) : smoothed);
      }
    });
    settling.clear();
    new TreeMap<>(serverLoads).forEach((server, load) -> servers.add(new ServerLoad(server, load, capacities.get(server).capacity())));
    Set<String> present = new HashSet<>();
    List<RegionLoad> regions = new ArrayList<>();
    for (RegionLoad r : o.regions()) {
      present.add(r.region());
      double before = regionLoads.getOrDefault(r.region(), Double.NaN);
      double load = movedAt.getOrDefault(r.region(), -1L) == step - 1 ? before : smoothing.next(before, r.load());
      regionLoads.put(r.region(), load);
      regions.add(new RegionLoad(r.region(), r.table(), r.server(), load, r.system()));
    }
    regionLoads.keySet().retainAll(present);
    movedAt.entrySet().removeIf(e -> step - e.getValue() > coolDownSteps);
    Plan plan = planner.plan(servers, regions, movedAt.keySet());
    lastServers = servers;
    for (Move m : plan.moves()) {
      movedAt.put(m.region(), step);
      double load = regionLoads.getOrDefault(m.region(), 0.0);
      serverLoads.merge(m.from(), -load, Double::sum);
      serverLoads.merge(m.to(), load, Double::sum);
      settling.add(m.from());
      settling.add(m.to());
    }
    return plan;
  }

  /**
   * The regions' loads and the servers' limits as the last step left them, its moves included:
   * what HBase's balancer is to respect.
   */
  public LoadView view() {
    return new LoadView(regionLoads, planner.limits(lastServers));
  }

  /** What the director holds of {@code server}'s capacity; NaN unknown. */
  public double capacity(String server) {
    CapacityModel m = capacities.get(server);
    return m == null ? Double.NaN : m.capacity();
  }
}
