package io.cake.sim.placement;

import io.cake.director.loop.Observation;
import io.cake.director.plan.Move;
import java.util.List;

/** What moves regions in a simulated cluster: the director, or a baseline to compare it with. */
public interface Placement {
  /** The name the results carry. */
  String name();

  /** This interval's moves. */
  List<Move> step(Observation o);

  /** Whether it asked for another server this interval; the baselines never do. */
  default boolean wantsServer() {
    return false;
  }

  /** The server it drained this interval, to be stopped; empty for none. The baselines never drain. */
  default String drained() {
    return "";
  }

  /** Whether every standby serves from the start (static overprovisioning). */
  default boolean allServersFromStart() {
    return false;
  }
}
