package io.cake.controller.policy;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Settles the SLO tenants' shares when their steps ask for more than there is (Frosting section
 * 2.3, after Merchant et al.): each tenant has a weight w and a performance model p(a), the share
 * step's own (performance in proportion to share, through this interval's point); its weighted
 * badness at share a is w (1 - p(a)). The shares minimise the largest weighted badness: no tenant
 * gets more than its step asked for, each keeps its load floor while the floors fit (beyond that
 * the floors are scaled to half of what there is, so none is starved outright and the weights
 * decide the rest), and together they leave the tenants without an SLO their least share.
 *
 * <p>No LP solver: the share that gives a tenant badness t is a(t) = s (1 - t / w) / perf, which
 * falls as t grows; clamped to its bounds it still falls, so the clamped sum is monotone and one
 * level t makes it what there is, found by bisection. Every tenant not held by a bound then has
 * the same weighted badness, and the largest cannot be lower: lowering it needs more share for
 * someone. With one SLO tenant the step never asks for more than there is, so this is Algorithm
 * 1's step unchanged. Pure.
 */
public final class Arbitration {
  private static final int BISECTION_STEPS = 100;

  private Arbitration() {}

  /**
   * One tenant.
   *
   * @param share its share before this interval
   * @param wanted what its step and floor ask for
   * @param performance its performance at {@code share} (NaN: taken as exactly its SLO)
   */
  public record Claim(String tenant, double weight, double share, double wanted, double floor, double performance) {
    double perf() {
      return Double.isNaN(performance) || performance <= 0 ? 1.0 : performance;
    }

    double at(double level) {
      return share * (1 - level / weight) / perf();
    }
  }

  /**
   * @param shares per tenant, summing to at most {@code 1 - MIN_SHARE}
   * @param overloaded whether the steps asked for more than there was
   * @param feasible whether every tenant's model meets its SLO at its share
   */
  public record Result(Map<String, Double> shares, boolean overloaded, boolean feasible) {}

  public static Result settle(List<Claim> claims) {
    double there = 1 - TenantState.MIN_SHARE;
    double asked = claims.stream().mapToDouble(Claim::wanted).sum();
    Map<String, Double> out = new LinkedHashMap<>();
    if (asked <= there) {
      claims.forEach(c -> out.put(c.tenant(), c.wanted()));
      return new Result(out, false, true);
    }
    double floors = claims.stream().mapToDouble(Claim::floor).sum();
    double scale = floors <= there ? 1.0 : 0.5 * there / floors;
    int n = claims.size();
    double[] lo = new double[n];
    double[] hi = new double[n];
    double low = 0;
    double high = 0;
    for (int i = 0; i < n; i++) {
      Claim c = claims.get(i);
      lo[i] = Math.max(TenantState.MIN_SHARE, Math.min(c.wanted(), scale * c.floor()));
      hi[i] = Math.max(lo[i], c.wanted());
      high = Math.max(high, c.weight());
    }
    low = -1;
    while (sum(claims, lo, hi, low) < there && low > -1e12) {
      low *= 2;
    }
    for (int k = 0; k < BISECTION_STEPS; k++) {
      double mid = (low + high) / 2;
      if (sum(claims, lo, hi, mid) > there) {
        low = mid;
      } else {
        high = mid;
      }
    }
    boolean feasible = true;
    for (int i = 0; i < n; i++) {
      Claim c = claims.get(i);
      double a = clamp(c.at(high), lo[i], hi[i]);
      out.put(c.tenant(), a);
      feasible &= c.perf() * a / c.share() >= 1;
    }
    return new Result(out, true, feasible);
  }

  private static double sum(List<Claim> claims, double[] lo, double[] hi, double level) {
    double s = 0;
    for (int i = 0; i < claims.size(); i++) {
      s += clamp(claims.get(i).at(level), lo[i], hi[i]);
    }
    return s;
  }

  private static double clamp(double v, double lo, double hi) {
    return Math.max(lo, Math.min(hi, v));
  }
}
