package io.cake.director.loop;

import io.cake.director.model.CapacityModel;
import io.cake.director.model.CapacityModel.Verdict;
import io.cake.director.model.Smoothing;
import io.cake.director.plan.Move;
import io.cake.director.plan.MovePlanner;
import io.cake.director.plan.DrainPlanner;
import io.cake.director.plan.LoadView;
import io.cake.director.plan.Plan;
import io.cake.director.plan.RegionLoad;
import io.cake.director.plan.ServerLoad;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * One step of the director per interval: smooth what was observed, learn each server's capacity,
 * plan the moves ({@link MovePlanner}) or, once the cluster has had room long enough, drain a
 * server ({@link DrainPlanner}), and remember the moves so a moved region cools down.
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
  private final DrainPlanner drains;
  private final Smoothing smoothing;
  private final int coolDownSteps;
  private final int drainAfterSteps;
  private final Map<String, CapacityModel> capacities = new TreeMap<>();
  private final Map<String, Double> serverLoads = new HashMap<>();
  private final Map<String, Double> regionLoads = new HashMap<>();
  private final Map<String, Long> movedAt = new HashMap<>();
  private final Set<String> settling = new HashSet<>(); // servers in last step's moves
  private List<ServerLoad> lastServers = List.of();
  private int roomySteps; // steps in a row with a server the others have room for, all calm
  private String draining; // the server being emptied, or null
  private long step;

  /**
   * @param coolDownSteps intervals a moved region stays where it went before it may move again
   * @param drainAfterSteps intervals in a row, every SLO met and nothing moved, in which the others
   *     had room for all one server carries, before that server is drained
   */
  public Director(MovePlanner planner, DrainPlanner drains, Smoothing smoothing, int coolDownSteps, int drainAfterSteps) {
    if (coolDownSteps < 0) {
      throw new IllegalArgumentException("coolDownSteps must be >= 0, got " + coolDownSteps);
    }
    if (drainAfterSteps < 1) {
      throw new IllegalArgumentException("drainAfterSteps must be >= 1, got " + drainAfterSteps);
    }
    this.planner = planner;
    this.drains = drains;
    this.smoothing = smoothing;
    this.coolDownSteps = coolDownSteps;
    this.drainAfterSteps = drainAfterSteps;
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
    Plan plan = drainOrNot(planner.plan(servers, regions, movedAt.keySet()), o, servers, regions);
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
   * Drains a server once the cluster has had room for it long enough, and goes on draining it while
   * all stays calm: any move for an overload, any need of a server or any miss ends the drain and
   * the count. A drained server (nothing movable left on it) is named in the plan, every step
   * until it is gone.
   */
  private Plan drainOrNot(Plan plan, Observation o, List<ServerLoad> servers, List<RegionLoad> regions) {
    boolean calm = plan.moves().isEmpty() && plan.moreServers().isEmpty()
        && !o.verdicts().containsValue(Verdict.MISSED);
    if (!calm || draining != null && !serverLoads.containsKey(draining)) {
      roomySteps = 0;
      draining = null;
      return plan;
    }
    Map<String, Double> limits = planner.limits(servers);
    if (draining == null) {
      Optional<String> roomFor = drains.removable(servers, limits, regions);
      roomySteps = roomFor.isPresent() ? roomySteps + 1 : 0;
      if (roomySteps < drainAfterSteps) {
        return plan;
      }
      draining = roomFor.get();
      roomySteps = 0;
    }
    if (!DrainPlanner.holdsMovable(draining, regions)) {
      return new Plan(List.of(), "", draining);
    }
    return new Plan(drains.movesOff(draining, servers, limits, regions, movedAt.keySet()), "");
  }

  /** The server being drained, or empty. */
  public Optional<String> draining() {
    return Optional.ofNullable(draining);
  }

  /**
   * The regions' loads and the servers' limits as the last step left them, its moves included,
   * and a server being drained at a limit of 0: what HBase's balancer is to respect.
   */
  public LoadView view() {
    Map<String, Double> limits = new HashMap<>(planner.limits(lastServers));
    if (draining != null) {
      limits.put(draining, 0.0); // whatever is left there is to go: none of it may come back
    }
    return new LoadView(regionLoads, limits);
  }

  /** What the director holds of {@code server}'s capacity; NaN unknown. */
  public double capacity(String server) {
    CapacityModel m = capacities.get(server);
    return m == null ? Double.NaN : m.capacity();
  }
}
