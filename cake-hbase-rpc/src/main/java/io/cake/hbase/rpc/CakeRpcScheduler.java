package io.cake.hbase.rpc;

import io.cake.core.aimd.AimdConfig;
import io.cake.core.metrics.JmxPublisher;
import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.sched.Allocation;
import io.cake.core.sched.FairQueueScheduler;
import io.cake.core.sched.Ticket;
import io.cake.core.sched.WorkerPool;
import io.cake.core.tenant.CurrentTenant;
import io.cake.core.tenant.OperationType;
import io.cake.core.time.Clock;
import io.cake.hbase.config.CakeHBaseConfig;
import io.cake.hbase.config.CakeSettings;
import io.cake.hbase.jmx.CakeSchedulerMBean;
import io.cake.hbase.tenant.OperationClassifier;
import io.cake.hbase.tenant.TenantResolver;
import java.net.InetSocketAddress;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Abortable;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.conf.ConfigurationObserver;
import org.apache.hadoop.hbase.ipc.CakeCallQueueInfo;
import org.apache.hadoop.hbase.ipc.CallQueueInfo;
import org.apache.hadoop.hbase.ipc.CallRunner;
import org.apache.hadoop.hbase.ipc.PriorityFunction;
import org.apache.hadoop.hbase.ipc.RpcCall;
import org.apache.hadoop.hbase.ipc.RpcScheduler;
import org.apache.hadoop.hbase.monitoring.MonitoredRPCHandler;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.util.EnvironmentEdgeManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The RegionServer's RPC scheduler with Cake's first level. Calls the server gives a priority above
 * normal (admin, meta, system tables), replication, bulk load and replay go to a stock {@link
 * org.apache.hadoop.hbase.ipc.SimpleRpcScheduler} inside, exactly as in stock HBase. Normal-priority
 * calls are resolved to a tenant and queued in a cake-core {@link FairQueueScheduler} (bounded
 * per-tenant queues, shares, reservations) served by our own handler pool, sized by AIMD. A
 * priority a client writes in its request header is not trusted ({@link TrustedPriority}).
 *
 * <p>{@link #dispatch} never blocks: it returns false (the client gets CallQueueTooBigException)
 * when the tenant's or the total queue is full. Every accepted call either runs or, once its
 * deadline has passed, is dropped through {@link CallRunner#drop()}.
 */
public final class CakeRpcScheduler extends RpcScheduler implements ConfigurationObserver {
  private static final Logger LOG = LoggerFactory.getLogger(CakeRpcScheduler.class);
  private static final OperationType[] OPS = OperationType.values();
  /** Name of Cake's queue in CallQueueInfo (RegionServer UI and JMX). */
  public static final String QUEUE_NAME = "Cake Call Queue";
  /** How long stop() waits for running calls before interrupting their handlers. */
  static final java.time.Duration STOP_TIMEOUT = java.time.Duration.ofSeconds(10);

  private final RpcScheduler delegate;
  private final TrustedPriority priority;
  /** The RegionServer, aborted when handlers keep failing with Errors; null outside a server. */
  private final Abortable server;
  private final HandlerErrorLimit handlerErrors;
  private final HandlerStatuses statuses = new HandlerStatuses();
  private final boolean kerberos;
  private final Clock clock = Clock.system();
  private final TenantResolver.Known known = new TenantResolver.Known();
  private final AtomicInteger active = new AtomicInteger();
  private final AtomicInteger[] activeByOp = counters();
  private final AtomicInteger[] queuedByOp = counters();
  private final Map<String, AtomicLong[]> queuedByMethod = new ConcurrentHashMap<>();
  private final LongAdder deadlineDrops = new LongAdder();
  private final LongAdder stopDrops = new LongAdder();

  private volatile CakeSettings settings;
  private volatile TenantResolver resolver;
  private volatile String lastConfigurationError = "";
  private volatile boolean enabled;
  private volatile int[] queueLimits;
  private final PoolSizer sizer;

  // Built in init(), once the listener port (and so the scheduler's name) is known.
  private volatile String name = "hbase-unbound";
  private volatile int port = -1;
  private FairQueueScheduler<CakeCall> queues;
  private WorkerPool<CakeCall> pool;
  private OperationStats ops;
  private ScheduledExecutorService timer;
  private JmxPublisher publisher;
  private CakeSchedulerMBean mbean;

  CakeRpcScheduler(
      Configuration conf, RpcScheduler delegate, PriorityFunction priority, Abortable server) {
    this.delegate = delegate;
    this.priority = new TrustedPriority(priority);
    this.server = server;
    this.handlerErrors =
        new HandlerErrorLimit(
            conf.getDouble(
                CakeHBaseConfig.HANDLER_ABORT_ON_ERROR_PERCENT,
                CakeHBaseConfig.DEFAULT_HANDLER_ABORT_ON_ERROR_PERCENT));
    this.kerberos = "kerberos".equalsIgnoreCase(conf.get("hbase.security.authentication", ""));
    this.settings = initialSettings(conf);
    this.sizer = new PoolSizer(settings.aimd(), clock);
    this.enabled = settings.enabled();
    this.resolver = resolverFor(settings);
  }

  /**
   * The file's settings; if they are invalid, the RegionServer still starts, with Cake disabled
   * (stock scheduling) and the error logged and shown over JMX, until update_config loads a good
   * file.
   */
  private CakeSettings initialSettings(Configuration conf) {
    try {
      return CakeSettings.from(conf);
    } catch (IllegalArgumentException e) {
      lastConfigurationError = e.getMessage();
      LOG.error(
          "Cake: invalid configuration, starting with Cake DISABLED (stock scheduling) until"
              + " update_config loads a valid one: {}",
          e.getMessage());
      Configuration fallback = new Configuration(false);
      fallback.setBoolean(CakeHBaseConfig.ENABLED, false);
      fallback.setInt(
          "hbase.regionserver.handler.count", conf.getInt("hbase.regionserver.handler.count", 30));
      return CakeSettings.from(fallback);
    }
  }

  private static AtomicInteger[] counters() {
    AtomicInteger[] a = new AtomicInteger[OPS.length];
    for (int i = 0; i < a.length; i++) {
      a[i] = new AtomicInteger();
    }
    return a;
  }

  private TenantResolver resolverFor(CakeSettings s) {
    Set<String> configured = new TreeSet<>();
    configured.addAll(s.allocation().shares().keySet());
    configured.addAll(s.allocation().reservations().keySet());
    configured.addAll(s.allowedUsers().keySet());
    return new TenantResolver(
        configured, s.allowedUsers(), s.userRules(), s.aclEnforced(kerberos), s.maxTenants(), known);
  }

  // ------------------------------------------------------------------ lifecycle

  @Override
  public void init(Context context) {
    delegate.init(context);
    InetSocketAddress address = context == null ? null : context.getListenerAddress();
    port = address == null ? -1 : address.getPort();
    name = port >= 0 ? "hbase-" + port : "hbase-" + Integer.toHexString(System.identityHashCode(this));
    CakeSettings s = settings;
    queues =
        new FairQueueScheduler<>(
            name, clock, s.initialHandlers(), s.queuePerTenant(), s.queueTotal());
    queues.setAllocation(s.allocation());
    queueLimits = new int[] {s.queuePerTenant(), s.queueTotal()};
    ops = new OperationStats(name, clock.nanoTime());
    AtomicInteger threadIds = new AtomicInteger();
    pool =
        new WorkerPool<>(
            queues,
            slot -> {
              // On the slot's new thread. Resizing ends and starts threads: the slot's TaskMonitor
              // status passes from one to the next rather than a new one per thread.
              MonitoredRPCHandler status = statuses.forSlot(slot);
              return ticket -> handle(ticket, status);
            },
            r -> {
              Thread t =
                  new Thread(r, "RpcServer.cake.handler=" + threadIds.getAndIncrement() + ",port=" + port);
              t.setDaemon(true);
              return t;
            });
  }

  @Override
  public void start() {
    delegate.start();
    pool.start();
    timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "cake.metrics-" + name);
              t.setDaemon(true);
              return t;
            });
    scheduleTick();
    if (settings.jmxEnabled()) {
      try {
        publisher = new JmxPublisher(name, queues::lastSnapshot, queues::queued, null);
        mbean = CakeSchedulerMBean.register(this);
      } catch (RuntimeException e) {
        LOG.warn("Cake: could not publish JMX beans for {}: {}", name, e.toString());
      }
    }
    CakeRpcSchedulers.register(this);
    LOG.info(
        "Cake scheduler {} started: {} handlers, allocation {}, queues {}/{}",
        name,
        queues.slotCount(),
        queues.allocation(),
        settings.queuePerTenant(),
        settings.queueTotal());
  }

  @Override
  public void stop() {
    CakeRpcSchedulers.unregister(this);
    if (timer != null) {
      timer.shutdownNow();
    }
    if (queues != null) {
      queues.close();
      for (Ticket<CakeCall> t : queues.drain()) {
        dequeued(t.item());
        try {
          t.item().runner().drop();
        } catch (RuntimeException e) {
          LOG.debug("Cake: drop at stop failed", e);
        }
        queues.drop(t);
        stopDrops.increment();
      }
    }
    if (pool != null) {
      try {
        if (!pool.stop(STOP_TIMEOUT)) {
          LOG.warn("Cake: handlers of {} still busy after {}; interrupted them", name, STOP_TIMEOUT);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (mbean != null) {
      mbean.unregister();
    }
    if (publisher != null) {
      publisher.close();
    }
    delegate.stop();
  }

  private void scheduleTick() {
    try {
      timer.schedule(this::tick, settings.metricsInterval().toMillis(), TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.RejectedExecutionException stopped) {
      // stopping
    }
  }

  /** Closes a metrics interval and, when due, lets AIMD resize the pool. */
  private void tick() {
    try {
      rollMetrics();
      if (settings.aimdEnabled()) {
        aimdStep();
      }
    } catch (Throwable t) {
      // As HBase's ScheduledChore: logged, and the next tick runs. Only Errors of calls count
      // towards an abort (handle()), as in stock handlers.
      LOG.warn("Cake {}: metrics tick failed", name, t);
    } finally {
      scheduleTick();
    }
  }

  /**
   * One AIMD decision. Under the scheduler's lock like every other resize, so a reload or a JMX
   * change of the bounds cannot slip between the decision and the resize.
   */
  private synchronized void aimdStep() {
    int current = queues.slotCount();
    int next = sizer.tick(current);
    if (next != current) {
      pool.resize(next);
      LOG.info(
          "Cake {}: handler pool {} -> {} (mean single-row get service {} ms)",
          name,
          current,
          next,
          String.format("%.2f", sizer.lastMeanMillis()));
    }
  }

  /** Rolls both the scheduler's and the per-operation metrics now (the timer does so every interval). */
  public synchronized SchedulerSnapshot rollMetrics() {
    SchedulerSnapshot s = queues.rollMetrics();
    ops.roll(s.endNanos());
    if (publisher != null) {
      publisher.refresh();
    }
    return s;
  }

  // ------------------------------------------------------------------ dispatch

  /**
   * Tenants' data traffic comes through HBase's ClientService (get, mutate, scan, multi); the
   * RegionServer's AdminService (update_config, region info, compaction and flush requests) is
   * operator traffic and stays with the stock handlers even where HBase gives it normal priority,
   * so it never queues behind tenants (update_config is how Cake's own kill switch is reached).
   */
  private static boolean isClientService(RpcCall call) {
    var service = call.getService();
    return service == null || service.getDescriptorForType() == CLIENT_SERVICE; // one per JVM
  }

  private static final org.apache.hbase.thirdparty.com.google.protobuf.Descriptors.ServiceDescriptor
      CLIENT_SERVICE =
          org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ClientService.getDescriptor();

  @Override
  public boolean dispatch(CallRunner task) {
    if (!enabled) {
      return delegate.dispatch(task);
    }
    RpcCall call = task.getRpcCall();
    CakeCall cc;
    try {
      User user = call.getRequestUser().orElse(null);
      if (!isClientService(call)
          || priority.of(call.getHeader(), call.getParam(), user) != HConstants.NORMAL_QOS) {
        return delegate.dispatch(task);
      }
      Map<String, byte[]> connAttrs = call.getConnectionAttributes();
      TenantResolver.Resolution r =
          resolver.resolve(
              call.getRequestAttribute(CakeHBaseConfig.TENANT_ATTRIBUTE),
              connAttrs == null ? null : connAttrs.get(CakeHBaseConfig.TENANT_ATTRIBUTE),
              user == null ? null : user.getShortName());
      String method = call.getHeader().getMethodName();
      OperationClassifier.Kind kind = OperationClassifier.classify(method, call.getParam());
      cc =
          new CakeCall(
              task,
              r.tenant(),
              kind.type(),
              kind.singleRowGet(),
              method,
              call.getSize(),
              call.getReceiveTime(),
              EnvironmentEdgeManager.currentTime(),
              call.getDeadline());
    } catch (RuntimeException e) {
      // Never lose a call over our own bookkeeping: stock handling.
      LOG.warn("Cake {}: could not classify a call, handing it to the stock scheduler", name, e);
      return delegate.dispatch(task);
    }
    boolean accepted = queues.offer(cc.tenant(), cc, ops.estimateMicros(cc.tenant(), cc.op()));
    if (accepted) {
      queuedByOp[cc.op().ordinal()].incrementAndGet();
      AtomicLong[] m =
          queuedByMethod.computeIfAbsent(cc.method(), k -> new AtomicLong[] {new AtomicLong(), new AtomicLong()});
      m[0].incrementAndGet();
      m[1].addAndGet(cc.size());
    }
    return accepted;
  }

  private void dequeued(CakeCall c) {
    queuedByOp[c.op().ordinal()].decrementAndGet();
    AtomicLong[] m = queuedByMethod.get(c.method());
    if (m != null) {
      m[0].decrementAndGet();
      m[1].addAndGet(-c.size());
    }
  }

  /**
   * Runs on a handler thread: one ticket. An Error (HBase's CallRunner rethrows those) is counted
   * as stock handlers count it, once the call's bookkeeping is done.
   */
  private void handle(Ticket<CakeCall> ticket, MonitoredRPCHandler status) {
    try {
      serve(ticket, status);
    } catch (Error e) {
      handlerError(ticket.item().tenant(), e);
    } catch (Throwable t) {
      LOG.warn("Cake {}: call of tenant {} failed in the handler", name, ticket.item().tenant(), t);
    }
  }

  private void serve(Ticket<CakeCall> ticket, MonitoredRPCHandler status) {
    CakeCall c = ticket.item();
    dequeued(c);
    CallRunner runner = c.runner();
    runner.setStatus(status);
    if (EnvironmentEdgeManager.currentTime() > c.deadlineMillis()) {
      // The client has given up: answer CallDroppedException rather than work for nobody.
      try {
        runner.drop();
      } finally {
        queues.drop(ticket);
        ops.dropped(c.tenant(), c.op());
        deadlineDrops.increment();
      }
      return;
    }
    int op = c.op().ordinal();
    active.incrementAndGet();
    activeByOp[op].incrementAndGet();
    CurrentTenant.set(c.tenant());
    long start = clock.nanoTime();
    try {
      runner.run();
    } finally {
      long end = clock.nanoTime();
      CurrentTenant.clear();
      activeByOp[op].decrementAndGet();
      active.decrementAndGet();
      long serviceMicros = Math.max(1L, (end - start) / 1_000L);
      queues.complete(ticket, serviceMicros);
      long beforeQueue = Math.max(0L, c.dispatchMillis() - c.receiveMillis()) * 1_000_000L;
      ops.completed(
          c.tenant(),
          c.op(),
          start - ticket.enqueuedNanos(),
          beforeQueue + end - ticket.enqueuedNanos(),
          serviceMicros);
      if (c.singleRowGet()) {
        sizer.recordSingleGet(end - start);
      }
    }
  }

  /** What stock RpcHandler does with an Error: count it and abort the server past the limit. */
  private void handlerError(String tenant, Error e) {
    int handlers = queues.slotCount();
    if (!handlerErrors.countError(handlers)) {
      LOG.warn("Cake {}: handler error in a call of tenant {}", name, tenant, e);
      return;
    }
    String message =
        "Number of failed RpcServer handler runs exceeded threshhold "
            + handlerErrors.percent()
            + " ("
            + handlerErrors.errors()
            + " Errors, "
            + handlers
            + " Cake handlers); reason: "
            + e;
    if (server != null) {
      server.abort(message, e);
    } else {
      // Stock rethrows here and loses the handler thread; a Cake slot would then serve nobody.
      LOG.error("Cake {}: {}, but there is no server to abort", name, message, e);
    }
  }

  // ------------------------------------------------------------------ configuration

  @Override
  public void onConfigurationChange(Configuration conf) {
    if (delegate instanceof ConfigurationObserver) {
      ((ConfigurationObserver) delegate).onConfigurationChange(conf);
    }
    try {
      apply(CakeSettings.from(conf));
      lastConfigurationError = "";
      LOG.info("Cake {}: configuration reloaded, allocation {}", name, queues.allocation());
    } catch (RuntimeException e) {
      lastConfigurationError = e.getMessage();
      LOG.error(
          "Cake {}: configuration rejected, keeping the previous one: {}", name, e.getMessage());
    }
  }

  private synchronized void apply(CakeSettings next) {
    // The allocation from the file is re-applied only when the file's allocation changed: a reload
    // does not undo what the controller or an operator set through JMX since.
    boolean fileAllocationChanged = !next.allocation().equals(settings.allocation());
    Allocation allocation = fileAllocationChanged ? next.allocation() : queues.allocation();
    // Everything that can be refused is checked first, so a refusal changes nothing. CakeSettings
    // checked the file's reservations against the file's minimum; a kept allocation must fit too.
    if (!fileAllocationChanged) {
      try {
        allocation.checkFits(next.aimd().minSize(), CakeHBaseConfig.AIMD_MIN);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "the reservations in force (set through JMX or the controller since the file was"
                + " loaded) do not fit: " + e.getMessage(),
            e);
      }
    }
    // The queues refuse reservations that do not leave one shared slot of the pool, so apply in
    // an order that never passes through such a state: when the reservations do not fit the pool
    // as it is (raising both), the bounds go first and grow the pool; otherwise (lowering both)
    // the reservations go first and the bounds may then shrink the pool to no less than
    // aimd.min > reserved.
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
    queueLimits = new int[] {next.queuePerTenant(), next.queueTotal()};
    resolver = resolverFor(next);
    enabled = next.enabled();
    settings = next;
  }

  // ------------------------------------------------------------------ controller API

  public String name() {
    return name;
  }

  public int port() {
    return port;
  }

  public CakeSettings settings() {
    return settings;
  }

  /** Whether normal calls go through Cake (false: everything goes to the stock scheduler). */
  public boolean enabled() {
    return enabled;
  }

  /** The last closed metrics interval, per tenant (cake-core format). */
  public SchedulerSnapshot lastSnapshot() {
    return queues.lastSnapshot();
  }

  /** The last closed metrics interval, per (tenant, operation type). */
  public OperationStats.Snapshot lastOperationSnapshot() {
    return ops.last();
  }

  /** Cumulative per (tenant, operation) counters. */
  public OperationStats operationStats() {
    return ops;
  }

  /** Cumulative per-tenant counters (null for a tenant never seen). */
  public io.cake.core.metrics.TenantMetrics tenantMetrics(String tenant) {
    return queues.metrics(tenant);
  }

  public Allocation allocation() {
    return queues.allocation();
  }

  /** Installs new shares and reservations; throws IllegalArgumentException and changes nothing if invalid. */
  public synchronized void setAllocation(Allocation allocation) {
    queues.setAllocation(allocation);
    LOG.info("Cake {}: allocation set to {}", name, allocation);
  }

  public int poolSize() {
    return queues.slotCount();
  }

  /** Sets the handler pool size within the AIMD bounds (AIMD may move it again). */
  public synchronized void setPoolSize(int size) {
    AimdConfig c = sizer.config();
    if (size < c.minSize() || size > c.maxSize()) {
      throw new IllegalArgumentException(
          "pool size must be within [" + c.minSize() + ", " + c.maxSize() + "], got " + size);
    }
    if (sizer.clamp(size) != size) {
      throw new IllegalArgumentException(
          "pool size " + size + " is above the controller's cap " + sizer.cap() + " (set PoolCap to 0 to clear it)");
    }
    pool.resize(size);
  }

  /** Running handler threads (may lag a shrink until retired handlers finish their call). */
  public int handlerThreads() {
    return pool.size();
  }

  public AimdConfig aimdConfig() {
    return sizer.config();
  }

  /** Changes the pool bounds; the pool is clamped into them at once. */
  public synchronized void setPoolBounds(int min, int max) {
    AimdConfig c = sizer.config();
    AimdConfig next =
        new AimdConfig(c.lowMillis(), c.highMillis(), c.decreaseFactor(), min, max, c.interval());
    queues.allocation().checkFits(min, "the pool's min");
    sizer.setConfig(next);
    clampPool();
  }

  /** Resizes the pool at once if it is outside the bounds and cap in force now. */
  private void clampPool() {
    int size = queues.slotCount();
    if (sizer.clamp(size) != size) {
      pool.resize(sizer.clamp(size));
    }
  }

  /**
   * Caps the handler pool below the AIMD maximum (0 removes the cap); the pool shrinks at once if
   * it is above. The second-level controller uses this when the SLO misses outside the queues.
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

  /** The controller's cap on the pool, 0 for none. */
  public int poolCap() {
    return sizer.cap();
  }

  public synchronized void setQueueLimits(int perTenant, int total) {
    queues.setCapacities(perTenant, total);
    queueLimits = new int[] {perTenant, total};
  }

  /** {per tenant, total} queue bounds in force. */
  public int[] queueLimits() {
    return queueLimits.clone();
  }

  public int queued() {
    return queues.queued();
  }

  public int queued(String tenant) {
    return queues.queued(tenant);
  }

  public int activeHandlers() {
    return active.get();
  }

  public TenantResolver.Known tenants() {
    return known;
  }

  public long deadlineDrops() {
    return deadlineDrops.sum();
  }

  public double lastAimdMeanMillis() {
    return sizer.lastMeanMillis();
  }

  /** MonitoredRPCHandler statuses made in HBase's TaskMonitor for Cake's handlers so far. */
  public int handlerStatuses() {
    return statuses.created();
  }

  /** Why the last configuration reload was refused, or empty. */
  public String lastConfigurationError() {
    return lastConfigurationError;
  }

  RpcScheduler delegate() {
    return delegate;
  }

  // ------------------------------------------------------------------ RpcScheduler numbers

  @Override
  public CallQueueInfo getCallQueueInfo() {
    Map<String, Long> counts = new HashMap<>();
    Map<String, Long> sizes = new HashMap<>();
    queuedByMethod.forEach(
        (m, v) -> {
          counts.put(m, Math.max(0L, v[0].get()));
          sizes.put(m, Math.max(0L, v[1].get()));
        });
    return CakeCallQueueInfo.merge(delegate.getCallQueueInfo(), QUEUE_NAME, counts, sizes);
  }

  private int cakeQueued() {
    return queues == null ? 0 : queues.queued();
  }

  @Override
  public int getGeneralQueueLength() {
    return delegate.getGeneralQueueLength() + cakeQueued();
  }

  @Override
  public int getPriorityQueueLength() {
    return delegate.getPriorityQueueLength();
  }

  @Override
  public int getMetaPriorityQueueLength() {
    return delegate.getMetaPriorityQueueLength();
  }

  @Override
  public int getReplicationQueueLength() {
    return delegate.getReplicationQueueLength();
  }

  @Override
  public int getBulkLoadQueueLength() {
    return delegate.getBulkLoadQueueLength();
  }

  @Override
  public int getActiveRpcHandlerCount() {
    return delegate.getActiveRpcHandlerCount() + active.get();
  }

  @Override
  public int getActiveGeneralRpcHandlerCount() {
    return delegate.getActiveGeneralRpcHandlerCount() + active.get();
  }

  @Override
  public int getActivePriorityRpcHandlerCount() {
    return delegate.getActivePriorityRpcHandlerCount();
  }

  @Override
  public int getActiveMetaPriorityRpcHandlerCount() {
    return delegate.getActiveMetaPriorityRpcHandlerCount();
  }

  @Override
  public int getActiveReplicationRpcHandlerCount() {
    return delegate.getActiveReplicationRpcHandlerCount();
  }

  @Override
  public int getActiveBulkLoadRpcHandlerCount() {
    return delegate.getActiveBulkLoadRpcHandlerCount();
  }

  @Override
  public long getNumGeneralCallsDropped() {
    return delegate.getNumGeneralCallsDropped() + deadlineDrops.sum() + stopDrops.sum();
  }

  @Override
  public long getNumLifoModeSwitches() {
    return delegate.getNumLifoModeSwitches();
  }

  @Override
  public int getWriteQueueLength() {
    return delegate.getWriteQueueLength() + queuedByOp[OperationType.MUTATION.ordinal()].get();
  }

  @Override
  public int getReadQueueLength() {
    return delegate.getReadQueueLength() + queuedByOp[OperationType.GET.ordinal()].get();
  }

  @Override
  public int getScanQueueLength() {
    return delegate.getScanQueueLength() + queuedByOp[OperationType.SCAN.ordinal()].get();
  }

  @Override
  public int getActiveWriteRpcHandlerCount() {
    return delegate.getActiveWriteRpcHandlerCount()
        + activeByOp[OperationType.MUTATION.ordinal()].get();
  }

  @Override
  public int getActiveReadRpcHandlerCount() {
    return delegate.getActiveReadRpcHandlerCount() + activeByOp[OperationType.GET.ordinal()].get();
  }

  @Override
  public int getActiveScanRpcHandlerCount() {
    return delegate.getActiveScanRpcHandlerCount() + activeByOp[OperationType.SCAN.ordinal()].get();
  }

  @Override
  public String toString() {
    return "CakeRpcScheduler[" + name + "]";
  }
}
