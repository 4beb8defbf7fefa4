package io.cake.hbase.rpc;

import io.cake.core.aimd.AimdConfig;
import io.cake.core.contract.ContractMeter;
import io.cake.core.level.FirstLevel;
import io.cake.core.level.FirstLevels;
import io.cake.core.level.SchedulerHost;
import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.sched.Allocation;
import io.cake.core.sched.FairQueueScheduler;
import io.cake.core.sched.Ticket;
import io.cake.core.sched.WorkerPool;
import io.cake.core.tenant.TenantCap;
import io.cake.core.tenant.TenantNames;
import io.cake.core.time.Clock;
import io.cake.hbase.config.CakeHBaseConfig;
import io.cake.hbase.config.CakeSettings;
import io.cake.hbase.config.KeySources;
import io.cake.hbase.jmx.HBaseSchedulerMXBean;
import io.cake.hbase.tenant.TenantResolver;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import org.apache.hadoop.hbase.Abortable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Cake's first level in one RegionServer: per-tenant queues ({@link FairQueueScheduler}) served by
 * a handler pool ({@link WorkerPool} running {@link CallHandler}) sized by AIMD ({@link
 * PoolSizer}) under the operator's cap, if any, with the settings of {@code hbase-site.xml}. This is what
 * the controller and the control MBean act on; {@link CakeRpcScheduler} routes calls into it.
 *
 * <p>Every change of size, bounds, allocation or settings runs under this object's lock, so AIMD,
 * the controller, an operator and a reload never interleave between a check and its effect.
 */
public final class RegionServerScheduler implements FirstLevel {
  private static final Logger LOG = LoggerFactory.getLogger(RegionServerScheduler.class);
  /** How long stop() waits for running calls before interrupting their handlers. */
  static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

  private final String name;
  private final int port;
  private final boolean kerberos;
  private final TenantResolver.Known known = new TenantResolver.Known();
  private final FairQueueScheduler<CakeCall> queues;
  private final WorkerPool<CakeCall> pool;
  private final PoolSizer sizer;
  private final OperationStats ops;
  private volatile Interval lastInterval; // both halves of the last closed interval, set together
  private final CallCounts counts = new CallCounts();
  private final ContractMeter contracts = new ContractMeter();
  private final java.util.function.LongSupplier now; // the clock, made once for the dispatch path
  private final CallHandler handler;
  private final SchedulerHost host;

  private volatile CakeSettings settings;
  private volatile TenantResolver resolver;
  private volatile boolean enabled;
  private volatile String lastConfigurationError;
  private volatile KeySources keySources = new KeySources(0, Map.of());
  private volatile String policyStore = "not read: no ZooKeeper quorum configured";
  /** The controller's one limit on the tenants without an SLO (guarded by this). */
  private OthersLimit othersLimit = OthersLimit.NONE;

  RegionServerScheduler(
      String name, int port, CakeSettings settings, String configurationError, Clock clock,
      boolean kerberos, Abortable server, HandlerErrorLimit errors) {
    this.name = Objects.requireNonNull(name);
    this.port = port;
    this.kerberos = kerberos;
    this.settings = settings;
    this.lastConfigurationError = configurationError;
    this.enabled = settings.enabled();
    this.resolver = resolverFor(settings);
    this.now = clock::nanoTime;
    contracts.setContracts(settings.contracts(), now.getAsLong());
    this.sizer = new PoolSizer(settings.aimd(), clock);
    this.queues =
        new FairQueueScheduler<>(name, clock, settings.initialHandlers(), settings.queuePerTenant(), settings.queueTotal());
    queues.setAllocation(settings.allocation());
    applyLimits(settings.bestEffortHandlers());
    queues.setTenantCapacity(TenantNames.BEST_EFFORT, bestEffortQueue(settings));
    this.ops = new OperationStats(name, queues.lastSnapshot().endNanos());
    this.lastInterval = new Interval(queues.lastSnapshot(), ops.last());
    this.handler =
        new CallHandler(name, queues, ops, sizer, counts, clock, server, errors);
    AtomicInteger threadIds = new AtomicInteger();
    this.pool =
        new WorkerPool<>(
            queues,
            handler::forSlot,
            r -> {
              Thread t = new Thread(r, "RpcServer.cake.handler=" + threadIds.getAndIncrement() + ",port=" + port);
              t.setDaemon(true);
              return t;
            });
    this.host =
        new SchedulerHost(
            this,
            () -> this.settings.metricsInterval().toMillis(),
            s -> {
              lastInterval = new Interval(s, ops.roll(s.endNanos()));
              ops.forgetTenants(known.cap()::contains);
            },
            this::periodic);
  }

