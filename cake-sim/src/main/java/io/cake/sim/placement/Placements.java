package io.cake.sim.placement;

import io.cake.director.config.DirectorConfig;
import io.cake.director.loop.Director;
import io.cake.director.loop.Observation;
import io.cake.director.model.Smoothing;
import io.cake.director.plan.DrainPlanner;
import io.cake.director.plan.Move;
import io.cake.director.plan.MovePlanner;
import io.cake.director.plan.Plan;
import io.cake.director.plan.RegionLoad;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The director and the two baselines its evidence is measured against. */
public final class Placements {
  /** Moves per interval, for the director and the greedy mover alike. */
  public static final int MAX_MOVES = 2;

  private Placements() {}

  /** Cake's director with the parameters its keys are to default to. */
  public static Placement director() {
    Director d = new Director(new MovePlanner(MAX_MOVES, DirectorConfig.DEFAULT_OVERPROVISION), new DrainPlanner(MAX_MOVES),
        new Smoothing(DirectorConfig.SMOOTHING_UP, DirectorConfig.SMOOTHING_DOWN), DirectorConfig.COOL_DOWN_INTERVALS,
        DirectorConfig.DRAIN_AFTER_INTERVALS);
    return new Placement() {
      private boolean wants;
      private String drained = "";

      @Override
      public String name() {
        return "director";
      }

      @Override
      public List<Move> step(Observation o) {
        Plan p = d.step(o);
        wants = !p.moreServers().isEmpty();
        drained = p.drained();
        return p.moves();
      }

      @Override
      public boolean wantsServer() {
        return wants;
      }

      @Override
      public String drained() {
        return drained;
      }
    };
  }

  /**
   * A load balancer without a model: every interval, the hottest region of the most loaded server
   * goes to the least loaded one while that narrows the gap, at most {@link #MAX_MOVES} times. It
   * sees load, not SLOs, and never asks for a server.
   */
  public static Placement greedy() {
    return new Placement() {
      @Override
      public String name() {
        return "greedy";
      }

      @Override
      public List<Move> step(Observation o) {
        Map<String, Double> load = new HashMap<>(o.serverLoads());
        List<RegionLoad> regions = new ArrayList<>(o.regions());
        List<Move> moves = new ArrayList<>();
        while (moves.size() < MAX_MOVES) {
          String hot = load.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
          String cold = load.entrySet().stream().min(Map.Entry.comparingByValue()).orElseThrow().getKey();
          double gap = load.get(hot) - load.get(cold);
          RegionLoad pick = regions.stream().filter(r -> r.server().equals(hot) && !r.system() && r.load() < gap)
              .max(java.util.Comparator.comparingDouble(RegionLoad::load)).orElse(null);
          if (pick == null || pick.load() <= 0) {
            break;
          }
          moves.add(new Move(pick.region(), hot, cold, "narrows the gap of " + gap));
          load.merge(hot, -pick.load(), Double::sum);
          load.merge(cold, pick.load(), Double::sum);
          regions.remove(pick);
          regions.add(new RegionLoad(pick.region(), pick.table(), cold, pick.load(), false));
        }
        return moves;
      }
    };
  }

  /** Static overprovisioning: every standby serves from the start, and nothing moves. */
  public static Placement staticOverprovisioned() {
    return new Placement() {
      @Override
      public String name() {
        return "static";
      }

      @Override
      public List<Move> step(Observation o) {
        return List.of();
      }

      @Override
      public boolean allServersFromStart() {
        return true;
      }
    };
  }
}
