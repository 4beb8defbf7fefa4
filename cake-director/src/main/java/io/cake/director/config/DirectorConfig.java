package io.cake.director.config;

import io.cake.core.config.ConfigBoolean;
import io.cake.core.config.ConfigNumbers;
import io.cake.core.config.SiteKeys;
import java.time.Duration;

/**
 * The director's keys (hbase-site.xml of the HMaster), read by its coprocessor at start and by
 * {@code cake config check}. Each value a key refuses throws an error naming the key; the HMaster
 * then runs without a director.
 *
 * <p>Some things shape its behaviour and are not keys, each with its reason beside it: the
 * smoothing factors, the cool-down, how long the cluster must have room before a server is
 * drained, and that the interval after a move teaches nothing (docs/design/director.md).
 *
 * @param serverCommand run as {@code <command> add <reason>} when no placement fits; empty: the
 *     director only logs that the cluster needs another RegionServer
 */
public record DirectorConfig(boolean enabled, Duration interval, int maxMoves, double overprovision,
    String serverCommand, double balancerCost) {
  /** HBase's own key, which loads the director into the HMaster. */
  public static final String COPROCESSOR_KEY = "hbase.coprocessor.master.classes";

  public static final String ENABLED_KEY = "cake.director.enabled";
  public static final boolean DEFAULT_ENABLED = false;

  public static final String INTERVAL_MS_KEY = "cake.director.interval-ms";
  public static final long DEFAULT_INTERVAL_MS = 30_000;

  public static final String MAX_MOVES_KEY = "cake.director.max-moves";
  public static final int DEFAULT_MAX_MOVES = 2;

  public static final String OVERPROVISION_KEY = "cake.director.overprovision";
  public static final double DEFAULT_OVERPROVISION = 1.1;

  public static final String SERVER_COMMAND_KEY = "cake.director.server-command";
  public static final String DEFAULT_SERVER_COMMAND = "";

  /**
   * The weight of the director's cost among the StochasticLoadBalancer's (its region count skew
   * weighs 500): above the gain any one move brings the others, so the balancer does not undo a
   * move of the director's for a more even region count ({@code CakeDirectorCostFunction}).
   */
  /** HBase's own key, which adds the director's cost to the StochasticLoadBalancer's. */
  public static final String BALANCER_FUNCTIONS_KEY = "hbase.master.balancer.stochastic.additionalCostFunctions";

  public static final String BALANCER_COST_KEY = "cake.director.balancer-cost";
  public static final double DEFAULT_BALANCER_COST = 1000;

  /**
   * Rises are taken at 0.7 of the gap an interval, falls at 0.2: a server that heats up is seen
   * within an interval, one that cools for an interval is not handed load it cannot keep.
   */
  public static final double SMOOTHING_UP = 0.7;
  public static final double SMOOTHING_DOWN = 0.2;

  /** A moved region stays where it went this many intervals, so no region is moved back and forth. */
  public static final int COOL_DOWN_INTERVALS = 5;

  /**
   * Intervals in a row with room for one server's load on the others, every SLO met, before that
   * server is drained (10 minutes at the default interval): after 10, a server taken for a peak
   * was drained in the next lull and taken again, for more misses and moves than the server time
   * it saved (docs/decisions/0034-drain-after-twenty-intervals.md).
   */
  public static final int DRAIN_AFTER_INTERVALS = 20;

  /** Below this, one interval holds too few calls per RegionServer to split by region. */
  private static final long MIN_INTERVAL_MS = 1_000;

  public DirectorConfig {
    if (maxMoves < 0) {
      throw new IllegalArgumentException(MAX_MOVES_KEY + " must be >= 0, got " + maxMoves);
    }
    if (!(overprovision >= 1) || Double.isInfinite(overprovision)) {
      throw new IllegalArgumentException(OVERPROVISION_KEY + " must be a finite number >= 1, got " + overprovision);
    }
    serverCommand = serverCommand.trim();
    if (!(balancerCost >= 0) || Double.isInfinite(balancerCost)) {
      throw new IllegalArgumentException(BALANCER_COST_KEY + " must be a finite number >= 0, got " + balancerCost);
    }
  }

  public static DirectorConfig of(SiteKeys site) {
    boolean enabled = ConfigBoolean.parse(ENABLED_KEY, site.get(ENABLED_KEY), DEFAULT_ENABLED);
    long intervalMs = ConfigNumbers.longAtLeast(INTERVAL_MS_KEY,
        site.get(INTERVAL_MS_KEY, String.valueOf(DEFAULT_INTERVAL_MS)), MIN_INTERVAL_MS);
    int maxMoves = ConfigNumbers.intAtLeast(MAX_MOVES_KEY, site.get(MAX_MOVES_KEY, String.valueOf(DEFAULT_MAX_MOVES)), 0);
    double overprovision = ConfigNumbers.parseDouble(OVERPROVISION_KEY,
        site.get(OVERPROVISION_KEY, String.valueOf(DEFAULT_OVERPROVISION)).trim());
    double balancerCost = ConfigNumbers.parseDouble(BALANCER_COST_KEY,
        site.get(BALANCER_COST_KEY, String.valueOf(DEFAULT_BALANCER_COST)).trim());
    return new DirectorConfig(enabled, Duration.ofMillis(intervalMs), maxMoves, overprovision,
        site.get(SERVER_COMMAND_KEY, DEFAULT_SERVER_COMMAND), balancerCost);
  }
}
