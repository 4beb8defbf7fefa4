package io.cake.director.plan;

import java.util.List;

/**
 * One interval's actions.
 *
 * @param moves at most the planner's bound, hottest relief first
 * @param moreServers why the cluster needs another RegionServer; empty when it does not
 * @param drained a server emptied by draining, which can be stopped; empty when none
 */
public record Plan(List<Move> moves, String moreServers, String drained) {
  public Plan {
    moves = List.copyOf(moves);
  }

  public Plan(List<Move> moves, String moreServers) {
    this(moves, moreServers, "");
  }

  public static final Plan NOTHING = new Plan(List.of(), "");
}
