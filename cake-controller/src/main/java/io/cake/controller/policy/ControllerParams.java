package io.cake.controller.policy;

import java.time.Duration;

/**
 * The constants of Cake's second level (section 5.3), each with the paper's default.
 *
 * @param lowPerformance below this normalised performance the latency tenant gets more (1.0)
 * @param highPerformance above this it gives some back (1.2)
 * @param maxStepFraction a share step is at most this fraction of the current share (10%)
 * @param reserveAboveShare reserve a slot when share is above this and still too slow (99%)
 * @param releaseBelowShare release a reservation when share is below this and fast enough (1%)
 * @param occupancyCoefficient release an HBase reservation when HDFS occupancy exceeds this times
 *     HBase occupancy (1.5)
 * @param minOccupancy occupancy comparisons (Algorithm 2) act only when the larger occupancy is
 *     at least this; below it both are noise (0.05; the paper has no such floor, and without it
 *     the simulator releases the very handler that keeps the SLO met, misses, and reserves it
 *     again, every other interval)
 * @param idleOccupancy when the SLO holds with slack and the tenant's HBase queue was waiting at
 *     most this fraction of the interval, one reserved handler is released (0.01; beyond the
 *     paper, with back-off when the release makes the SLO miss); a reserved DataNode slot goes
 *     with slack whatever its queue did, when the slots left stay at most half busy
 *     ({@link ReservationPolicy})
 * @param minSamples fewer requests than this in an interval means no latency-driven change: a p99
 *     over a handful of requests is noise (SCADS Director section 2.2)
 * @param interval how often the controller decides (10 s)
 * @param poolCapFactor beyond the paper: when an SLO tenant misses where share cannot help it
 *     (CPU-bound, or its share spent), the tenants without an SLO are held to this fraction of the
 *     handlers they held (or by the miss when that is larger, at most to a quarter), and the limit
 *     grows back while every SLO holds with slack (AIMD on the SLOs themselves, {@link
 *     OthersLimit}; 0.75); 0 turns the limit off
 * @param confidence beyond the paper: the probability that a window of one interval's requests
 *     meets the SLO when the controller's measured latency sits on it; the controller measures the
 *     percentile {@link WindowPercentile} derives from it and the interval's request count instead
 *     of the goal's own (0.985, so that a run of 20 windows misses at most one in 95% of runs; 0.5
 *     is about the paper's behaviour, steering the plain percentile)
 * @param headroom beyond the paper: the tenant keeps at least this many times its recent peak load
 *     (busy slots, by Little's law) in reserved slots plus its share of the shared ones, at HDFS and
 *     at HBase, so a load that grows by that factor is served before the controller reacts (2.0; 0
 *     turns it off)
 * @param lanes beyond the paper (PriorityMeister's priorities, sized from observed load): each
 *     latency SLO tenant gets a priority lane at HBase and at HDFS, ranked by its SLO (tightest
 *     first), as wide as this many times its recent peak load in busy slots ({@link PriorityLanes};
 *     2.0; 0 turns lanes off)
 * @param tailIntervals beyond the paper: the steered percentile ({@code confidence}) is read from
 *     the tenant's latencies of this many intervals, the last one and those before it, pooled
 *     ({@link TailPool}), still for a window of one interval's requests: an estimate of p99.76 from
 *     150 requests is their slowest or an extrapolation from their slowest 15, and moves by a
 *     quarter from interval to interval at a fixed allocation (2; 1: the last interval alone, which
 *     at confidence 0.985 chases one interval's slowest request)
 * @param fillReservedSlots beyond the paper: the HBase reservation is raised to, and never released
 *     below, the handlers it takes to keep the HDFS reservation busy ({@link
 *     ReservationPolicy#handlersToFill}); false: the paper's floor, the
 *     HDFS reservation itself, and only for releases (true)
 */
