package io.cake.controller.policy.minimax;

import io.cake.controller.loop.HBaseInterval;
import io.cake.controller.loop.ResourceLoad;
import io.cake.controller.policy.AllocationMapper;
import io.cake.controller.policy.ControlState;
import io.cake.controller.policy.ControllerParams;
import io.cake.controller.policy.Measurement;
import io.cake.controller.policy.Observation;
import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.sched.Allocation;
import io.cake.core.tenant.LatencyGoal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The second level for several SLO tenants, one interval: from what the first-level schedulers
 * measured to the allocations they are to run. Each tenant with a goal is measured at its own
 * percentile from the HBase scheduler's interval (receive to response, HDFS waits included; a
 * goal on one operation on that operation's calls), {@link ManyTenantDecider} picks the shares,
 * and every tenant without a goal (batch, untagged, best effort) is one party to the decision,
 * {@link #OTHERS}, whose share they split by their configured weights. The same shares go to
 * both levels. Each SLO tenant is given HBase handlers where shares cannot help it ({@link
 * TenantReservations}); every other reservation stays as configured (all of them, with {@link
 * ManyTenantParams#reservations} off). The tenants without a goal are also held to a number of
 * handlers in service at once ({@link OthersCap}).
 *
 * <p>Measured at the goal's own percentile, not steered by confidence as the one-tenant decider
 * is: the allocator's target performance (1.5 by default) is the margin here. An interval with
 * fewer than {@code minSamples} requests of a latency tenant gives that tenant no measurement, so
 * its model keeps what it had, unless so many of them were over its SLO that the miss is clear
 * ({@link Observation#clearMiss}, at the one-tenant rules' confidence).
 *
 * <p>Pure: no clock, no threads, the state in and out.
 */
public final class ManyTenantPolicy {
  /** The tenants without a goal, as one party to the decision; not a valid tenant name, so no clash. */
  public static final String OTHERS = "(others)";

  /**
   * The shares and models ({@code fitted}), the others' handlers in service (0: no cap), each
   * SLO tenant's recent peak load (fraction of the slots, backlog-corrected; see {@link
   * ManyTenantParams#peaks}), and each SLO tenant's reservations ({@link TenantReservations}; empty
   * while they are off, when the configured reservations stay).
   */
  public record State(ManyTenantDecider.State fitted, int othersCap, Map<String, Double> peaks,
      Map<String, TenantReservations.Held> reserved) {
    public State {
      peaks = Map.copyOf(peaks);
      reserved = Map.copyOf(reserved);
    }

    public State(ManyTenantDecider.State fitted, int othersCap, Map<String, Double> peaks) {
      this(fitted, othersCap, peaks, Map.of());
    }

    public State(ManyTenantDecider.State fitted, int othersCap) {
      this(fitted, othersCap, Map.of());
    }

    /** Each party's share, as a fraction of the whole. */
    public Map<String, Double> shares() {
      return fitted.shares();
    }
  }

  /**
   * One interval's outcome.
   *
   * @param state the next state
   * @param measured per goal tenant, its goal's metric (ms at its percentile, ops/s or MB/s); NaN: none
   * @param hbase the allocation for the RegionServer's scheduler
   * @param hdfs the allocation for the DataNode's
   * @param measurements per goal tenant, {@code measured} with its goal and percentile
   */
  public record Plan(
      State state, ManyTenantDecider.Decision decision, Map<String, Double> measured, Allocation hbase, Allocation hdfs,
      List<String> reservationReasons, Map<String, Measurement> measurements) {
    public Plan {
      reservationReasons = List.copyOf(reservationReasons);
      measurements = Map.copyOf(measurements);
    }

    /** Whether the models say every goal is met at the new shares. */
    public boolean feasible() {
      return decision.result().feasible();
    }

    /**
     * One line a party: "a measured=95.1 perf=1.37 share=0.210", ..., "(others) share=0.620"; a
     * goal held at its load floor ends in " (floor)".
     */
    public List<String> tenantLines() {
      List<String> out = new ArrayList<>();
      decision.state().shares().forEach((t, share) -> {
        double m = measured.getOrDefault(t, Double.NaN);
        double p = decision.performance().getOrDefault(t, Double.NaN);
        String floor = decision.result().atFloor().contains(t) ? " (floor)" : "";
        out.add(measured.containsKey(t)
            ? String.format("%s measured=%.1f perf=%.2f share=%.3f%s", t, m, p, share, floor)
            : String.format("%s share=%.3f", t, share));
      });
      return out;
    }

    /** {@link #tenantLines()} joined by "; ", then the cap, the allocator's verdict and any damped steps. */
    public String describe() {
      return String.join("; ", tenantLines()) + (state.othersCap() > 0 ? " | others held to " + state.othersCap() + " handlers each" : "")
          + (decision.result().overloaded() ? " | overloaded" : "") + dampedText() + (feasible() ? "" : " | infeasible")
          + reservedText();
    }

    /** " (damped steps a=0.050, ...)" while any goal's step is damped under a lasting overload, else "". */
    private String dampedText() {
      Map<String, Double> damped = decision.state().steps().step();
      return damped.isEmpty() ? "" : damped.entrySet().stream()
          .map(e -> String.format("%s=%.3f", e.getKey(), e.getValue()))
          .collect(java.util.stream.Collectors.joining(", ", " (damped steps ", ")"));
    }

    /** " | reserved handlers a=1, ... (why)" while any SLO tenant holds or changed a reservation, else "". */
    private String reservedText() {
      List<String> held = new ArrayList<>();
      state.reserved().entrySet().stream().sorted(Map.Entry.comparingByKey())
          .filter(e -> e.getValue().hbase() > 0)
          .forEach(e -> held.add(e.getKey() + "=" + e.getValue().hbase()));
      if (held.isEmpty() && reservationReasons.isEmpty()) {
        return "";
      }
      return " | reserved handlers " + (held.isEmpty() ? "none" : String.join(", ", held))
          + (reservationReasons.isEmpty() ? "" : " (" + String.join("; ", reservationReasons) + ")");
    }
  }

  private final ManyTenantDecider decider;
  private final ManyTenantParams params;
  private final long minSamples;
  private final double confidence; // for a clear miss with fewer than minSamples
  private final TenantReservations reservations;

  /**
   * @param one the one-tenant controller's rules, whose least sample count and occupancy
   *     thresholds hold here too
   */
  public ManyTenantPolicy(ManyTenantParams params, ControllerParams one) {
    this.params = Objects.requireNonNull(params);
    this.decider = new ManyTenantDecider(params.shares(), params.fitWindow());
    this.minSamples = one.minSamples();
    this.confidence = one.confidence();
    this.reservations = new TenantReservations(one, params.shares().target());
  }

  /** The one-tenant rules' defaults, with {@code minSamples}. */
  public ManyTenantPolicy(ManyTenantParams params, long minSamples) {
    this(params, ControllerParams.DEFAULTS.withMinSamples(minSamples));
  }

  /** Mean handlers the tenants other than {@code goals} kept busy at HBase in the interval. */
  static double othersBusy(SchedulerSnapshot hbase, java.util.Set<String> goals) {
    double busy = 0;
    for (var t : hbase.tenants().values()) {
      busy += goals.contains(t.tenant()) ? 0 : ResourceLoad.busy(t);
    }
    return busy;
  }

  /** The fraction of the slots the tenant kept busy, at the busier of the two levels. */
  static double loadFraction(Observation o) {
    double hb = o.hbaseSlots() > 0 ? o.hbaseBusy() / o.hbaseSlots() : 0;
    double df = o.hdfsSlots() > 0 ? o.hdfsBusy() / o.hdfsSlots() : 0;
    return Math.min(1.0, Math.max(hb, df));
  }

  /**
   * An interval tests the others' cap when every SLO tenant's load was at least this fraction of
   * its recent peak: Poisson noise at 50 requests an interval stays above it, the gaps between
   * bursts of three times the mean rate do not.
   */
  public static final double NEAR_PEAK = 0.7;

  /**
   * A peak below this fraction of the slots does not hold the cap back: a tenant that went idle
   * would otherwise do so for ever (its peak only fades), and with a peak this small a burst
   * needs little. From a peak of 20% of the slots, about 33 intervals.
   */
  public static final double NEGLIGIBLE_PEAK = 0.02;

  /** Most a backlog can multiply a tenant's measured load: a flood must not claim everything. */
  static final double MAX_BACKLOG = 4.0;

  /**
   * Arrivals over completions at HBase in the interval, in [1, {@link #MAX_BACKLOG}]: a tenant
   * served less than it asked for kept fewer slots busy than its load needs, and a floor from
   * what it got alone would shrink with every cut, down to nothing.
   */
  static double backlog(SchedulerSnapshot hbase, String tenant) {
    return hbase.tenant(tenant)
        .map(t -> t.arrivals() <= t.completions() ? 1.0
            : t.completions() == 0 ? MAX_BACKLOG : Math.min(MAX_BACKLOG, (double) t.arrivals() / t.completions()))
        .orElse(1.0);
  }

  public ManyTenantParams params() {
    return params;
  }

  /**
   * The goal tenants and {@link #OTHERS}, as the decider takes them.
   *
   * @param goals each SLO tenant's weight and goal (none may be null)
   */
  public static List<ManyTenantDecider.TenantGoal> withOthers(List<ManyTenantDecider.TenantGoal> goals) {
    List<ManyTenantDecider.TenantGoal> all = new ArrayList<>(goals);
    all.forEach(g -> Objects.requireNonNull(g.goal(), "goal of " + g.tenant()));
    all.add(new ManyTenantDecider.TenantGoal(OTHERS, 1.0, null));
    return all;
  }

  /**
   * Starts from the shares the DataNode's allocation gives now (static configuration or an
   * operator's), each at least the least share, with no models.
   */
  public State initial(List<ManyTenantDecider.TenantGoal> tenants, Allocation hdfsNow) {
    Map<String, Double> shares = new TreeMap<>();
    double goals = 0;
    for (ManyTenantDecider.TenantGoal t : tenants) {
      if (t.goal() != null) {
        double s = Math.max(params.shares().minShare(), hdfsNow.fractionOfAll(t.tenant()));
        shares.put(t.tenant(), s);
        goals += s;
      }
    }
    shares.put(OTHERS, Math.max(params.shares().minShare(), 1 - goals));
    double sum = shares.values().stream().mapToDouble(Double::doubleValue).sum();
    shares.replaceAll((t, s) -> s / sum);
    return new State(new ManyTenantDecider.State(shares, Map.of()), 0);
  }

  /**
   * One interval.
   *
   * @param tenants {@link #withOthers}
   * @param interval HBase's last interval: the tenants' numbers and, for goals on one operation, its
   *     latencies per operation
   * @param hbaseBase, hdfsBase the allocations the controller started from: the weights the
   *     tenants without a goal split their part by, and the reservations kept
   */
  public Plan decide(
      State state,
      List<ManyTenantDecider.TenantGoal> tenants,
      HBaseInterval interval,
      ResourceLoad hdfs,
      Allocation hbaseBase,
      Allocation hdfsBase) {
    SchedulerSnapshot hbase = interval.tenants();
    Map<String, Double> measured = new LinkedHashMap<>();
    Map<String, Measurement> measurements = new TreeMap<>();
    Map<String, Double> floors = new TreeMap<>();
    Map<String, Double> peaks = new TreeMap<>();
    Map<String, Observation> observed = new LinkedHashMap<>();
    boolean tested = true;
    for (ManyTenantDecider.TenantGoal t : tenants) {
      if (t.goal() != null) {
        Observation o = Observation.of(t.tenant(), t.goal(), 0.5, interval, hdfs);
        observed.put(t.tenant(), o);
        boolean tooFew = t.goal() instanceof LatencyGoal && o.samples() < Math.max(1, minSamples)
            && !o.clearMiss(t.goal(), minSamples, confidence);
        Measurement m = Measurement.of(t.goal(), o, !tooFew);
        measurements.put(t.tenant(), m);
        measured.put(t.tenant(), m.value());
        double load = loadFraction(o) * backlog(hbase, t.tenant());
        if (params.peaks()) {
          double peak = ControlState.nextPeak(state.peaks().getOrDefault(t.tenant(), 0.0), load);
          peaks.put(t.tenant(), peak);
          tested &= peak < NEGLIGIBLE_PEAK || load >= NEAR_PEAK * peak;
          load = peak;
        }
        floors.put(t.tenant(), params.loadMargin() * load);
      }
    }
    ManyTenantDecider.Decision d = decider.decide(state.fitted(), tenants, measured, floors);
    int cap = params.othersCap()
        ? OthersCap.next(state.othersCap(), hbase.slots(), othersBusy(hbase, measured.keySet()), d.performance(),
            params.shares().target(), d.result().overloaded() || params.cutOnEveryMiss(), tested,
            floors.values().stream().mapToDouble(Double::doubleValue).sum())
        : 0;
    Map<String, Double> steered = new TreeMap<>(d.state().shares());
    steered.remove(OTHERS);
    if (!params.reservations()) {
      return new Plan(new State(d.state(), cap, peaks), d, measured,
          AllocationMapper.map(steered, Map.of(), hbaseBase),
          AllocationMapper.map(steered, Map.of(), hdfsBase), List.of(), measurements);
    }
    TenantReservations.Result r = reserve(state, tenants, observed, d, hbase, hbaseBase);
    return new Plan(new State(d.state(), cap, peaks, r.held()), d, measured,
        AllocationMapper.map(steered, r.hbase(), hbaseBase),
        AllocationMapper.map(steered, Map.of(), hdfsBase), r.reasons(), measurements);
  }

  /**
   * Each SLO tenant's reserved handlers ({@link TenantReservations}), heaviest first, within what
   * the last shared handler and the other tenants' configured reservations leave; a tenant the
   * controller has not reserved for yet starts from its configured reservation.
   */
  private TenantReservations.Result reserve(State state, List<ManyTenantDecider.TenantGoal> tenants,
      Map<String, Observation> observed, ManyTenantDecider.Decision d, SchedulerSnapshot hbase, Allocation hbaseBase) {
    List<ManyTenantDecider.TenantGoal> order = new ArrayList<>(tenants.stream().filter(t -> t.goal() != null).toList());
    order.sort(java.util.Comparator.comparingDouble(ManyTenantDecider.TenantGoal::weight).reversed()
        .thenComparing(ManyTenantDecider.TenantGoal::tenant));
    Map<String, TenantReservations.Held> now = new LinkedHashMap<>();
    List<TenantReservations.Tenant> in = new ArrayList<>();
    int others = hbaseBase.totalReserved();
    for (ManyTenantDecider.TenantGoal t : order) {
      String name = t.tenant();
      others -= hbaseBase.reservation(name);
      now.put(name, state.reserved().getOrDefault(name, new TenantReservations.Held(hbaseBase.reservation(name), 0)));
      in.add(new TenantReservations.Tenant(name, observed.get(name), d.performance().getOrDefault(name, Double.NaN),
          d.state().shares().getOrDefault(name, 0.0), backlog(hbase, name)));
    }
    return reservations.next(now, in, Allocation.maxReservable(hbase.slots()) - others, d.result().feasible());
  }
}
