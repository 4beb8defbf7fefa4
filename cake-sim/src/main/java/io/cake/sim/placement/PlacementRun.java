package io.cake.sim.placement;

import io.cake.director.loop.Observation;
import io.cake.director.model.CapacityModel.Verdict;
import io.cake.director.plan.Move;
import io.cake.director.plan.RegionLoad;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Runs one placement over one scenario and seed, interval by interval. The seed drives the
 * measurement noise: each server's load is read 5% off, or so, as a real interval's would be;
 * its SLO verdict follows its true load. A move takes effect at the next interval. A server asked
 * for comes from the standbys, serving from the next interval, while any is left; a drained server
 * that holds no region goes back to them.
 */
public final class PlacementRun {
  /** What one run did. */
  public record Result(String scenario, String placement, long seed, int missedIntervals, int moves,
      int serverIntervals, int drained) {}

  private static final double NOISE = 0.05;

  private PlacementRun() {}

  public static Result run(PlacementScenario s, Placement p, long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    TreeSet<String> active = new TreeSet<>();
    for (int i = 0; i < (p.allServersFromStart() ? s.servers() + s.standbys() : s.servers()); i++) {
      active.add(server(i));
    }
    List<String> first = List.copyOf(active);
    Map<String, String> where = new HashMap<>();
    for (int r = 0; r < s.regions(); r++) {
      where.put(region(r), first.get(r % first.size()));
    }
    int missed = 0;
    int moves = 0;
    int serverIntervals = 0;
    int drained = 0;
    for (int t = 0; t < s.intervals(); t++) {
      Map<String, Double> load = new TreeMap<>();
      active.forEach(a -> load.put(a, 0.0));
      List<RegionLoad> regions = new ArrayList<>();
      for (int r = 0; r < s.regions(); r++) {
        double l = s.shape().load(r, t);
        load.merge(where.get(region(r)), l, Double::sum);
        regions.add(new RegionLoad(region(r), "t", where.get(region(r)), l * noise(random), false));
      }
      Map<String, Double> measured = new TreeMap<>();
      Map<String, Verdict> verdicts = new TreeMap<>();
      boolean anyMissed = false;
      for (Map.Entry<String, Double> e : load.entrySet()) {
        boolean miss = e.getValue() > s.capacity();
        anyMissed |= miss;
        verdicts.put(e.getKey(), miss ? Verdict.MISSED : Verdict.MET);
        measured.put(e.getKey(), e.getValue() * noise(random));
      }
      serverIntervals += active.size();
      missed += anyMissed ? 1 : 0;
      for (Move m : p.step(new Observation(measured, verdicts, regions))) {
        where.put(m.region(), m.to());
        moves++;
      }
      if (p.wantsServer() && active.size() < s.servers() + s.standbys()) {
        for (int i = 0; !active.add(server(i)); i++) {
          // the first standby not serving
        }
      }
      if (!p.drained().isEmpty() && !where.containsValue(p.drained())) {
        active.remove(p.drained());
        drained++;
      }
    }
    return new Result(s.name(), p.name(), seed, missed, moves, serverIntervals, drained);
  }

  private static double noise(SplittableRandom random) {
    return 1 + NOISE * (2 * random.nextDouble() - 1);
  }

  private static String region(int r) {
    return "region-" + r;
  }

  private static String server(int i) {
    return "rs" + (i + 1);
  }
}
