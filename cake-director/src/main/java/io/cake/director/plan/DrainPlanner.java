package io.cake.director.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The underloaded half of SCADS Director's Algorithm 1: when the others have room for all a
 * server carries, that server can be emptied and stopped. The server chosen is the least loaded,
 * the fewest moves; its regions go hottest first to the server with the most room, as
 * {@link MovePlanner} moves them, so that the room they are promised is the room they get. Its
 * system tables' regions stay: HBase reassigns them when the server stops. Pure: the caller
 * decides when the cluster has had room long enough to drain ({@link io.cake.director.loop.Director}).
 */
public final class DrainPlanner {
  private final int maxMoves;

  public DrainPlanner(int maxMoves) {
    if (maxMoves < 0) {
      throw new IllegalArgumentException("maxMoves must be >= 0, got " + maxMoves);
    }
    this.maxMoves = maxMoves;
  }

  /**
   * The least loaded server, if everything it carries fits on the others below their limits
   * ({@link MovePlanner#limits}); empty with fewer than two servers or a limit unknown.
   */
  public Optional<String> removable(List<ServerLoad> servers, Map<String, Double> limits, List<RegionLoad> regions) {
    if (servers.size() < 2 || limits.values().stream().anyMatch(l -> !Double.isFinite(l))) {
      return Optional.empty();
    }
    ServerLoad emptiest = servers.stream()
        .min(Comparator.comparingDouble(ServerLoad::load).thenComparing(ServerLoad::server)).orElseThrow();
    Map<String, Double> room = room(servers, limits, emptiest.server());
    for (RegionLoad r : movable(emptiest.server(), regions, Set.of())) {
      String to = MovePlanner.mostRoom(room, emptiest.server(), r.load());
      if (to == null) {
        return Optional.empty();
      }
      room.merge(to, -r.load(), Double::sum);
    }
    return Optional.of(emptiest.server());
  }

  /** This interval's moves off {@code target}, at most the bound, none of a region cooling down. */
  public List<Move> movesOff(String target, List<ServerLoad> servers, Map<String, Double> limits,
      List<RegionLoad> regions, Set<String> coolingDown) {
    Map<String, Double> room = room(servers, limits, target);
    List<Move> out = new ArrayList<>();
    for (RegionLoad r : movable(target, regions, coolingDown)) {
      if (out.size() >= maxMoves) {
        break;
      }
      String to = MovePlanner.mostRoom(room, target, r.load());
      if (to == null) {
        continue;
      }
      out.add(new Move(r.region(), target, to, String.format(Locale.ROOT,
          "draining %s: the others have room for all it carries; %s has %.2f free", target, to, room.get(to))));
      room.merge(to, -r.load(), Double::sum);
    }
    return out;
  }

  /** Whether {@code server} holds any region that can move (a system table's never does). */
  public static boolean holdsMovable(String server, List<RegionLoad> regions) {
    return regions.stream().anyMatch(r -> r.server().equals(server) && !r.system());
  }

  private static Map<String, Double> room(List<ServerLoad> servers, Map<String, Double> limits, String except) {
    Map<String, Double> room = new HashMap<>();
    for (ServerLoad s : servers) {
      if (!s.server().equals(except)) {
        room.put(s.server(), limits.get(s.server()) - s.load());
      }
    }
    return room;
  }

  private static List<RegionLoad> movable(String server, List<RegionLoad> regions, Set<String> coolingDown) {
    List<RegionLoad> out = new ArrayList<>(regions.stream()
        .filter(r -> r.server().equals(server) && !r.system() && !coolingDown.contains(r.region())).toList());
    out.sort(Comparator.comparingDouble(RegionLoad::load).reversed().thenComparing(RegionLoad::region));
    return out;
  }
}
