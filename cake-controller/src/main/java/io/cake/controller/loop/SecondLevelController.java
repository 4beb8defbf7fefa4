package io.cake.controller.loop;

import io.cake.controller.config.SloTarget;
import io.cake.controller.policy.AllocationMapper;
import io.cake.controller.policy.ControlState;
import io.cake.controller.policy.Decision;
import io.cake.controller.policy.LatencyAllocation;
import io.cake.controller.policy.Measurement;
import io.cake.controller.policy.Observation;
import io.cake.controller.policy.PriorityLanes;
import io.cake.controller.policy.SloDecider;
import io.cake.controller.policy.TailPool;
import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.sched.Allocation;
import io.cake.controller.policy.minimax.ManyTenantDecider;
import io.cake.controller.policy.minimax.ManyTenantParams;
import io.cake.controller.policy.minimax.ManyTenantPolicy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One step of the second level per call to {@link #tick()}: read both first-level schedulers'
 * last intervals, decide, apply to HBase then HDFS, log one line. One SLO tenant is the paper's
 * case, decided by the pure {@link SloDecider} (Algorithms 1 and 2, the pool cap, the throttle);
 * several are decided by {@link ManyTenantPolicy} (Frosting's weighted minimax over per-tenant
 * models: shares only, no pool cap or throttle).
 * Fail-static: if a scheduler cannot be read or set, or the step throws, the last allocation stays
 * in force, the incident is logged once, and the next tick tries again. Calls to the DataNode are
 * bounded in time ({@link BoundedPort}); nothing an operator reads (allocation, failures, last
 * outcome) waits for a tick.
 */
public final class SecondLevelController implements AutoCloseable {
  /** How long one call to the DataNode may take before the tick gives up on it. */
  public static final Duration DEFAULT_CALL_TIMEOUT = Duration.ofSeconds(5);

  private static final Logger LOG = LoggerFactory.getLogger(SecondLevelController.class);

  /** The HBase side: its intervals carry the latency histograms. */
  public interface HBasePort extends FirstLevelPort {
    /**
     * The last closed metrics interval: per tenant and, for goals on one operation, per tenant and
     * operation. One call, so that both are of the same interval.
     */
    HBaseInterval lastInterval();

    /** Caps the handler pool (0: no cap); see {@link LatencyAllocation#hbasePoolCap()}. */
    void setPoolCap(int cap) throws java.io.IOException;

    /**
     * Holds every tenant but {@code exemptTenant} to {@code handlers} handlers' worth of service
     * each (0: none); see {@link LatencyAllocation#othersThrottle()}.
     */
    void setThrottle(String exemptTenant, double handlers) throws java.io.IOException;

    /** Holds every tenant but {@code exempt} to {@code handlers} handlers in service at once (0: none). */
    void setOthersInService(java.util.Set<String> exempt, int handlers) throws java.io.IOException;
  }

  /**
   * What the last tick did, for JMX and tests.
   *
   * @param decision with one SLO tenant, its decision (null when none was made)
   * @param plan with several, theirs (null when none was made)
   * @param measured per SLO tenant, what the decision judged its goal by (empty when none was made)
   */
  public record Outcome(long tick, String summary, Decision decision, ManyTenantPolicy.Plan plan,
      Map<String, Measurement> measured) {
    public Outcome {
      measured = Map.copyOf(measured);
    }

    public Outcome(long tick, String summary, Decision decision) {
      this(tick, summary, decision, null, Map.of());
    }

    /** What the decision judged {@code tenant}'s goal by; {@link Measurement#NONE} for nothing. */
    public Measurement measured(String tenant) {
      return measured.getOrDefault(tenant, Measurement.NONE);
    }
  }

  private final Supplier<HBasePort> hbase;
  private final Supplier<FirstLevelPort> hdfs;
  private final AutoCloseable hdfsCalls; // the thread DataNode calls run on, if any
  private volatile SloDecider decider;
  private volatile List<SloTarget> slos; // one: the paper's case; several: Frosting's
  private volatile ManyTenantPolicy manyPolicy;
  private final Object sloLock = new Object(); // JMX and reloads change slos; never held by tick()
  private volatile boolean paused;
  private volatile Outcome last = new Outcome(0, "no decision yet", null);
  private volatile ControlState state;
  private String stateTenant;
  private ManyTenantPolicy.State manyState; // with several SLO tenants
  private List<ManyTenantDecider.TenantGoal> manyGoals;
  private boolean infeasible;
  private PriorityLanes.State laneState = PriorityLanes.State.EMPTY;
  private Allocation hbaseBase;
  private Allocation hdfsBase;
  private long lastHbaseEnd = Long.MIN_VALUE;
  private TailPool tailPool; // one SLO tenant: its recent intervals' latencies
  private SloTarget tailPoolTarget;
  private long ticks;
  private volatile long failures;
  private boolean failing;

  /**
   * @param hbase finds the local HBase scheduler (null while it is not up yet)
   * @param hdfs finds the DataNode scheduler (null while it cannot be reached)
   */
  public SecondLevelController(
      Supplier<HBasePort> hbase, Supplier<FirstLevelPort> hdfs, SloDecider decider, SloTarget slo) {
    this(hbase, hdfs, decider, slo, DEFAULT_CALL_TIMEOUT);
  }

  /** @param callTimeout the longest one call to the DataNode may take */
  public SecondLevelController(
      Supplier<HBasePort> hbase, Supplier<FirstLevelPort> hdfs, SloDecider decider, SloTarget slo,
      Duration callTimeout) {
    this(hbase, new BoundedPort(Objects.requireNonNull(hdfs), callTimeout, "cake-controller-datanode-calls"),
        decider, slo);
  }

  private SecondLevelController(Supplier<HBasePort> hbase, BoundedPort hdfs, SloDecider decider, SloTarget slo) {
    this(hbase, hdfs, hdfs, decider, slo);
  }

  private SecondLevelController(
      Supplier<HBasePort> hbase, Supplier<FirstLevelPort> hdfs, AutoCloseable hdfsCalls, SloDecider decider,
      SloTarget slo) {
    this.hbase = Objects.requireNonNull(hbase);
    this.hdfs = Objects.requireNonNull(hdfs);
    this.hdfsCalls = Objects.requireNonNull(hdfsCalls);
    this.decider = Objects.requireNonNull(decider);
    this.slos = List.of(Objects.requireNonNull(slo));
    this.manyPolicy = new ManyTenantPolicy(ManyTenantParams.DEFAULTS, decider.params());
  }

  /**
   * A controller whose ports are called directly, on the ticking thread, with no time bound: for
   * ports in this process that cannot hang, such as the simulator's, which must stay free of
   * threads to stay deterministic.
   */
  public static SecondLevelController inProcess(
      Supplier<HBasePort> hbase, Supplier<FirstLevelPort> hdfs, SloDecider decider, SloTarget slo) {
    return new SecondLevelController(hbase, hdfs, () -> {}, decider, slo);
  }

  /** One interval's work; returns what happened. Call from one thread only. */
  public synchronized Outcome tick() {
    ticks++;
    if (paused) {
      return record("paused: allocation left as it is", null);
    }
    try {
      HBasePort hb = hbase.get();
      FirstLevelPort df = hdfs.get();
      if (hb == null || df == null) {
        return fail((hb == null ? "HBase scheduler" : "DataNode scheduler") + " not reachable", null);
      }
      List<SloTarget> targets = slos;
      HBaseInterval interval = hb.lastInterval();
      SchedulerSnapshot hbSnap = interval.tenants();
      if (hbSnap.endNanos() == lastHbaseEnd) {
        // Not recorded as the last outcome: the last decision stays what operators see.
        return new Outcome(ticks, "no new HBase interval since the last decision", null);
      }
      ResourceLoad dfLoad = df.load();
      if (targets.size() > 1) {
        return tickMany(hb, df, targets, interval, dfLoad);
      }
      SloTarget target = targets.get(0);
      if (state == null || !target.tenant().equals(stateTenant)) {
        begin(target, hb.allocation(), df.allocation());
      }
      double confidence = decider.params().confidence();
      Observation obs = Observation.of(target.tenant(), target.goal(), confidence, interval, dfLoad, tailPool(target));
      Decision d =
          decider.decide(
              obs,
              state,
              target.goal(),
              AllocationMapper.otherReserved(target.tenant(), hdfsBase),
              AllocationMapper.otherReserved(target.tenant(), hbaseBase));
      LatencyAllocation a = d.allocation();
      PriorityLanes.Sized lanes = lanes(targets, hbSnap, dfLoad);
      apply(hb, df, target.tenant(), a, lanes);
      state = d.state();
      lastHbaseEnd = hbSnap.endNanos();
      recovered();
      String line =
          String.format(
              "cake-controller: %s measured%s=%.1f samples=%d occupancy hbase=%.2f hdfs=%.2f busy hbase=%.2f hdfs=%.2f | %s",
              target, steeredLabel(target, obs), obs.measured(), obs.samples(),
              obs.hbaseOccupancy(), obs.hdfsOccupancy(), obs.hbaseBusy(), obs.hdfsBusy(), d.describe())
              + lanesText(lanes);
      LOG.info(line);
      // The rules judged the goal when they gave a performance (not with too few samples).
      Measurement judged = Measurement.of(target.goal(), obs, !Double.isNaN(d.performance()));
      return record(line, d, null, Map.of(target.tenant(), judged));
    } catch (java.io.UncheckedIOException e) {
      return fail(e.getCause().toString(), e.getCause());
    } catch (Exception e) {
      return fail(e.toString(), e);
    }
  }

  /** One interval with several SLO tenants. */
  private Outcome tickMany(HBasePort hb, FirstLevelPort df, List<SloTarget> targets, HBaseInterval interval,
      ResourceLoad dfLoad) throws java.io.IOException {
    SchedulerSnapshot hbSnap = interval.tenants();
    List<ManyTenantDecider.TenantGoal> goals = ManyTenantPolicy.withOthers(
        targets.stream().map(t -> new ManyTenantDecider.TenantGoal(t.tenant(), t.weight(), t.goal())).toList());
    ManyTenantPolicy policy = manyPolicy;
    if (manyState == null || !goals.equals(manyGoals)) {
      if (manyState == null || !tenantsOf(goals).equals(tenantsOf(manyGoals))) {
        hbaseBase = hb.allocation();
        hdfsBase = df.allocation();
        manyState = policy.initial(goals, hdfsBase);
      }
      manyGoals = goals;
    }
    ManyTenantPolicy.Plan plan = policy.decide(manyState, goals, interval, dfLoad, hbaseBase, hdfsBase);
    PriorityLanes.Sized lanes = lanes(targets, hbSnap, dfLoad);
    if (!plan.feasible()) {
      lanes = lanes.withoutLanes(); // overload: the weights decide, not the order of the SLOs
    }
    applyBoth(hb, df, plan.hbase(), plan.hdfs(), lanes);
    // The pool cap and the throttle are not decided with several tenants: none left over from a
    // one-tenant controller.
    handlerLimits(hb, 0, targets.get(0).tenant(), 0,
        new java.util.TreeSet<>(targets.stream().map(SloTarget::tenant).toList()), plan.state().othersCap());
    manyState = plan.state();
    lastHbaseEnd = hbSnap.endNanos();
    recovered();
    String line = "cake-controller: " + targets.size() + " SLO tenants | " + plan.describe() + lanesText(lanes);
    LOG.info(line);
    if (!plan.feasible() && !infeasible) {
      LOG.warn("cake-controller: the SLOs cannot all be met (predicted performance {}); tenants are served by weight: {}",
          plan.decision().result().predicted(), servedFirst(targets));
    } else if (plan.feasible() && infeasible) {
      LOG.info("cake-controller: every SLO can be met again");
    }
    infeasible = !plan.feasible();
    return record(line, null, plan, plan.measurements());
  }

  private static java.util.Set<String> tenantsOf(List<ManyTenantDecider.TenantGoal> goals) {
    java.util.Set<String> out = new java.util.TreeSet<>();
    goals.forEach(g -> out.add(g.tenant()));
    return out;
  }

  /** The SLO tenants, heaviest first: whose goal counts most when not all can be met. */
  public static List<String> servedFirst(List<SloTarget> targets) {
    List<SloTarget> sorted = new java.util.ArrayList<>(targets);
    sorted.sort(java.util.Comparator.comparingDouble(SloTarget::weight).reversed().thenComparing(SloTarget::tenant));
    return sorted.stream().map(SloTarget::tenant).toList();
  }

  /**
   * Both levels take the decision, or neither does: HBase (in this JVM, where a refusal is cheap
   * and certain) first; if the DataNode then fails or refuses, HBase goes back to what it had, so
   * the two stay as the controller's state says and the next tick starts from there.
   */
  private void apply(HBasePort hb, FirstLevelPort df, String tenant, LatencyAllocation a, PriorityLanes.Sized lanes)
      throws java.io.IOException {
    applyBoth(hb, df, AllocationMapper.hbase(tenant, a, hbaseBase), AllocationMapper.hdfs(tenant, a, hdfsBase), lanes);
    // The others' handlers in service are decided only with several tenants.
    handlerLimits(hb, a.hbasePoolCap(), tenant, a.othersThrottle(), java.util.Set.of(), 0);
  }

  /**
   * The three limits the controller may hold HBase's handlers to, set together: the pool cap (0:
   * none), the handler time of every tenant but {@code exempt} (0: none), and the handlers in
   * service of every tenant not in {@code inServiceExempt} (0: none).
   */
  private static void handlerLimits(HBasePort hb, int poolCap, String exempt, double throttle,
      java.util.Set<String> inServiceExempt, int othersInService) throws java.io.IOException {
    hb.setPoolCap(poolCap);
    hb.setThrottle(exempt, throttle);
    hb.setOthersInService(inServiceExempt, othersInService);
  }

  /** As {@link #applyBoth(HBasePort, FirstLevelPort, Allocation, Allocation)}, with the lanes on top. */
  private void applyBoth(HBasePort hb, FirstLevelPort df, Allocation hbNext, Allocation dfNext,
      PriorityLanes.Sized lanes) throws java.io.IOException {
    applyBoth(hb, df, hbNext.withLanes(lanes.hbase()), dfNext.withLanes(lanes.hdfs()));
    laneState = lanes.state();
  }

  private static void applyBoth(HBasePort hb, FirstLevelPort df, Allocation hbNext, Allocation dfNext)
      throws java.io.IOException {
    Allocation hbBefore = hb.allocation();
    hb.setAllocation(hbNext);
    try {
      df.setAllocation(dfNext);
    } catch (java.io.IOException | RuntimeException e) {
      hb.setAllocation(hbBefore);
      throw e;
    }
  }

  /** The SLO tenants' lanes for this interval's loads; none while {@code cake.controller.lanes} is 0. */
  private PriorityLanes.Sized lanes(List<SloTarget> targets, SchedulerSnapshot hbSnap, ResourceLoad dfLoad) {
    double factor = decider.params().lanes();
    if (factor == 0.0) {
      return new PriorityLanes.Sized(java.util.Map.of(), java.util.Map.of(), PriorityLanes.State.EMPTY);
    }
    List<PriorityLanes.Tenant> tenants =
        targets.stream().map(t -> new PriorityLanes.Tenant(t.tenant(), t.goal(), t.weight())).toList();
    return new PriorityLanes(factor, decider.params().laneBuckets())
        .next(laneState, tenants, ResourceLoad.of(hbSnap), dfLoad);
  }

  private static String lanesText(PriorityLanes.Sized lanes) {
    return lanes.hbase().isEmpty() && lanes.hdfs().isEmpty() ? "" : " | " + lanes.describe();
  }

  private void recovered() {
    if (failing) {
      LOG.info("cake-controller: recovered after {} failed intervals", failures);
      failing = false;
    }
  }

  /** " p99.76" when the latency is measured beyond the goal's own percentile, else "". */
  private static String steeredLabel(SloTarget target, Observation obs) {
    if (target.goal() instanceof io.cake.core.tenant.LatencyGoal lg && obs.percentile() != lg.percentile()) {
      return String.format(" p%.2f", obs.percentile());
    }
    return "";
  }

  /** The pool of recent intervals the steered percentile is read from; new when the target or its size changes. */
  private TailPool tailPool(SloTarget target) {
    int n = decider.params().tailIntervals();
    if (tailPool == null || tailPool.intervals() != n || !target.equals(tailPoolTarget)) {
      tailPool = new TailPool(n, 0);
      tailPoolTarget = target;
    }
    return tailPool;
  }

  /** Starts from the allocation the schedulers have now (static config or an operator's). */
  private void begin(SloTarget target, Allocation hb, Allocation df) {
    hbaseBase = hb;
    hdfsBase = df;
    double share = Math.max(LatencyAllocation.MIN_SHARE,
        Math.min(LatencyAllocation.MAX_SHARE, df.fractionOfAll(target.tenant())));
    state =
        ControlState.of(
            new LatencyAllocation(share, df.reservation(target.tenant()), hb.reservation(target.tenant())));
    stateTenant = target.tenant();
  }

  private Outcome fail(String why, Exception e) {
    failures++;
    if (!failing) {
      failing = true;
      if (e != null) {
        LOG.warn("cake-controller: keeping the last allocation: {}", why, e);
      } else {
        LOG.warn("cake-controller: keeping the last allocation: {}", why);
      }
    }
    return record("failed, allocation kept: " + why, null);
  }

  private Outcome record(String summary, Decision d) {
    return record(summary, d, null, Map.of());
  }

  private Outcome record(String summary, Decision d, ManyTenantPolicy.Plan plan, Map<String, Measurement> measured) {
    Outcome o = new Outcome(ticks, summary, d, plan, measured);
    last = o;
    return o;
  }

  // ------------------------------------------------------------------ operator controls

  public Outcome last() {
    return last;
  }

  /** The SLO tenant, or with several the first in name order. */
  public SloTarget slo() {
    return slos.get(0);
  }

  /** Every SLO tenant. */
  public List<SloTarget> slos() {
    return slos;
  }

  /**
   * Changes an SLO from the next tick. With one SLO tenant, {@code next} replaces it (a new tenant
   * restarts from the schedulers' allocation). With several, it changes the goal of the one it
   * names, keeping its weight and model; a tenant not among them is refused, since a new party to
   * the allocation needs a weight, which hbase-site.xml gives.
   */
  public void setSlo(SloTarget next) {
    Objects.requireNonNull(next, "slo");
    synchronized (sloLock) {
    List<SloTarget> now = slos;
    if (now.size() == 1) {
      slos = List.of(next);
      return;
    }
    List<SloTarget> out = new java.util.ArrayList<>();
    boolean found = false;
    for (SloTarget t : now) {
      found |= t.tenant().equals(next.tenant());
      out.add(t.tenant().equals(next.tenant()) ? t.withGoal(next.goal()) : t);
    }
    if (!found) {
      throw new IllegalArgumentException("tenant '" + next.tenant() + "' has no SLO; the controller steers "
          + now.stream().map(SloTarget::tenant).toList() + ": add a tenant in hbase-site.xml ("
          + "cake.slo.<tenant>.*, with its .weight) and run update_config");
    }
    slos = List.copyOf(out);
    }
  }

  /** Replaces every SLO from the next tick (a reloaded file); tenants kept keep their models. */
  public void setSlos(List<SloTarget> next) {
    if (next.isEmpty()) {
      throw new IllegalArgumentException("no SLO tenant");
    }
    synchronized (sloLock) {
      slos = List.copyOf(next);
    }
  }

  /** The rules for several SLO tenants; models fitted so far are kept. */
  public void setManyTenantParams(ManyTenantParams next) {
    manyPolicy = new ManyTenantPolicy(next, decider.params());
  }

  public ManyTenantParams manyTenantParams() {
    return manyPolicy.params();
  }

  public void setDecider(SloDecider next) {
    decider = Objects.requireNonNull(next);
    manyPolicy = new ManyTenantPolicy(manyPolicy.params(), next.params());
  }

  public SloDecider decider() {
    return decider;
  }

  public void pause() {
    paused = true;
  }

  public void resume() {
    paused = false;
  }

  public boolean paused() {
    return paused;
  }

  public long failures() {
    return failures;
  }

  public LatencyAllocation allocation() {
    ControlState s = state;
    return s == null ? null : s.allocation();
  }

  /**
   * Lifts the limits only a running controller may hold HBase to (its pool cap, the others'
   * handler time and their handlers in service) and its lanes at both levels, for when it stops:
   * each answers what it measured, and nothing will lift them afterwards. Shares stay as they are
   * (an operator sets them over JMX or in the file). Returns false when the RegionServer's
   * scheduler was not reached.
   */
  public boolean liftLimits() {
    HBasePort hb = hbase.get();
    if (hb == null) {
      return false;
    }
    try {
      handlerLimits(hb, 0, slo().tenant(), 0, java.util.Set.of(), 0);
      hb.setAllocation(hb.allocation().withLanes(java.util.Map.of()));
      FirstLevelPort df = hdfs.get();
      if (df != null) {
        df.setAllocation(df.allocation().withLanes(java.util.Map.of()));
      }
      return true;
    } catch (java.io.IOException | RuntimeException e) {
      LOG.warn("cake-controller: could not lift its limits (on HBase's handlers, its lanes): {}", e.toString());
      return false;
    }
  }

  /** Stops the thread DataNode calls run on. */
  @Override
  public void close() {
    try {
      hdfsCalls.close();
    } catch (Exception e) {
      LOG.debug("cake-controller: closing the DataNode calls' thread", e);
    }
  }
}
