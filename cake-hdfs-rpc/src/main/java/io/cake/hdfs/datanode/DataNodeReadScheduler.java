package io.cake.hdfs.datanode;

import io.cake.core.level.FirstLevel;
import io.cake.core.level.SchedulerHost;
import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.sched.Allocation;
import io.cake.core.sched.FairQueueScheduler;
import io.cake.core.sched.SoftLimitGate;
import io.cake.core.tenant.TenantCap;
import io.cake.core.tenant.TenantNames;
import io.cake.core.time.Clock;
import java.io.Closeable;
import java.io.InterruptedIOException;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The first-level HDFS scheduler of one DataNode: a cake-core {@link SoftLimitGate} (per-tenant
 * queues, shares, reservations, soft limit on slots) that every gated disk read of at most {@link
 * #chunkSize()} bytes passes; its timer, gauges and control MBean are a {@link SchedulerHost}'s.
 * An in-JVM controller finds it through {@link io.cake.core.level.FirstLevels}.
 *
 * <p>What "blocked on the network" means here. In both DataNode send modes the slot is held only
 * for the disk part of one chunk:
 *
 * <ul>
 *   <li>transferTo (zero copy, the default): one gated call is one {@code FileChannel.transferTo}
 *       of at most one chunk into the DataNode's non-blocking socket; the kernel reads the file
 *       and fills the socket buffer in that syscall and returns short rather than block. Waiting
 *       for the socket to drain ({@code SocketOutputStream.waitForWritable}) happens between gated
 *       calls, without a slot.
 *   <li>copy mode ({@code dfs.datanode.transferTo.allowed=false}): one gated call is one read into
 *       the packet buffer; the socket write follows, without a slot.
 * </ul>
 *
 * So by default (chunk mode) the slot is simply given back after each chunk and every chunk queues
 * anew: a holder is never blocked on the network, nothing needs lending, and interleaving is per
 * chunk. With {@link HdfsSchedulerConfig#LEND_BETWEEN_CHUNKS_KEY} a block read instead keeps its
 * permit for the whole block, {@linkplain SoftLimitGate.Permit#lend() lends} it after each chunk
 * (while the DataNode is writing to the network) and reclaims it before the next one: Cake's
 * literal section 5.2 behaviour (soft limit + 1 per lender), with interleaving per block read.
 *
 * <p>A hung volume. One gate orders reads of every volume (shares and reservations are the
 * DataNode's, as in Cake), so reads stuck on one volume would hold slots the others need. A
 * watch thread {@linkplain SoftLimitGate#writeOffHeldSince writes off} reads holding a slot
 * longer than {@link HdfsSchedulerConfig#STUCK_READ_MS_KEY}: their slots go to waiting reads, and
 * further reads of their volume skip the gate until they return. The stall timeout ({@link
 * HdfsSchedulerConfig#STALL_TIMEOUT_MS_KEY}) is the last resort behind that, for a gate that stops
 * turning over for any other reason.
 */
public final class DataNodeReadScheduler implements FirstLevel, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(DataNodeReadScheduler.class);

  /**
   * Diagnostics hook: called on the reading thread after a chunk got its slot and before the disk
   * read, so time spent in it counts as service time (tests use that to model a slow disk).
   */
  @FunctionalInterface
  public interface ChunkListener {
    /**
     * @param client the DFS client name
     * @param othersWaiting callers of other tenants waiting at grant time
     * @param waitNanos how long this chunk waited for its slot
     */
    void onChunk(String tenant, String client, int bytes, int othersWaiting, long waitNanos);
  }

  private final String name;
  private final Clock clock;
  private final SoftLimitGate gate;
  private final ClientNameParser parser;
  private final int chunkSize;
  private final Object configLock = new Object();
  private volatile boolean enabled;
  private volatile boolean lendBetweenChunks;
  private volatile ChunkListener listener;

  private final AtomicInteger inFlight = new AtomicInteger();
  private final AtomicInteger maxInFlight = new AtomicInteger();
  private final AtomicLong boundViolations = new AtomicLong();
  private final AtomicLong gatedChunks = new AtomicLong();

  private final SchedulerHost host;
  private volatile boolean closed;
  private final TenantCap tenants;
  private final long stallNanos;
  private final long stuckNanos;
  private ScheduledExecutorService watch;
  private final AtomicLong ungatedReads = new AtomicLong();
  private final AtomicLong shortCircuitOpens = new AtomicLong();
  private final AtomicBoolean loggedShortCircuit = new AtomicBoolean();
  private final AtomicBoolean loggedStall = new AtomicBoolean();
  private final AtomicBoolean loggedStuck = new AtomicBoolean();

  public DataNodeReadScheduler(String name, HdfsSchedulerConfig config, Clock clock) {
    this.name = Objects.requireNonNull(name, "name");
    this.clock = Objects.requireNonNull(clock, "clock");
    this.gate = new SoftLimitGate(name, clock, config.softLimit());
    this.gate.setDeviceLimit(config.volumeLimit());
    this.gate.scheduler().setAllocation(config.allocation());
    this.parser = new ClientNameParser(config.batchTenant());
    this.tenants = new TenantCap(config.maxTenants(), HdfsSchedulerConfig.MAX_TENANTS_KEY);
    tenants.pin(config.batchTenant());
    pin(config.allocation());
    this.chunkSize = config.chunkSize();
    this.stallNanos = TimeUnit.MILLISECONDS.toNanos(config.stallTimeoutMs());
    this.stuckNanos = TimeUnit.MILLISECONDS.toNanos(config.stuckReadMs());
    this.enabled = config.enabled();
    this.lendBetweenChunks = config.lendBetweenChunks();
    long intervalMs = config.metricsIntervalMs();
    this.host = new SchedulerHost(this, () -> intervalMs, snapshot -> {}, () -> {});
  }

  /**
   * Starts the metrics timer; {@code control}, when not null, is registered over JMX with the
   * per-tenant gauges ({@link HdfsSchedulerConfig#JMX_KEY}). Reads are gated from construction on.
   */
  public synchronized DataNodeReadScheduler start(HdfsSchedulerMXBean control) {
    host.start(control, HdfsSchedulerMXBean.class);
    if (stuckNanos > 0 && watch == null && !closed) {
      watch = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "cake-stuck-reads-" + name);
        t.setDaemon(true);
        return t;
      });
      long period = Math.max(1L, stuckNanos / 4);
      watch.scheduleWithFixedDelay(this::watchTick, period, period, TimeUnit.NANOSECONDS);
    }
    return this;
  }

  private void watchTick() {
    try {
      writeOffStuckReads();
    } catch (RuntimeException e) {
      LOG.warn("Cake {}: stuck-read check failed", name, e); // and the next one runs
    }
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String kind() {
    return HDFS;
  }

  /**
   * The tenant of a DFS client name (see {@link ClientNameParser}); {@code default} for a new name
   * beyond {@link HdfsSchedulerConfig#MAX_TENANTS_KEY}: any client may name itself, so names alone
   * must not grow the DataNode's queues and MBeans without bound.
   */
  public String tenantOf(String clientName) {
    return tenants.admit(parser.tenantOf(clientName));
  }

  /** The tenants this DataNode keeps state for, and how many reads the cap folded into default. */
  @Override
  public TenantCap tenants() {
    return tenants;
  }

  /** Tenants named by an allocation (configured or set by the controller) are never folded. */
  private void pin(Allocation a) {
    a.shares().keySet().forEach(tenants::pin);
    a.reservations().keySet().forEach(tenants::pin);
  }

  public String batchTenant() {
    return parser.batchTenant();
  }

  public int chunkSize() {
    return chunkSize;
  }

  // ------------------------------------------------------------------ control (controller, JMX)

  @Override
  public boolean enabled() {
    return enabled;
  }

  /** Kill switch: when off, block reads opened from now on pass through ungated. */
  @Override
  public void setEnabled(boolean on) {
    enabled = on;
  }

  public boolean lendBetweenChunks() {
    return lendBetweenChunks;
  }

  /** Applies to block reads opened from now on. */
  public void setLendBetweenChunks(boolean on) {
    lendBetweenChunks = on;
  }

  public int limit() {
    return gate.limit();
  }

  /** Changes the soft limit. Refused, changing nothing, if the reservations would not fit it. */
  public void setLimit(int newLimit) {
    synchronized (configLock) {
      if (newLimit < 1 || newLimit > SoftLimitGate.MAX_LIMIT) {
        throw new IllegalArgumentException(
            "soft limit must be within [1, " + SoftLimitGate.MAX_LIMIT + "], got " + newLimit);
      }
      allocation().checkFits(newLimit, "the soft limit");
      gate.setLimit(newLimit);
    }
  }

  /** Most gated reads of one volume at once; 0: no limit per volume. */
  public int volumeLimit() {
    return gate.deviceLimit();
  }

  /**
   * Changes the limit per volume ({@link HdfsSchedulerConfig#VOLUME_LIMIT_KEY}); 0 lifts it.
   * Refused by the gate, changing nothing, outside [0, {@link SoftLimitGate#MAX_LIMIT}].
   */
  public void setVolumeLimit(int perVolume) {
    gate.setDeviceLimit(perVolume);
  }

  @Override
  public Allocation allocation() {
    return gate.scheduler().allocation();
  }

  /** Installs shares and reservations. Refused, changing nothing, if they do not fit the limit. */
  @Override
  public Allocation updateAllocation(UnaryOperator<Allocation> change) {
    synchronized (configLock) {
      Allocation next = Objects.requireNonNull(change.apply(allocation()), "allocation");
      gate.scheduler().setAllocation(next);
      pin(next);
      return next;
    }
  }

  // ------------------------------------------------------------------ observation

  /** The cake-core scheduler behind the gate: cumulative per-tenant metrics, queue lengths. */
  @Override
  public FairQueueScheduler<SoftLimitGate.Permit> queues() {
    return gate.scheduler();
  }

  /** The soft limit: disk reads let run at once (more while permits are lent). */
  @Override
  public int slots() {
    return gate.limit();
  }

  /** Closes the metrics interval (also done by the timer) and refreshes the JMX MBeans. */
  public SchedulerSnapshot rollMetrics() {
    return host.rollMetrics();
  }

  public int holding() {
    return gate.holding();
  }

  public int lent() {
    return gate.lent();
  }

  public int waiting() {
    return gate.waiting();
  }

  /** Disk reads running now under a slot. */
  public int inFlight() {
    return inFlight.get();
  }

  /** Most disk reads seen running at once since the last {@link #resetCounters()}. */
  public int maxInFlight() {
    return maxInFlight.get();
  }

  /**
   * Times a disk read started while more than {@code limit + lent} were running. Stays 0 unless
   * the limit was lowered while holders were finishing (they finish first, as documented).
   */
  public long boundViolations() {
    return boundViolations.get();
  }

  public long gatedChunks() {
    return gatedChunks.get();
  }

  public void resetCounters() {
    maxInFlight.set(inFlight.get());
    boundViolations.set(0);
  }

  public void setChunkListener(ChunkListener l) {
    listener = l;
  }

  // ------------------------------------------------------------------ the read path

  /**
   * Disk reads done ungated: the gate had stalled ({@link HdfsSchedulerConfig#STALL_TIMEOUT_MS_KEY}),
   * or their volume had a stuck read ({@link HdfsSchedulerConfig#STUCK_READ_MS_KEY}).
   */
  public long ungatedReads() {
    return ungatedReads.get();
  }

  /** Block files handed to local clients for short-circuit reads, which bypass the gate. */
  public long shortCircuitOpens() {
    return shortCircuitOpens.get();
  }

  /** A local client was handed a block's file descriptors: its reads will not pass the gate. */
  public void shortCircuitOpened(String thread) {
    shortCircuitOpens.incrementAndGet();
    if (loggedShortCircuit.compareAndSet(false, true)) {
      LOG.warn("Cake {}: a local client reads by short-circuit ({}): those reads bypass Cake's"
              + " disk gate and are not scheduled; turn dfs.client.read.shortcircuit off on the"
              + " RegionServers to schedule them. Further ones are only counted (ShortCircuitOpens)",
          name, thread);
    }
  }

  /**
   * Writes off reads that have held a slot for {@link HdfsSchedulerConfig#STUCK_READ_MS_KEY} (the
   * watch thread calls this every quarter of it): their slots go to waiting reads. Returns how
   * many this call wrote off.
   */
  public int writeOffStuckReads() {
    if (stuckNanos <= 0) {
      return 0;
    }
    int n = gate.writeOffHeldSince(clock.nanoTime() - stuckNanos);
    if (n > 0 && loggedStuck.compareAndSet(false, true)) {
      LOG.warn("Cake {}: {} disk read(s) held a slot for over {} ms ({}), volume(s) {}: their slots"
              + " go to other reads, and reads of those volumes skip the gate until they return."
              + " Further ones are only counted (StuckReads, StuckVolumes)", name, n,
          TimeUnit.NANOSECONDS.toMillis(stuckNanos), HdfsSchedulerConfig.STUCK_READ_MS_KEY,
          gate.stuckDevices());
    }
    return n;
  }

  /** Reads written off as stuck since start ({@link #writeOffStuckReads}). */
  public long stuckReads() {
    return gate.writeOffs();
  }

  /** Volumes with a written-off read that has not returned: their reads skip the gate. */
  public Set<String> stuckVolumes() {
    return gate.stuckDevices();
  }

  private void stalled() {
    ungatedReads.incrementAndGet();
    if (loggedStall.compareAndSet(false, true)) {
      LOG.warn("Cake {}: no disk slot freed for {} ms ({}): reading ungated; further ones are only"
              + " counted (UngatedReads)", name, TimeUnit.NANOSECONDS.toMillis(stallNanos),
          HdfsSchedulerConfig.STALL_TIMEOUT_MS_KEY);
    }
  }

  /** As {@link #openSession(String, String, String)} on a volume nobody knows. */
  public ReadSession openSession(String tenant, String client) {
    return openSession(tenant, client, null);
  }

  /**
   * A session for one block read by {@code tenant} from {@code volume} (the block's storage ID,
   * or null if unknown): the gated streams call {@link ReadSession#begin} before and {@link
   * ReadSession#end} after each disk read.
   */
  public ReadSession openSession(String tenant, String client, String volume) {
    return new ReadSession(
        TenantNames.isValid(tenant) ? tenant : TenantNames.DEFAULT, client, volume, lendBetweenChunks);
  }

  /** Used by one DataXceiver thread at a time. */
  public final class ReadSession implements BlockReadHook, Closeable {
    private final String tenant;
    private final String client;
    private final String volume;
    private final boolean lend;
    private SoftLimitGate.Permit permit;
    private boolean done;

    private ReadSession(String tenant, String client, String volume, boolean lend) {
      this.tenant = tenant;
      this.client = client;
      this.volume = volume;
      this.lend = lend;
    }

    public String tenant() {
      return tenant;
    }

    public int chunkSize() {
      return chunkSize;
    }

    @Override
    public int begin(long position, int wanted) throws InterruptedIOException {
      return begin(wanted);
    }

    /** Waits for a slot; returns how many of {@code wanted} (at least 1) bytes to read now. */
    public int begin(int wanted) throws InterruptedIOException {
      int n = Math.max(1, Math.min(wanted, chunkSize));
      ChunkListener l = listener;
      long t0 = l == null ? 0L : clock.nanoTime();
      if (volume != null && gate.stuckDevices().contains(volume)) {
        ungatedReads.incrementAndGet(); // logged by writeOffStuckReads
        if (permit != null) {
          permit.close(); // a lent permit: nothing to keep it for while the volume hangs
          permit = null;
        }
        return n; // ungated: end() sees no permit
      }
      try {
        if (lend && permit != null) {
          permit.reclaim();
        } else {
          permit = gate.acquire(tenant, n, stallNanos, volume);
          if (permit == null) {
            stalled();
            return n; // ungated: end() sees no permit
          }
        }
      } catch (InterruptedException e) {
        permit = null; // the gate already gave it back
        Thread.currentThread().interrupt();
        InterruptedIOException ie =
            new InterruptedIOException("interrupted waiting for a disk slot at " + name);
        ie.initCause(e);
        throw ie;
      }
      int now = inFlight.incrementAndGet();
      maxInFlight.accumulateAndGet(now, Math::max);
      if (now > gate.limit() + gate.lent()) {
        boundViolations.incrementAndGet();
      }
      gatedChunks.incrementAndGet();
      if (l != null) {
        try {
          FairQueueScheduler<?> s = gate.scheduler();
          l.onChunk(tenant, client, n, s.queued() - s.queued(tenant), clock.nanoTime() - t0);
        } catch (RuntimeException e) {
          LOG.warn("chunk listener failed", e);
        }
      }
      return n;
    }

    /** The disk read started by the last {@link #begin} is over (successfully or not). */
    @Override
    public void end() {
      if (permit == null) {
        return; // an ungated read (the gate had stalled)
      }
      inFlight.decrementAndGet();
      if (lend) {
        permit.lend();
      } else {
        permit.close();
        permit = null;
      }
    }

    /** Ends the block read: gives back a lent permit. Idempotent. */
    @Override
    public void close() {
      if (done) {
        return;
      }
      done = true;
      if (permit != null) {
        permit.close();
        permit = null;
      }
    }
  }

  // ------------------------------------------------------------------ lifecycle

  public boolean isClosed() {
    return closed;
  }

  /** Stops the timer, unregisters the MBeans and leaves the registry. Reads still pass. */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    enabled = false;
    synchronized (this) {
      if (watch != null) {
        watch.shutdownNow();
      }
    }
    host.close();
  }

  @Override
  public String toString() {
    return "DataNodeReadScheduler[" + name + ", limit=" + limit() + "]";
  }
}