public record ControllerParams(
    double lowPerformance,
    double highPerformance,
    double maxStepFraction,
    double reserveAboveShare,
    double releaseBelowShare,
    double occupancyCoefficient,
    double minOccupancy,
    double idleOccupancy,
    long minSamples,
    Duration interval,
    double poolCapFactor,
    double confidence,
    double headroom,
    double lanes,
    int tailIntervals,
    boolean fillReservedSlots) {

  public static final double DEFAULT_LOW_PERFORMANCE = 1.0;
  public static final double DEFAULT_HIGH_PERFORMANCE = 1.2;
  public static final double DEFAULT_MAX_STEP_FRACTION = 0.10;
  public static final double DEFAULT_RESERVE_ABOVE_SHARE = 0.99;
  public static final double DEFAULT_RELEASE_BELOW_SHARE = 0.01;
  public static final double DEFAULT_OCCUPANCY_COEFFICIENT = 1.5;
  public static final double DEFAULT_MIN_OCCUPANCY = 0.05;
  public static final double DEFAULT_IDLE_OCCUPANCY = 0.01;
  public static final long DEFAULT_MIN_SAMPLES = 100;
  public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(10);
  public static final double DEFAULT_POOL_CAP_FACTOR = 0.75;
  public static final double DEFAULT_CONFIDENCE = 0.985;
  public static final double DEFAULT_HEADROOM = 2.0;
  public static final double DEFAULT_LANES = 2.0;
  public static final int DEFAULT_TAIL_INTERVALS = 2;
  public static final boolean DEFAULT_FILL_RESERVED_SLOTS = true;
  /** The most intervals pooled: beyond a few, the pool outlives the allocation it measures. */
  public static final int MAX_TAIL_INTERVALS = 6;

  public static final ControllerParams DEFAULTS =
      new ControllerParams(
          DEFAULT_LOW_PERFORMANCE,
          DEFAULT_HIGH_PERFORMANCE,
          DEFAULT_MAX_STEP_FRACTION,
          DEFAULT_RESERVE_ABOVE_SHARE,
          DEFAULT_RELEASE_BELOW_SHARE,
          DEFAULT_OCCUPANCY_COEFFICIENT,
          DEFAULT_MIN_OCCUPANCY,
          DEFAULT_IDLE_OCCUPANCY,
          DEFAULT_MIN_SAMPLES,
          DEFAULT_INTERVAL,
          DEFAULT_POOL_CAP_FACTOR,
          DEFAULT_CONFIDENCE,
          DEFAULT_HEADROOM,
          DEFAULT_LANES,
          DEFAULT_TAIL_INTERVALS,
          DEFAULT_FILL_RESERVED_SLOTS);

  public ControllerParams {
    positive("lowPerformance", lowPerformance);
    if (!(highPerformance >= lowPerformance) || Double.isInfinite(highPerformance)) {
      throw new IllegalArgumentException(
          "highPerformance must be finite and >= lowPerformance (" + lowPerformance + "), got "
              + highPerformance);
    }
    fraction("maxStepFraction", maxStepFraction);
    fraction("reserveAboveShare", reserveAboveShare);
    fraction("releaseBelowShare", releaseBelowShare);
    if (!(releaseBelowShare < reserveAboveShare)) {
      throw new IllegalArgumentException(
          "releaseBelowShare (" + releaseBelowShare + ") must be below reserveAboveShare ("
              + reserveAboveShare + ")");
    }
    if (!(occupancyCoefficient >= 1.0) || Double.isInfinite(occupancyCoefficient)) {
      throw new IllegalArgumentException(
          "occupancyCoefficient must be finite and >= 1, got " + occupancyCoefficient);
    }
    if (!(minOccupancy >= 0.0 && minOccupancy < 1.0)) {
      throw new IllegalArgumentException(
          "minOccupancy must be in [0, 1), got " + minOccupancy);
    }
    if (!(idleOccupancy >= 0.0 && idleOccupancy < 1.0)) {
      throw new IllegalArgumentException("idleOccupancy must be in [0, 1), got " + idleOccupancy);
    }
    if (minSamples < 1) {
      throw new IllegalArgumentException("minSamples must be >= 1, got " + minSamples);
    }
    if (interval == null || interval.isNegative() || interval.isZero()) {
      throw new IllegalArgumentException("interval must be positive, got " + interval);
    }
    if (!(poolCapFactor == 0.0 || (poolCapFactor > 0.0 && poolCapFactor < 1.0))) {
      throw new IllegalArgumentException("poolCapFactor must be 0 (off) or in (0, 1), got " + poolCapFactor);
    }
    if (!(confidence >= 0.5 && confidence < 1.0)) {
      throw new IllegalArgumentException("confidence must be in [0.5, 1), got " + confidence);
    }
    if (!(headroom == 0.0 || (headroom >= 1.0 && headroom <= 10.0))) {
      throw new IllegalArgumentException("headroom must be 0 (off) or in [1, 10], got " + headroom);
    }
    if (!(lanes == 0.0 || (lanes >= 1.0 && lanes <= 10.0))) {
      throw new IllegalArgumentException("lanes must be 0 (off) or in [1, 10], got " + lanes);
    }
    if (tailIntervals < 1 || tailIntervals > MAX_TAIL_INTERVALS) {
      throw new IllegalArgumentException(
          "tailIntervals must be in [1, " + MAX_TAIL_INTERVALS + "], got " + tailIntervals);
    }
  }

  /** The paper's constants plus the defaults of the beyond-paper ones. */
  public ControllerParams(
      double lowPerformance, double highPerformance, double maxStepFraction, double reserveAboveShare,
      double releaseBelowShare, double occupancyCoefficient, double minOccupancy, double idleOccupancy,
      long minSamples, Duration interval) {
    this(lowPerformance, highPerformance, maxStepFraction, reserveAboveShare, releaseBelowShare,
        occupancyCoefficient, minOccupancy, idleOccupancy, minSamples, interval, DEFAULT_POOL_CAP_FACTOR,
        DEFAULT_CONFIDENCE, DEFAULT_HEADROOM, DEFAULT_LANES, DEFAULT_TAIL_INTERVALS,
        DEFAULT_FILL_RESERVED_SLOTS);
  }

  public ControllerParams withPoolCapFactor(double f) {
    return new ControllerParams(
        lowPerformance, highPerformance, maxStepFraction, reserveAboveShare, releaseBelowShare,
        occupancyCoefficient, minOccupancy, idleOccupancy, minSamples, interval, f, confidence, headroom, lanes, tailIntervals, fillReservedSlots);
  }

  public ControllerParams withInterval(Duration d) {
    return new ControllerParams(
        lowPerformance, highPerformance, maxStepFraction, reserveAboveShare, releaseBelowShare,
        occupancyCoefficient, minOccupancy, idleOccupancy, minSamples, d, poolCapFactor, confidence, headroom, lanes, tailIntervals, fillReservedSlots);
  }

  public ControllerParams withMinSamples(long n) {
    return new ControllerParams(
        lowPerformance, highPerformance, maxStepFraction, reserveAboveShare, releaseBelowShare,
        occupancyCoefficient, minOccupancy, idleOccupancy, n, interval, poolCapFactor, confidence, headroom, lanes, tailIntervals, fillReservedSlots);
  }

  public ControllerParams withMinOccupancy(double v) {
    return new ControllerParams(
        lowPerformance, highPerformance, maxStepFraction, reserveAboveShare, releaseBelowShare,
        occupancyCoefficient, v, idleOccupancy, minSamples, interval, poolCapFactor, confidence, headroom, lanes, tailIntervals, fillReservedSlots);
  }

  public ControllerParams withHeadroom(double h) {
    return new ControllerParams(
        lowPerformance, highPerformance, maxStepFraction, reserveAboveShare, releaseBelowShare,
        occupancyCoefficient, minOccupancy, idleOccupancy, minSamples, interval, poolCapFactor, confidence, h, lanes, tailIntervals, fillReservedSlots);
  }

  public ControllerParams withLanes(double l) {
    return new ControllerParams(
        lowPerformance, highPerformance, maxStepFraction, reserveAboveShare, releaseBelowShare,
        occupancyCoefficient, minOccupancy, idleOccupancy, minSamples, interval, poolCapFactor, confidence, headroom, l, tailIntervals, fillReservedSlots);
  }

  private static void positive(String field, double v) {
    if (!(v > 0.0) || Double.isInfinite(v)) {
      throw new IllegalArgumentException(field + " must be positive and finite, got " + v);
    }
  }

  private static void fraction(String field, double v) {
    if (!(v > 0.0 && v < 1.0)) {
      throw new IllegalArgumentException(field + " must be in (0, 1), got " + v);
    }
  }
}