  /**
   * One closed metrics interval: every tenant's numbers and, of the same interval, every (tenant,
   * operation)'s. The two are rolled one after the other, so read apart ({@code
   * queues().lastSnapshot()}, {@code operationStats().last()}) they may be of intervals next to
   * each other; read here, never.
   */
  public record Interval(SchedulerSnapshot tenants, OperationStats.Snapshot operations) {}

  /** The live scheduler of the RegionServer listening on {@code port}, for its in-JVM controller. */
  public static Optional<RegionServerScheduler> byPort(int port) {
    return FirstLevels.all(RegionServerScheduler.class).stream().filter(s -> s.port == port).findFirst();
  }

  private TenantResolver resolverFor(CakeSettings s) {
    return TenantResolver.of(s, kerberos, known);
  }

  /** Starts the handlers and the host; {@code control}, when not null, is registered over JMX. */
  void start(HBaseSchedulerMXBean control) {
    pool.start();
    host.start(control, HBaseSchedulerMXBean.class);
    LOG.info("Cake scheduler {} started: {} handlers, allocation {}, queues {}/{}", name,
        queues.slotCount(), queues.allocation(), settings.queuePerTenant(), settings.queueTotal());
  }

  /** Answers every queued call with a drop, lets running ones finish (or interrupts them), closes. */
  void stop() {
    host.close();
    queues.close();
    for (Ticket<CakeCall> t : queues.drain()) {
      counts.dequeued(t.item());
      try {
        t.item().runner().drop();
      } catch (RuntimeException e) {
        LOG.debug("Cake: drop at stop failed", e);
      }
      queues.drop(t);
      counts.stopDrops.increment();
    }
    try {
      if (!pool.stop(STOP_TIMEOUT)) {
        LOG.warn("Cake: handlers of {} still busy after {}; interrupted them", name, STOP_TIMEOUT);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Queues an accepted call, as tenant {@code best-effort} if it is over its tenant's contract;
   * false when the queue it goes to, or the total, is full.
   */
  boolean offer(CakeCall call) {
    String as = contracts.serveAs(call.tenant(), now); // no clock read without a contract
    CakeCall c = as.equals(call.tenant()) ? call : call.servedAs(as);
    boolean accepted = queues.offer(c.tenant(), c, ops.estimateMicros(c.tenant(), c.op()),
        HandlerLimits.limitPatienceNanos(c.dispatchMillis(), c.deadlineMillis()));
    if (accepted) {
      counts.queued(c);
    }
    return accepted;
  }

  private void periodic() {
    if (settings.aimdEnabled()) {
      aimdStep();
    }
  }

  /** One AIMD decision, under the lock like every other resize. */
  private synchronized void aimdStep() {
    int current = queues.slotCount();
    int next = sizer.tick(current);
    if (next != current) {
      pool.resize(next);
      LOG.info("Cake {}: handler pool {} -> {} (mean single-row get service {} ms)", name, current, next,
          String.format("%.2f", sizer.lastMeanMillis()));
    }
  }

  /**
   * Applies a reloaded file; throws IllegalArgumentException and changes nothing if it does not
   * fit. The file's allocation is re-applied only when it changed in the file: a reload does not
   * undo what the controller or an operator set since.
   */
  synchronized void apply(CakeSettings next) {
    boolean fileAllocationChanged = !next.allocation().equals(settings.allocation());
    Allocation allocation = fileAllocationChanged ? next.allocation() : queues.allocation();
    // Everything that can be refused is checked first. CakeSettings checked the file's
    // reservations against the file's minimum; a kept allocation must fit too.
    if (!fileAllocationChanged) {
      try {
        allocation.checkFits(next.aimd().minSize(), CakeHBaseConfig.AIMD_MIN);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("the reservations in force (set through JMX or the"
            + " controller since the file was loaded) do not fit: " + e.getMessage(), e);
      }
    }
    // The queues refuse reservations that do not fit the pool, so apply in an order that never
    // passes through such a state: raising both, the bounds go first and grow the pool; lowering
    // both, the reservations go first and the bounds may then shrink the pool to aimd.min.
    boolean allocationFirst = allocation.fits(queues.slotCount());
    if (fileAllocationChanged && allocationFirst) {
      queues.setAllocation(allocation);
    }
    sizer.setConfig(next.aimd());
    clampPool();
    if (fileAllocationChanged && !allocationFirst) {
      queues.setAllocation(allocation);
    }
    queues.setCapacities(next.queuePerTenant(), next.queueTotal());
    queues.setTenantCapacity(TenantNames.BEST_EFFORT, bestEffortQueue(next));
    resolver = resolverFor(next);
    if (next.bestEffortHandlers() != settings.bestEffortHandlers()) {
      applyLimits(next.bestEffortHandlers());
    }
    if (!next.contracts().equals(settings.contracts())) {
      // Only when the file's contracts changed: a reload does not undo a contract set over JMX.
      contracts.setContracts(next.contracts(), now.getAsLong());
    }
    enabled = next.enabled();
    settings = next;
    lastConfigurationError = "";
  }

  /** Records where the keys came from: the file HBase handed over (good or bad) and the store. */
  void fileLoaded(KeySources sources) { keySources = sources; }
  /** The site file's keys and the policy store, for the controller in this JVM. */
  public KeySources keySources() { return keySources; }
  void refused(String error) { lastConfigurationError = error; }
  /** Where the policy store is read, its entries and those skipped, for the MBean. */
  void setPolicyStore(String status) { policyStore = status; }
  public String policyStore() { return policyStore; }

  // ------------------------------------------------------------------ FirstLevel

  @Override public String name() { return name; }
  @Override public String kind() { return HBASE; }
  @Override public boolean enabled() { return enabled; }
  @Override public void setEnabled(boolean on) { enabled = on; }
  @Override public Allocation allocation() { return queues.allocation(); }
  @Override public FairQueueScheduler<CakeCall> queues() { return queues; }
  @Override public TenantCap tenants() { return known.cap(); }

  @Override
  public synchronized Allocation updateAllocation(UnaryOperator<Allocation> change) {
    Allocation next = Objects.requireNonNull(change.apply(queues.allocation()), "allocation");
    queues.setAllocation(next);
    LOG.info("Cake {}: allocation set to {}", name, next);
    return next;
  }

  // ------------------------------------------------------------------ the handler pool

  /** Sets the handler pool size within the AIMD bounds and under the cap (AIMD may move it again). */
  public synchronized void setPoolSize(int size) {
    sizer.checkSize(size);
    pool.resize(size);
  }

  /** Changes the AIMD bounds; the pool is clamped into them at once. */
  public synchronized void setPoolBounds(int min, int max) {
    AimdConfig next = sizer.withBounds(min, max);
    queues.allocation().checkFits(min, "the pool's min");
    sizer.setConfig(next);
    clampPool();
  }

  /**
   * Caps the handler pool below the AIMD maximum (0 removes the cap); the pool shrinks at once if
   * it is above. An operator's lever over JMX: the controller holds the tenants without an SLO by
   * {@link #setOthersLimit} instead, which leaves the SLO tenants every handler.
   */
  public synchronized void setPoolCap(int cap) {
    int before = sizer.cap();
    sizer.setCap(cap);
    clampPool();
    if (before != cap) {
      LOG.info("Cake {}: handler pool cap {} -> {} (pool {})", name, before == 0 ? "none" : before,
          cap == 0 ? "none" : cap, queues.slotCount());
    }
  }

  /**
   * The second-level controller's one limit on the tenants not in {@code exempt} (its SLO
   * tenants): from one handler up, how many each may hold in service at once; below one, the
   * fraction of one handler's time each may use, one in service at most (0 lifts both). A scan
   * holds its handler while its reads wait at the DataNode, so this bounds what batch keeps busy
   * downstream, which shares cannot: they only order what waits. One setter, so the two halves
   * never disagree; refused, changing nothing, outside [0, the pool's max].
   */
  public synchronized void setOthersLimit(java.util.Set<String> exempt, double handlers) {
    OthersLimit next = OthersLimit.of(exempt, handlers, sizer.config().maxSize());
    if (next.equals(othersLimit)) {
      return; // the controller says it every interval: the caps, buckets and parked handlers stay as they are
    }
    boolean was = !othersLimit.isNone();
    othersLimit = next;
    applyLimits(settings.bestEffortHandlers());
    if (was == next.isNone()) {
      LOG.info("Cake {}: {}", name, next.isNone() ? "the others' limit lifted"
          : String.format("tenants other than %s limited to %.2f handlers each", new java.util.TreeSet<>(exempt), handlers));
    }
  }

  /** Installs the others' limit and best effort's cap in the queues: rates of handler time and caps in service. */
  private void applyLimits(double bestEffortHandlers) {
    queues.setLimits(othersLimit.rates(bestEffortHandlers));
    queues.setInServiceCaps(othersLimit.caps(bestEffortHandlers));
  }

  /** The others' limit in handlers (0: none); see {@link #setOthersLimit}. */
  public synchronized double othersLimit() {
    return othersLimit.handlers();
  }

  /** The tenants the others' limit leaves out, sorted and comma-separated, empty while there is none. */
  public synchronized String othersExempt() {
    return othersLimit.exemptList();
  }

  /** Best effort's queue bound: its own, never above the per-tenant bound. */
  static int bestEffortQueue(CakeSettings s) {
    return Math.min(s.queuePerTenant(), s.queueBestEffort());
  }

  /** Resizes the pool at once if it is outside the bounds and cap in force now. */
  private void clampPool() {
    int size = queues.slotCount();
    if (sizer.clamp(size) != size) {
      pool.resize(sizer.clamp(size));
    }
  }

  public synchronized void setQueueLimits(int perTenant, int total) {
    queues.setCapacities(perTenant, total);
  }

  // ------------------------------------------------------------------ observation

  /** Rolls the scheduler's and the per-operation metrics now (the timer does so every interval). */
  public SchedulerSnapshot rollMetrics() {
    return host.rollMetrics();
  }

  public CakeSettings settings() { return settings; }
  TenantResolver resolver() { return resolver; }
  CallCounts counts() { return counts; }
  public TenantResolver.Known known() { return known; }

  /** The throughput contracts in force, and the calls in and over them. */
  public ContractMeter contracts() { return contracts; }

  /**
   * Sets {@code tenant}'s throughput contract ({@code RATE:BURST[,RATE:BURST...]}) from now on, or
   * removes it ({@code text} empty); the other tenants' contracts and their buckets stay. Refused,
   * changing nothing, with a message naming what is wrong. The next reload re-applies the file's
   * contracts only if they changed in the file.
   */
  public synchronized void setContract(String tenant, String text) {
    LOG.info("Cake {}: contracts now {}", name, contracts.setContract(tenant, text, now.getAsLong()));
  }

  public OperationStats operationStats() { return ops; }
  /** The last closed interval, its tenants' and its operations' numbers together. */
  public Interval lastInterval() { return lastInterval; }
  public AimdConfig aimdConfig() { return sizer.config(); }
  /** The operator's cap on the pool (JMX `PoolCap`), 0 for none. */
  public int poolCap() { return sizer.cap(); }
  /** Running handler threads (may lag a shrink until retired handlers finish their call). */
  public int handlerThreads() { return pool.size(); }
  public int activeHandlers() { return counts.active(); }
  public long deadlineDrops() { return counts.deadlineDrops.sum(); }
  public double lastAimdMeanMillis() { return sizer.lastMeanMillis(); }
  /** MonitoredRPCHandler statuses made in HBase's TaskMonitor for Cake's handlers so far. */
  public int handlerStatuses() { return handler.statusesCreated(); }
  /** Why the last configuration reload was refused, or empty. */
  public String lastConfigurationError() { return lastConfigurationError; }

  @Override
  public String toString() {
    return "RegionServerScheduler[" + name + "]";
  }
}
