package io.cake.controller.policy.minimax;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Frosting's share allocation for many tenants (Frosting section 2.3, after Merchant et al.):
 * each tenant with a goal has a weight w and a {@link PerformanceModel} p(a); its weighted
 * badness at share a is w (1 - p(a)). The shares minimise the largest weighted badness, each
 * moves at most {@code step} from the last interval's (under an overload, at most the step the
 * caller gives it), and they sum to 1.
 *
 * <p>No LP solver: with linear models the problem has a closed form up to one number. The share
 * that gives a tenant badness t is a(t) = shareFor(1 - t / w), which falls as t grows; clamped to
 * the step bounds it still falls, so the clamped sum S(t) is monotone and S(t) = 1 has one
 * solution level t, found by bisection. At that level every tenant not held by its step bound has
 * the same weighted badness, which is also the Frosting LP's answer (it minimises the spread of
 * badness), and the largest badness cannot be lower: lowering it needs more share for someone.
 *
 * <p>Cake's rule on top: a tenant without a goal (batch, best effort) takes what the goals leave.
 * When every tenant can reach {@code target} performance (1 is exactly its SLO; above 1 leaves a
 * margin), each gets just that share and the rest goes to the tenants without a goal; only when
 * they cannot (overload) do the tenants with goals share everything by weighted badness, and the
 * others keep {@code minShare} each. A throughput floor for batch is a goal like any other.
 *
 * <p>A pure function of its inputs: no clock, no state.
 */
public final class MinimaxShares {
  private static final int BISECTION_STEPS = 200;

  /**
   * One tenant. {@code model} null: no goal, it takes what is left.
   *
   * @param share its share in the last interval, as a fraction of the whole
   * @param floor the least share it is given while every goal's floor fits (0: none): a share
   *     below the tenant's own load leaves its queue unstable, which a linear model cannot see
   */
  public record Tenant(String name, double weight, PerformanceModel model, double share, double floor) {
    public Tenant {
      Objects.requireNonNull(name, "name");
      if (!(weight > 0) || !Double.isFinite(weight)) {
        throw new IllegalArgumentException("the weight of tenant '" + name + "' must be a positive finite number, got " + weight);
      }
      if (!(share >= 0 && share <= 1)) {
        throw new IllegalArgumentException("the share of tenant '" + name + "' must be in [0, 1], got " + share);
      }
      if (!(floor >= 0 && floor <= 1)) {
        throw new IllegalArgumentException("the floor of tenant '" + name + "' must be in [0, 1], got " + floor);
      }
    }

    public Tenant(String name, double weight, PerformanceModel model, double share) {
      this(name, weight, model, share, 0);
    }

    boolean hasGoal() {
      return model != null;
    }
  }

  /**
   * @param step Frosting's sigma: the most a share moves in one interval
   * @param target the performance a tenant with a goal is given share for while there is enough
   * @param minShare the least share any tenant keeps (so none starves and every model keeps data)
   * @param damping under an overload that lasts, what a tenant's step is multiplied by each time its
   *     share turns ({@link StepDamping}, applied by the caller through {@link #allocate(List, Map)});
   *     1 is Frosting's fixed step
   */
  public record Params(double step, double target, double minShare, double damping) {
    public Params {
      if (!(step > 0 && step <= 1)) {
        throw new IllegalArgumentException("step must be in (0, 1], got " + step);
      }
      if (!(damping > 0 && damping <= 1)) {
        throw new IllegalArgumentException("damping must be in (0, 1], got " + damping);
      }
      if (!(target >= 1) || !Double.isFinite(target)) {
        throw new IllegalArgumentException("target must be a finite performance >= 1, got " + target);
      }
      if (!(minShare > 0 && minShare < 1)) {
        throw new IllegalArgumentException("minShare must be in (0, 1), got " + minShare);
      }
    }

    /** Frosting's fixed step: no damping. */
    public Params(double step, double target, double minShare) {
      this(step, target, minShare, 1.0);
    }
  }

  /**
   * The allocation.
   *
   * @param shares per tenant, summing to 1
   * @param predicted per tenant with a goal, its model's performance at its new share
   * @param overloaded whether the goals could not all reach the target performance
   * @param feasible whether every goal's predicted performance is at least 1 (its SLO)
   * @param atFloor the goals whose share is their floor (scaled under overload): the models or the
   *     step would have given them less; the decision line marks them, for reading a run's log
   */
  public record Result(
      Map<String, Double> shares, Map<String, Double> predicted, boolean overloaded, boolean feasible, Set<String> atFloor) {
    public Result {
      atFloor = Set.copyOf(atFloor);
    }

    /** Weighted badness w (1 - p) of each tenant with a goal, from the models. */
    public Map<String, Double> badness(List<Tenant> tenants) {
      Map<String, Double> out = new LinkedHashMap<>();
      for (Tenant t : tenants) {
        if (t.hasGoal()) {
          out.put(t.name(), t.weight() * (1 - predicted.get(t.name())));
        }
      }
      return out;
    }

    /** The tenants with goals, most important (heaviest) first: who is served first when not all can be. */
    public static List<String> byWeight(List<Tenant> tenants) {
      List<Tenant> goals = new ArrayList<>(tenants.stream().filter(Tenant::hasGoal).toList());
      goals.sort((a, b) -> Double.compare(b.weight(), a.weight()));
      return goals.stream().map(Tenant::name).toList();
    }
  }

  private final Params params;

  public MinimaxShares(Params params) {
    this.params = Objects.requireNonNull(params);
  }

  /** The allocation, every share moving at most {@code step} either way. */
  public Result allocate(List<Tenant> tenants) {
    return allocate(tenants, Map.of());
  }

