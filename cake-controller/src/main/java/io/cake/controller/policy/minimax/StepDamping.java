package io.cake.controller.policy.minimax;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Beyond Frosting: under an overload that lasts, each tenant's step shrinks by {@code factor} each
 * time its share turns (rose in one decision, falls in the next, or the other way), down to
 * {@code least}; with room again every step is Frosting's sigma once more. The step-size rule of
 * Rprop (Riedmiller and Braun, 1993) without its growth: a sign change says the last step
 * overshot.
 *
 * <p>Why: under overload the floors (the tenants' loads) no longer hold in full, and a tenant's
 * latency answers a cut with the lag of its backlog, which the linear models cannot see. With a
 * fixed step the heaviest tenant's share swings: it climbs while its backlog drains, is handed back
 * a full step an interval once it meets its SLO, lands below its load, and its backlog comes back
 * (docs/decisions/0018-step-damping.md). Halving on each turn lets the first approach from equal shares go
 * at the full step and each swing after it go at half the last.
 *
 * <p>The first overloaded decision's moves are not counted: in it the tenants without a goal are cut
 * to their least share and every goal rises at once, which is no turn of the goals among
 * themselves.
 *
 * <p>A pure function: the steps go in and come out.
 */
public final class StepDamping {
  /** Moves smaller than this are no move: the shares are normalised, which moves them slightly. */
  static final double NO_MOVE = 1e-4;

  /** Per tenant, its step where damped below sigma (absent: sigma) and its last move (absent: none yet). */
  public record Steps(Map<String, Double> step, Map<String, Double> lastMove) {
    public static final Steps NONE = new Steps(Map.of(), Map.of());

    public Steps {
      step = Collections.unmodifiableMap(new TreeMap<>(step));
      lastMove = Collections.unmodifiableMap(new TreeMap<>(lastMove));
    }
  }

  private final double sigma;
  private final double factor;
  private final double least;

  /**
   * @param sigma Frosting's step, where every tenant starts
   * @param factor what a step is multiplied by on each turn, in (0, 1]; 1 is Frosting's fixed step
   * @param least the smallest a step gets, in (0, sigma]
   */
  public StepDamping(double sigma, double factor, double least) {
    if (!(factor > 0 && factor <= 1)) {
      throw new IllegalArgumentException("damping must be in (0, 1], got " + factor);
    }
    if (!(least > 0 && least <= sigma)) {
      throw new IllegalArgumentException("the least step must be in (0, " + sigma + "], got " + least);
    }
    this.sigma = sigma;
    this.factor = factor;
    this.least = least;
  }

  /**
   * The steps after one decision.
   *
   * @param lasting whether the goals were overloaded in this decision and the one before it
   * @param before each goal's share before the decision
   * @param after each goal's share after it (other parties' shares ignored)
   */
  public Steps next(Steps steps, boolean lasting, Map<String, Double> before, Map<String, Double> after) {
    if (!lasting) {
      return Steps.NONE;
    }
    Map<String, Double> step = new TreeMap<>();
    Map<String, Double> moves = new TreeMap<>();
    for (Map.Entry<String, Double> e : before.entrySet()) {
      String t = e.getKey();
      double move = Objects.requireNonNull(after.get(t), t) - e.getValue();
      double last = steps.lastMove().getOrDefault(t, 0.0);
      double s = stepOf(steps, t);
      boolean moved = Math.abs(move) > NO_MOVE;
      if (moved && Math.abs(last) > NO_MOVE && Math.signum(move) != Math.signum(last)) {
        s = Math.max(least, s * factor);
      }
      if (s < sigma) {
        step.put(t, s);
      }
      moves.put(t, moved ? move : last);
    }
    return new Steps(step, moves);
  }

  /** Tenant {@code t}'s step: sigma until it has turned. */
  public double stepOf(Steps steps, String t) {
    return steps.step().getOrDefault(t, sigma);
  }
}
