package io.cake.director.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Which regions to move, after SCADS Director's controller (its Algorithm 1, the overloaded half):
 * for each server whose load does not fit its capacity, overloaded first, move its hottest region
 * that some other server can take to the server with the most slack, until it fits or nothing
 * more can go. Bounded: at most {@code maxMoves} per interval, none of a region moved within its
 * cool-down, never a system table's.
 *
 * <p>The hottest region first gives the most relief per move, so an overload is undone in the
 * fewest moves, which is what moving costs (a region is unavailable while it moves). Whether that
 * region is a front end's or batch's does not matter to the server that sheds it.
 *
 * <p>A load fits a server when it is below the server's capacity over {@code overprovision}
 * (above 1: headroom for what the smoothing has not shown yet); below, since the capacity is a
 * load at which the server missed. A server whose capacity is
 * unknown is taken to have the smallest capacity known in the cluster, its servers being alike;
 * with none known, nothing is overloaded. When a server stays overloaded and nothing it holds fits
 * elsewhere, the plan says the cluster needs another server. Pure: the caller keeps the
 * cool-downs and acts on the plan.
 */
public final class MovePlanner {
  private final int maxMoves;
  private final double overprovision;

  public MovePlanner(int maxMoves, double overprovision) {
    if (maxMoves < 0) {
      throw new IllegalArgumentException("maxMoves must be >= 0, got " + maxMoves);
    }
    if (!(overprovision >= 1) || Double.isInfinite(overprovision)) {
      throw new IllegalArgumentException("overprovision must be finite and >= 1, got " + overprovision);
    }
    this.maxMoves = maxMoves;
    this.overprovision = overprovision;
  }

  /**
   * @param coolingDown regions moved too recently to move again
   */
  public Plan plan(List<ServerLoad> servers, List<RegionLoad> regions, Set<String> coolingDown) {
    double prior = prior(servers);
    Map<String, Double> limit = limits(servers);
    Map<String, Double> room = new HashMap<>(); // the load each server can still take
    for (ServerLoad s : servers) {
      room.put(s.server(), limit.get(s.server()) - s.load());
    }
    List<ServerLoad> overloaded = new ArrayList<>(servers.stream().filter(s -> room.get(s.server()) <= 0).toList());
    overloaded.sort(Comparator.comparingDouble((ServerLoad s) -> room.get(s.server())).thenComparing(ServerLoad::server));
    List<Move> moves = new ArrayList<>();
    List<String> stuck = new ArrayList<>();
    for (ServerLoad s : overloaded) {
      List<RegionLoad> candidates = new ArrayList<>(regions.stream().filter(r -> r.server().equals(s.server())
          && !r.system() && !coolingDown.contains(r.region()) && r.load() > 0).toList());
      candidates.sort(Comparator.comparingDouble(RegionLoad::load).reversed().thenComparing(RegionLoad::region));
      for (RegionLoad r : candidates) {
        if (room.get(s.server()) > 0 || moves.size() >= maxMoves) {
          break;
        }
        String to = mostRoom(room, s.server(), r.load());
        if (to == null) {
          continue; // a smaller region may still fit somewhere
        }
        moves.add(new Move(r.region(), s.server(), to, String.format(Locale.ROOT,
            "%s carries %.2f busy handlers, over its %.2f (capacity %s / overprovision %.2f); %s has %.2f free",
            s.server(), limit.get(s.server()) - room.get(s.server()), limit.get(s.server()), capacity(s, prior),
            overprovision, to, room.get(to))));
        room.merge(s.server(), r.load(), Double::sum);
        room.merge(to, -r.load(), Double::sum);
      }
      // Stuck: over, with moves left and regions free to move, none of which fits anywhere. (Regions
      // all cooling down are moves still settling: wait for them.)
      if (room.get(s.server()) <= 0 && moves.size() < maxMoves && !candidates.isEmpty()) {
        stuck.add(s.server());
      }
    }
    String more = stuck.isEmpty() ? "" : stuck + " still over capacity and no other server has room for"
        + " any region they hold";
    return new Plan(moves, more);
  }

  /**
   * The load each server may carry: its capacity, or the smallest known in the cluster when its
   * own is not (infinite when none is), over the overprovisioning factor. The one rule the plan and
   * the balancer's view ({@link LoadView}) share.
   */
  public Map<String, Double> limits(List<ServerLoad> servers) {
    double prior = prior(servers);
    Map<String, Double> limit = new HashMap<>();
    for (ServerLoad s : servers) {
      limit.put(s.server(), (Double.isNaN(s.capacity()) ? prior : s.capacity()) / overprovision);
    }
    return limit;
  }

  private static double prior(List<ServerLoad> servers) {
    return servers.stream().mapToDouble(ServerLoad::capacity).filter(c -> !Double.isNaN(c)).min()
        .orElse(Double.POSITIVE_INFINITY);
  }

  /** The server other than {@code from} with the most room, if it has more than {@code load}; else null. */
  static String mostRoom(Map<String, Double> room, String from, double load) {
    String best = null;
    for (Map.Entry<String, Double> e : room.entrySet()) {
      if (e.getKey().equals(from) || e.getValue() <= load) {
        continue;
      }
      if (best == null || e.getValue() > room.get(best) || (e.getValue().equals(room.get(best)) && e.getKey().compareTo(best) < 0)) {
        best = e.getKey();
      }
    }
    return best;
  }

  private static String capacity(ServerLoad s, double prior) {
    return Double.isNaN(s.capacity()) ? String.format(Locale.ROOT, "%.2f, the cluster's smallest known", prior)
        : String.format(Locale.ROOT, "%.2f", s.capacity());
  }
}
