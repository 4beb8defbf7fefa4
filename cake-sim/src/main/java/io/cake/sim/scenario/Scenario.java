package io.cake.sim.scenario;

import java.util.List;

/**
 * A named, seeded situation the controller must handle: a regime, its SLO tenants beside closed-loop
 * batch, how long it runs, and what changes while it runs. Every interval is {@link #INTERVAL_S}
 * seconds, the bench's window and controller interval; a tenant is judged from {@link #CONVERGE}
 * intervals after it starts or its SLO changes.
 *
 * @param batchThreads closed-loop scanners (0: none)
 * @param changes SLOs changed while it runs
 * @param judge what "met" means
 */
public record Scenario(
    String name, String summary, Regime regime, List<FrontEnd> frontEnds, int batchThreads, int intervals,
    List<SloChange> changes, Judge judge) {

  public static final int INTERVAL_S = 5;
  /** Intervals a tenant is given to converge, after it starts or its SLO changes, before it is judged. */
  public static final int CONVERGE = 8;

  public Scenario {
    frontEnds = List.copyOf(frontEnds);
    changes = List.copyOf(changes);
  }

  /** An operator setting {@code tenant}'s SLO to {@code factor} times its isolated percentile from {@code atInterval}. */
  public record SloChange(String tenant, int atInterval, double factor) {}

  /** What a scenario is met by. */
  public enum Judge {
    /** Every tenant within its SLO over the judged windows as one and in at least 95% of them. */
    SLO,
    /** Overload: weighted badness w (1 - SLO / latency) within 20% across tenants (Frosting). */
    WEIGHTED_SPREAD
  }

  /** The interval {@code f} starts from: when it joins, or when its SLO last changed. */
  public int startOf(FrontEnd f) {
    int start = f.joinsAt();
    for (SloChange c : changes) {
      if (c.tenant().equals(f.tenant())) {
        start = Math.max(start, c.atInterval());
      }
    }
    return start;
  }

  /** The first interval {@code f} is judged in. */
  public int judgedFrom(FrontEnd f) {
    return Math.min(intervals - 1, startOf(f) + CONVERGE);
  }

  /** {@code f}'s SLO factor in force in {@code interval}. */
  public double factorAt(FrontEnd f, int interval) {
    double factor = f.sloFactor();
    int since = -1;
    for (SloChange c : changes) {
      if (c.tenant().equals(f.tenant()) && c.atInterval() <= interval && c.atInterval() > since) {
        factor = c.factor();
        since = c.atInterval();
      }
    }
    return factor;
  }
}
