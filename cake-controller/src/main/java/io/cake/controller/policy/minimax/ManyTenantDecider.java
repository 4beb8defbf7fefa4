package io.cake.controller.policy.minimax;

import io.cake.core.tenant.Goal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One interval of Frosting's controller for many tenants: each tenant with a goal turns its
 * interval's measurement into normalized performance ({@link Goal#normalisedPerformance}), adds
 * (share, performance) to its {@link ModelFit}, and {@link MinimaxShares} picks the next shares
 * from the fitted models. A pure function: the state goes in and comes out, no clock, no threads.
 *
 * <p>A tenant whose interval gave no measurement (too few requests for its percentile, or idle)
 * keeps its model; one that never had a measurement is given the share it has, as if exactly at
 * its target, until it has one.
 */
public final class ManyTenantDecider {
  /** One tenant as the operator declared it; {@code goal} null: none (batch, best effort). */
  public record TenantGoal(String tenant, double weight, Goal goal) {
    public TenantGoal {
      Objects.requireNonNull(tenant, "tenant");
      if (!(weight > 0) || !Double.isFinite(weight)) {
        throw new IllegalArgumentException("the weight of tenant '" + tenant + "' must be a positive finite number, got " + weight);
      }
    }
  }

  /**
   * The shares in force (fractions of the whole), each tenant's fit, how many decisions in a row so
   * far found the goals overloaded, and each goal's step under that overload ({@link StepDamping}).
   */
  public record State(
      Map<String, Double> shares, Map<String, ModelFit> fits, int overloadedRun, StepDamping.Steps steps) {
    public State {
      shares = Collections.unmodifiableMap(new TreeMap<>(shares));
      fits = Collections.unmodifiableMap(new TreeMap<>(fits));
      Objects.requireNonNull(steps, "steps");
      if (overloadedRun < 0) {
        throw new IllegalArgumentException("overloadedRun must be >= 0, got " + overloadedRun);
      }
    }

    public State(Map<String, Double> shares, Map<String, ModelFit> fits) {
      this(shares, fits, 0, StepDamping.Steps.NONE);
    }
  }

  /**
   * Overloaded this many decisions in a row before this one, the overload lasts: each goal's step
   * is damped where its share turns ({@link StepDamping}). Not from the first: in it the tenants
   * without a goal are cut to their least share and every goal rises at once.
   */
  public static final int SUSTAINED_OVERLOAD = 1;

  /**
   * The smallest a damped step gets, as a fraction of the step: 0.02 at Frosting's 0.1. Under an
   * overload that lasts the heavy tenant's share does not settle: it swings about the share its
   * load needs, starved while its backlog grows, then served well while it drains, and must climb
   * about 0.2 past where the backlog starts before it drains. The least step sets how long that
   * climb takes: much smaller and one climb fills most of a run, so its mean badness hangs on
   * where one or two swings fall. No fixed share does better per window (the heavy tenant at its
   * load's share is a queue at a utilisation near 1), so the swing is kept short rather than
   * removed (docs/decisions/0018-step-damping.md).
   */
  public static final double LEAST_STEP = 0.2;

  /** The next state, what the allocator said, and each goal's measured performance (NaN: none). */
  public record Decision(State state, MinimaxShares.Result result, Map<String, Double> performance) {}

  private final MinimaxShares allocator;
  private final MinimaxShares.Params params;
  private final StepDamping damping;
  private final ModelFit emptyFit;

  public ManyTenantDecider(MinimaxShares.Params params, int fitWindow) {
    this.params = Objects.requireNonNull(params);
    this.allocator = new MinimaxShares(params);
    this.damping = new StepDamping(params.step(), params.damping(), LEAST_STEP * params.step());
    this.emptyFit = new ModelFit(fitWindow);
  }

  /** Equal shares for {@code tenants}, no models yet. */
  public State initial(List<TenantGoal> tenants) {
    Map<String, Double> shares = new LinkedHashMap<>();
    tenants.forEach(t -> shares.put(t.tenant(), 1.0 / tenants.size()));
    return new State(shares, Map.of());
  }

  /**
   * @param measured per tenant with a goal, the interval's measurement in its goal's unit
   *     (latency in ms at its percentile, or operations per second); NaN or absent: none
   */
  public Decision decide(State state, List<TenantGoal> tenants, Map<String, Double> measured) {
    return decide(state, tenants, measured, Map.of());
  }

  /**
   * @param floors per tenant with a goal, the least share it is to keep while every floor fits
   *     ({@link MinimaxShares.Tenant#floor}); absent: none
   */
  public Decision decide(
      State state, List<TenantGoal> tenants, Map<String, Double> measured, Map<String, Double> floors) {
    Map<String, ModelFit> fits = new TreeMap<>(state.fits());
    Map<String, Double> performance = new LinkedHashMap<>();
    List<MinimaxShares.Tenant> in = new ArrayList<>();
    for (TenantGoal t : tenants) {
      double share = Math.max(params.minShare(), state.shares().getOrDefault(t.tenant(), params.minShare()));
      PerformanceModel model = null;
      if (t.goal() != null) {
        double m = measured.getOrDefault(t.tenant(), Double.NaN);
        double p = Double.isNaN(m) ? Double.NaN : t.goal().normalisedPerformance(m);
        performance.put(t.tenant(), p);
        ModelFit fit = fits.getOrDefault(t.tenant(), emptyFit);
        if (Double.isFinite(p)) {
          fit = fit.with(Math.min(1.0, share), p);
          fits.put(t.tenant(), fit);
        }
        model = fit.model();
        if (model == null) {
          // Nothing measured yet: exactly at its target with the share it has.
          model = new PerformanceModel(0, params.target() / share);
        }
      }
      double floor = t.goal() == null ? 0 : Math.min(1.0, floors.getOrDefault(t.tenant(), 0.0));
      in.add(new MinimaxShares.Tenant(t.tenant(), t.weight(), model, Math.min(1.0, share), floor));
    }
    // The damped steps only: a goal absent from them moves at the allocator's step, sigma.
    MinimaxShares.Result r = allocator.allocate(in, state.steps().step());
    boolean lasting = r.overloaded() && state.overloadedRun() >= SUSTAINED_OVERLOAD;
    Map<String, Double> before = new TreeMap<>();
    in.stream().filter(MinimaxShares.Tenant::hasGoal).forEach(t -> before.put(t.name(), t.share()));
    StepDamping.Steps next = damping.next(state.steps(), lasting, before, r.shares());
    return new Decision(
        new State(r.shares(), fits, r.overloaded() ? state.overloadedRun() + 1 : 0, next), r, performance);
  }
}
