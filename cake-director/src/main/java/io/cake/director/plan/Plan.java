package io.cake.director.plan;

import java.util.List;

/**
 * One interval's actions.
 *
 * @param moves at most the planner's bound, hottest relief first
 * @param moreServers why the cluster needs another RegionServer; empty when it does not
 */
public record Plan(List<Move> moves, String moreServers) {
  public Plan {
    moves = List.copyOf(moves);
  }

  public static final Plan NOTHING = new Plan(List.of(), "");
}
