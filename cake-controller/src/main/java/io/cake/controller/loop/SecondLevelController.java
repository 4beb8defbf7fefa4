package io.cake.controller.loop;

import io.cake.controller.policy.ResourceLoad;
import io.cake.controller.policy.HBaseInterval;
import io.cake.controller.policy.SloTarget;
import io.cake.controller.policy.ControllerParams;
import io.cake.controller.policy.ControllerState;
import io.cake.controller.policy.Meter;
import io.cake.controller.policy.Plan;
import io.cake.controller.policy.Planner;
import io.cake.controller.policy.TenantState;
import io.cake.controller.policy.TenantView;
import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.sched.Allocation;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One step of the second level per call to {@link #tick()}: read both first-level schedulers'
 * last intervals, measure every SLO tenant alike ({@link Meter}), decide ({@link Planner}, one
 * path for one SLO tenant or many), apply to HBase then HDFS, log one line. A thin loop: every
 * rule is in the planner's stages.
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

    /**
     * Holds every tenant not in {@code exempt} to {@code handlers} each (0: none): handlers in
     * service from one up, a fraction of one handler's time below ({@link
     * io.cake.controller.policy.OthersLimit}).
     */
    void setOthersLimit(Set<String> exempt, double handlers) throws java.io.IOException;

    /** The allocation the site file and the policy store give ({@link Bases}); null when unknown. */
    default Allocation configured() { return null; }

    /** The cluster's policy store as this RegionServer last read it (empty: none, or not read). */
    default io.cake.core.policy.StoredPolicy stored() { return io.cake.core.policy.StoredPolicy.EMPTY; }
  }

  private final Supplier<HBasePort> hbase;
  private final Supplier<FirstLevelPort> hdfs;
  private final AutoCloseable hdfsCalls; // the thread DataNode calls run on, if any
  private volatile ControllerParams params;
  private volatile List<SloTarget> slos;
  private final Object sloLock = new Object(); // JMX and reloads change slos; never held by tick()
  private volatile boolean paused;
  private volatile Outcome last = new Outcome(0, "no decision yet");
  private final Meter meter = new Meter();
  private volatile ControllerState state; // null until the first decision, and after the tenants change
  private boolean infeasible;
  private final Bases bases = new Bases();
  private long lastHbaseEnd = Long.MIN_VALUE;
  private long ticks;
  private volatile long failures;
  private boolean failing;

  /**
   * @param hbase finds the local HBase scheduler (null while it is not up yet)
   * @param hdfs finds the DataNode scheduler (null while it cannot be reached)
   * @param slos the SLO tenants, at least one
   */
  public SecondLevelController(
      Supplier<HBasePort> hbase, Supplier<FirstLevelPort> hdfs, ControllerParams params, List<SloTarget> slos) {
    this(hbase, hdfs, params, slos, DEFAULT_CALL_TIMEOUT);
  }

  /** @param callTimeout the longest one call to the DataNode may take */
  public SecondLevelController(
      Supplier<HBasePort> hbase, Supplier<FirstLevelPort> hdfs, ControllerParams params, List<SloTarget> slos,
      Duration callTimeout) {
    this(hbase, new BoundedPort(Objects.requireNonNull(hdfs), callTimeout, "cake-controller-datanode-calls",
        hdfs instanceof DataNodeLocator locator ? locator::dropConnection : () -> {}), params, slos);
  }

  private SecondLevelController(Supplier<HBasePort> hbase, BoundedPort hdfs, ControllerParams params,
      List<SloTarget> slos) {
    this(hbase, hdfs, hdfs, params, slos);
  }

  private SecondLevelController(
      Supplier<HBasePort> hbase, Supplier<FirstLevelPort> hdfs, AutoCloseable hdfsCalls, ControllerParams params,
      List<SloTarget> slos) {
    this.hbase = Objects.requireNonNull(hbase);
    this.hdfs = Objects.requireNonNull(hdfs);
    this.hdfsCalls = Objects.requireNonNull(hdfsCalls);
    this.params = Objects.requireNonNull(params);
    this.slos = checked(slos);
  }

  /**
   * A controller whose ports are called directly, on the ticking thread, with no time bound: for
   * ports in this process that cannot hang, such as the simulator's, which must stay free of
   * threads to stay deterministic.
   */
  public static SecondLevelController inProcess(
      Supplier<HBasePort> hbase, Supplier<FirstLevelPort> hdfs, ControllerParams params, List<SloTarget> slos) {
    return new SecondLevelController(hbase, hdfs, () -> {}, params, slos);
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
      ControllerParams p = params;
      HBaseInterval interval = hb.lastInterval();
      SchedulerSnapshot hbSnap = interval.tenants();
      if (hbSnap.endNanos() == lastHbaseEnd) {
        // Not recorded as the last outcome: the last decision stays what operators see.
        return new Outcome(ticks, "no new HBase interval since the last decision");
      }
      bases.follow(hb.configured());
      ResourceLoad dfLoad = df.load();
      bases.followStore(hb.stored(), dfLoad.slots());
      Set<String> tenants = new TreeSet<>(targets.stream().map(SloTarget::tenant).toList());
      ControllerState from = state;
      if (from == null || !tenants.equals(from.tenants().keySet())) {
        from = rebase(from, tenants, hb.allocation(), df.allocation());
      }
      Map<String, TenantView> views = meter.measure(targets, interval, dfLoad, p);
      Plan plan = new Planner(p).plan(from, views, bases.hbase(), bases.hdfs(), ResourceLoad.of(hbSnap), dfLoad);
      applyBoth(hb, df, plan.hbase(), plan.hdfs());
      hb.setOthersLimit(plan.exempt(), plan.othersLimit());
      state = plan.state();
      lastHbaseEnd = hbSnap.endNanos();
      recovered();
      String line = "cake-controller: " + plan.describe();
      LOG.info(line);
      if (!plan.feasible() && !infeasible) {
        LOG.warn("cake-controller: the SLOs cannot all be met; tenants are served by weight: {}", servedFirst(targets));
      } else if (plan.feasible() && infeasible) {
        LOG.info("cake-controller: every SLO can be met again");
      }
      infeasible = !plan.feasible();
      return record(line, plan);
    } catch (java.io.UncheckedIOException e) {
      return fail(e.getCause().toString(), e.getCause());
    } catch (Exception e) {
      return fail(e.toString(), e);
    }
  }

  /**
   * The state to decide from when the SLO tenants changed (or at the start; {@link Bases} for the
   * others). Tenants kept keep what was learnt of them; a new one starts from what the schedulers
   * give it now.
   */
  private ControllerState rebase(ControllerState from, Set<String> tenants, Allocation hb, Allocation df) {
    bases.takeIfFirst(hb, df);
    ControllerState was = from == null ? ControllerState.EMPTY : from;
    Map<String, TenantState> kept = new LinkedHashMap<>(was.tenants());
    kept.keySet().retainAll(tenants);
    for (String t : tenants) {
      kept.computeIfAbsent(t, k -> TenantState.start(df.fractionOfAll(k), df.reservation(k), hb.reservation(k)));
    }
    return new ControllerState(kept, was.othersLimit(), was.lanes(), was.overloaded());
  }

  /** The SLO tenants, heaviest first: whose goal counts most when not all can be met. */
  public static List<String> servedFirst(List<SloTarget> targets) {
    List<SloTarget> sorted = new ArrayList<>(targets);
    sorted.sort(Comparator.comparingDouble(SloTarget::weight).reversed().thenComparing(SloTarget::tenant));
    return sorted.stream().map(SloTarget::tenant).toList();
  }

  /**
   * Both levels take the decision, or neither does: HBase (in this JVM, where a refusal is cheap
   * and certain) first; if the DataNode then fails or refuses, HBase goes back to what it had, so
   * the two stay as the controller's state says and the next tick starts from there.
   */
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

  private void recovered() {
    if (failing) {
      LOG.info("cake-controller: recovered after {} failed intervals", failures);
      failing = false;
    }
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
    return record(Outcome.FAILED + why, null);
  }

  private Outcome record(String summary, Plan plan) {
    Outcome o = new Outcome(ticks, summary, plan, plan == null ? Map.of() : plan.measurements());
    last = o;
    return o;
  }

  private static List<SloTarget> checked(List<SloTarget> slos) {
    if (slos == null || slos.isEmpty()) {
      throw new IllegalArgumentException("no SLO tenant");
    }
    Set<String> seen = new TreeSet<>();
    for (SloTarget t : slos) {
      if (!seen.add(Objects.requireNonNull(t, "slo").tenant())) {
        throw new IllegalArgumentException("tenant '" + t.tenant() + "' has two SLOs");
      }
    }
    return List.copyOf(slos);
  }

  // ------------------------------------------------------------------ operator controls

  public Outcome last() {
    return last;
  }

  /** The first SLO tenant in name order. */
  public SloTarget slo() {
    return slos.stream().min(Comparator.comparing(SloTarget::tenant)).orElseThrow();
  }

  /** Every SLO tenant. */
  public List<SloTarget> slos() {
    return slos;
  }

  /**
   * Changes an SLO from the next tick. With one SLO tenant, {@code next} replaces it (a new tenant
   * starts from the schedulers' allocation). With several, it changes the goal of the one it
   * names, keeping its weight and what was learnt of it; a tenant not among them is refused, since
   * a new party to the allocation needs a weight, which hbase-site.xml gives.
   */
  public void setSlo(SloTarget next) {
    Objects.requireNonNull(next, "slo");
    synchronized (sloLock) {
      if (slos.size() == 1) {
        slos = List.of(next);
        return;
      }
      List<SloTarget> out = new ArrayList<>();
      boolean found = false;
      for (SloTarget t : slos) {
        found |= t.tenant().equals(next.tenant());
        out.add(t.tenant().equals(next.tenant()) ? t.withGoal(next.goal()) : t);
      }
      if (!found) {
        throw new IllegalArgumentException("tenant '" + next.tenant() + "' has no SLO; the controller steers "
            + slos.stream().map(SloTarget::tenant).toList() + ": add a tenant in hbase-site.xml ("
            + "cake.slo.<tenant>.*, with its .weight) and run update_config");
      }
      slos = List.copyOf(out);
    }
  }

  /** Replaces every SLO from the next tick (a reloaded file); tenants kept keep what was learnt of them. */
  public void setSlos(List<SloTarget> next) {
    List<SloTarget> checked = checked(next);
    synchronized (sloLock) {
      slos = checked;
    }
  }

  /** The rules' constants from the next tick; what was learnt is kept. */
  public void setParams(ControllerParams next) {
    params = Objects.requireNonNull(next);
  }

  public ControllerParams params() {
    return params;
  }

  public void pause() { paused = true; }

  public void resume() { paused = false; }

  public boolean paused() { return paused; }

  public long failures() { return failures; }

  /** What the controller holds for {@code tenant} now; null before its first decision for it. */
  public TenantState allocation(String tenant) {
    ControllerState s = state;
    return s == null ? null : s.tenants().get(tenant);
  }

  /** The limit on the tenants without an SLO, in handlers each (0: none). */
  public double othersLimit() {
    ControllerState s = state;
    return s == null ? 0 : s.othersLimit();
  }

  /**
   * Lifts the limits only a running controller may hold HBase to (the others' limit) and its
   * lanes at both levels, for when it stops: each answers what it measured, and nothing will lift
   * them afterwards. Shares stay as they are (an operator sets them over JMX or in the file).
   * Returns false when the RegionServer's scheduler was not reached.
   */
  public boolean liftLimits() {
    HBasePort hb = hbase.get();
    if (hb == null) {
      return false;
    }
    try {
      hb.setOthersLimit(Set.of(), 0);
      hb.setAllocation(hb.allocation().withLanes(Map.of()));
      FirstLevelPort df = hdfs.get();
      if (df != null) {
        df.setAllocation(df.allocation().withLanes(Map.of()));
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
