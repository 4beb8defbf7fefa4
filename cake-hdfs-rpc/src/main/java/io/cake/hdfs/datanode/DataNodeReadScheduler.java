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
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;

/**
 * The first-level HDFS scheduler of one DataNode: a cake-core {@link SoftLimitGate} (per-tenant
 * queues, shares, reservations, soft limit on slots) that every gated disk read of at most {@link
 * #chunkSize()} bytes passes; its timer, gauges and control MBean are a {@link SchedulerHost}'s.
 * An in-JVM controller finds it through {@link io.cake.core.level.FirstLevels}.
 *
 * <p>A gated read holds its slot for the disk part of one chunk, or with {@link
 * HdfsSchedulerConfig#LEND_BETWEEN_CHUNKS_KEY} keeps its permit for the whole block and lends it
 * between chunks (why, in {@code ChunkGate}). Reads holding a slot far longer than recent reads
 * did, and at least {@link HdfsSchedulerConfig#STUCK_READ_MS_KEY}, are written off by a watch
 * thread ({@code StuckReadWatch}, {@code StuckReadThreshold}); the stall timeout ({@link HdfsSchedulerConfig#STALL_TIMEOUT_MS_KEY}) is the
 * last resort behind that.
 */
public final class DataNodeReadScheduler implements FirstLevel, AutoCloseable {
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
  private final SoftLimitGate gate;
  private final ClientNameParser parser;
  private final Object configLock = new Object();
  /** Used under {@link #configLock}. */
  private final GateSettings settings;
  private volatile boolean enabled;
  private volatile boolean lendBetweenChunks;
  private final SchedulerHost host;
  private volatile boolean closed;
  private final TenantCap tenants;
  private final UngatedReads ungated;
  private final ChunkGate chunks;
  /** Started and stopped under this scheduler's monitor ({@link #start}, {@link #close}). */
  private final StuckReadWatch stuckReads;

  public DataNodeReadScheduler(String name, HdfsSchedulerConfig config, Clock clock) {
    this.name = Objects.requireNonNull(name, "name");
    Objects.requireNonNull(clock, "clock");
    this.gate = new SoftLimitGate(name, clock, config.softLimit());
    this.gate.setDeviceLimit(config.volumeLimit());
    this.gate.scheduler().setAllocation(config.allocation());
    this.parser = new ClientNameParser(config.batchTenant());
    this.tenants = new TenantCap(config.maxTenants(), HdfsSchedulerConfig.MAX_TENANTS_KEY);
    this.settings = new GateSettings(gate, tenants);
    tenants.pin(config.batchTenant());
    settings.pin(config.allocation());
    long stallNanos = TimeUnit.MILLISECONDS.toNanos(config.stallTimeoutMs());
    this.ungated = new UngatedReads(name, stallNanos);
    this.stuckReads = new StuckReadWatch(name, clock, gate, config.stuckReadMs());
    this.chunks = new ChunkGate(name, clock, gate, config.chunkSize(), stallNanos, ungated, stuckReads::completed);
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
    if (!closed) {
      stuckReads.start();
    }
    return this;
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

  public String batchTenant() {
    return parser.batchTenant();
  }

  public int chunkSize() {
    return chunks.chunkSize();
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
      settings.setLimit(newLimit);
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
      return settings.updateAllocation(change);
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
    return chunks.inFlight();
  }

  /** Most disk reads seen running at once since the last {@link #resetCounters()}. */
  public int maxInFlight() {
    return chunks.maxInFlight();
  }

  /**
   * Times a disk read started while more than {@code limit + lent} were running. Stays 0 unless
   * the limit was lowered while holders were finishing (they finish first, as documented).
   */
  public long boundViolations() {
    return chunks.boundViolations();
  }

  public long gatedChunks() {
    return chunks.gatedChunks();
  }

  public void resetCounters() {
    chunks.resetCounters();
  }

  public void setChunkListener(ChunkListener l) {
    chunks.setListener(l);
  }

  // ------------------------------------------------------------------ the read path

  /**
   * Disk reads done ungated: the gate had stalled ({@link HdfsSchedulerConfig#STALL_TIMEOUT_MS_KEY}),
   * or their volume had a stuck read ({@link HdfsSchedulerConfig#STUCK_READ_MS_KEY}).
   */
  public long ungatedReads() {
    return ungated.reads();
  }

  /** Block files handed to local clients for short-circuit reads, which bypass the gate. */
  public long shortCircuitOpens() {
    return ungated.shortCircuitOpens();
  }

  /** A local client was handed a block's file descriptors: its reads will not pass the gate. */
  public void shortCircuitOpened(String thread) {
    ungated.shortCircuitOpened(thread);
  }

  /**
   * Writes off reads that have held a slot for {@link HdfsSchedulerConfig#STUCK_READ_MS_KEY} (the
   * watch thread calls this every quarter of it): their slots go to waiting reads. Returns how
   * many this call wrote off.
   */
  public int writeOffStuckReads() {
    return stuckReads.writeOff();
  }

  /** Reads written off as stuck since start ({@link #writeOffStuckReads}). */
  public long stuckReads() {
    return gate.writeOffs();
  }

  /** Volumes with a written-off read that has not returned: their reads skip the gate. */
  public Set<String> stuckVolumes() {
    return gate.stuckDevices();
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
    return new ReadSession(chunks,
        TenantNames.isValid(tenant) ? tenant : TenantNames.DEFAULT, client, volume, lendBetweenChunks);
  }

  /** Used by one DataXceiver thread at a time. */
  public static final class ReadSession implements BlockReadHook, Closeable {
    /** Not the scheduler: one hop from the session to the gate and counters each chunk uses. */
    private final ChunkGate chunks;
    private final String tenant;
    private final String client;
    private final String volume;
    private final boolean lend;
    private SoftLimitGate.Permit permit;
    private boolean done;

    private ReadSession(ChunkGate chunks, String tenant, String client, String volume, boolean lend) {
      this.chunks = chunks;
      this.tenant = tenant;
      this.client = client;
      this.volume = volume;
      this.lend = lend;
    }

    public String tenant() {
      return tenant;
    }

    public int chunkSize() {
      return chunks.chunkSize();
    }

    @Override
    public int begin(long position, int wanted) throws InterruptedIOException {
      return begin(wanted);
    }

    /** Waits for a slot; returns how many of {@code wanted} (at least 1) bytes to read now. */
    public int begin(int wanted) throws InterruptedIOException {
      int n = Math.max(1, Math.min(wanted, chunks.chunkSize()));
      try {
        permit = chunks.begin(tenant, client, volume, lend, permit, n);
      } catch (InterruptedIOException e) {
        permit = null; // the gate already gave it back
        throw e;
      }
      return n;
    }

    /** The disk read started by the last {@link #begin} is over (successfully or not). */
    @Override
    public void end() {
      if (permit == null) {
        return; // an ungated read (the gate had stalled)
      }
      permit = chunks.end(permit, lend);
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
      stuckReads.stop();
    }
    host.close();
  }

  @Override
  public String toString() {
    return "DataNodeReadScheduler[" + name + ", limit=" + limit() + "]";
  }
}