  /**
   * The allocation; if the goals are overloaded, tenant t's share moves at most {@code
   * steps.get(t)} either way (absent: {@code step}; the caller's {@link StepDamping} says how far).
   */
  public Result allocate(List<Tenant> tenants, Map<String, Double> steps) {
    if (tenants.isEmpty()) {
      throw new IllegalArgumentException("no tenants to allocate to");
    }
    if (tenants.size() * params.minShare() > 1) {
      throw new IllegalArgumentException(tenants.size() + " tenants cannot each keep a share of " + params.minShare());
    }
    List<Tenant> goals = tenants.stream().filter(Tenant::hasGoal).toList();
    List<Tenant> others = tenants.stream().filter(t -> !t.hasGoal()).toList();
    double forGoals = 1 - others.size() * params.minShare();
    // Floors hold in full while they all fit. Beyond that (overload) someone's queue grows
    // whatever the allocation: they are scaled to half of what there is, so no tenant is starved
    // outright, and the weights decide the rest.
    double floorSum = goals.stream().mapToDouble(Tenant::floor).sum();
    double floorScale = floorSum <= forGoals ? 1.0 : 0.5 * forGoals / floorSum;
    double[] lo = new double[goals.size()];
    double[] hi = new double[goals.size()];
    bounds(goals, Map.of(), floorScale, forGoals, lo, hi);

    double[] a = new double[goals.size()];
    boolean overloaded = false;
    double given = 0;
    for (int i = 0; i < goals.size(); i++) {
      a[i] = clamp(goals.get(i).model().shareFor(params.target()), lo[i], hi[i]);
      given += a[i];
    }
    if (given > forGoals || (others.isEmpty() && !goals.isEmpty())) {
      // Not enough for every target (or nobody to hand the rest to): share by weighted badness.
      overloaded = given > forGoals;
      if (overloaded && !steps.isEmpty()) {
        bounds(goals, steps, floorScale, forGoals, lo, hi);
      }
      double level = level(goals, lo, hi, forGoals);
      given = 0;
      for (int i = 0; i < goals.size(); i++) {
        a[i] = clamp(shareAt(goals.get(i), level), lo[i], hi[i]);
        given += a[i];
      }
    }

    Map<String, Double> shares = new LinkedHashMap<>();
    Map<String, Double> predicted = new LinkedHashMap<>();
    Set<String> atFloor = new TreeSet<>();
    boolean feasible = true;
    for (int i = 0; i < goals.size(); i++) {
      shares.put(goals.get(i).name(), a[i]);
      double floor = floorScale * goals.get(i).floor();
      if (floor > 0 && a[i] <= floor) { // a share is never below its lower bound, so here it is the floor
        atFloor.add(goals.get(i).name());
      }
      double p = goals.get(i).model().performance(a[i]);
      predicted.put(goals.get(i).name(), p);
      feasible &= p >= 1;
    }
    // The rest to the tenants without a goal, in proportion to what they had.
    double rest = Math.max(0, 1 - given);
    double had = others.stream().mapToDouble(Tenant::share).sum();
    for (Tenant o : others) {
      double part = had > 0 ? o.share() / had : 1.0 / others.size();
      shares.put(o.name(), Math.max(params.minShare(), rest * part));
    }
    normalize(shares);
    return new Result(Collections.unmodifiableMap(shares), Collections.unmodifiableMap(predicted), overloaded, feasible, atFloor);
  }

  /** Each tenant's bounds: at most its step (absent from {@code steps}: {@code step}) either way, its floor at once. */
  private void bounds(
      List<Tenant> goals, Map<String, Double> steps, double floorScale, double forGoals, double[] lo, double[] hi) {
    for (int i = 0; i < goals.size(); i++) {
      double step = steps.getOrDefault(goals.get(i).name(), params.step());
      lo[i] = Math.max(params.minShare(), goals.get(i).share() - step);
      lo[i] = Math.max(lo[i], floorScale * goals.get(i).floor()); // at once, not a step at a time
      hi[i] = Math.max(lo[i], Math.min(forGoals, goals.get(i).share() + step));
    }
  }

  /** The weighted-badness level t at which the clamped shares sum to {@code total}. */
  private static double level(List<Tenant> goals, double[] lo, double[] hi, double total) {
    // S(t) falls as t grows: find bounds where S(low) >= total >= S(high), then bisect.
    double low = -1;
    double high = 1;
    for (int k = 0; k < 60 && sum(goals, lo, hi, low) < total; k++) {
      low *= 2;
    }
    for (int k = 0; k < 60 && sum(goals, lo, hi, high) > total; k++) {
      high *= 2;
    }
    for (int k = 0; k < BISECTION_STEPS; k++) {
      double mid = (low + high) / 2;
      if (sum(goals, lo, hi, mid) > total) {
        low = mid;
      } else {
        high = mid;
      }
    }
    return (low + high) / 2;
  }

  private static double sum(List<Tenant> goals, double[] lo, double[] hi, double level) {
    double s = 0;
    for (int i = 0; i < goals.size(); i++) {
      s += clamp(shareAt(goals.get(i), level), lo[i], hi[i]);
    }
    return s;
  }

  /** The share at which tenant {@code t}'s weighted badness is {@code level}. */
  private static double shareAt(Tenant t, double level) {
    return t.model().shareFor(1 - level / t.weight());
  }

  private static double clamp(double v, double lo, double hi) {
    return Math.max(lo, Math.min(hi, v));
  }

  /** Shares are weights: held by step bounds they may not sum to exactly 1, so they are scaled to. */
  private static void normalize(Map<String, Double> shares) {
    double sum = shares.values().stream().mapToDouble(Double::doubleValue).sum();
    shares.replaceAll((t, s) -> s / sum);
  }
}
