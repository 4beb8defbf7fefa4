package io.cake.hdfs.datanode;

import io.cake.core.chunk.ChunkPlanner;
import io.cake.core.config.ConfigBoolean;
import io.cake.core.config.ConfigNumbers;
import io.cake.core.config.SiteKeys;
import io.cake.core.config.TenantKeys;
import io.cake.core.sched.Allocation;
import io.cake.core.sched.SoftLimitGate;
import io.cake.core.tenant.TenantNames;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * The DataNode-side keys (hdfs-site.xml), their defaults and their validation. Every key is
 * documented in docs/configuration.md. Invalid values fail DataNode start-up with a message naming the key.
 */
public record HdfsSchedulerConfig(
    boolean enabled,
    int softLimit,
    int volumeLimit,
    int chunkSize,
    String batchTenant,
    boolean lendBetweenChunks,
    long metricsIntervalMs,
    boolean jmx,
    int maxTenants,
    long stallTimeoutMs,
    long stuckReadMs,
    Allocation allocation,
    List<String> overrides) {

  /** Hadoop's key naming the dataset factory; set it to {@link CakeFsDatasetFactory}. */
  public static final String FSDATASET_FACTORY_KEY = "dfs.datanode.fsdataset.factory";

  /** The factory that builds the real dataset we wrap (default: Hadoop's stock one). */
  public static final String BASE_FACTORY_KEY = "cake.hdfs.fsdataset.base-factory";
  /** Hadoop's stock FsDatasetFactory, by name: the cake tool reads these keys without Hadoop. */
  public static final String DEFAULT_BASE_FACTORY = "org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.FsDatasetFactory";

  /** Kill switch, also changeable via JMX: when false reads pass through ungated. */
  public static final String ENABLED_KEY = "cake.hdfs.enabled";
  public static final boolean DEFAULT_ENABLED = true;

  /** Slots for disk reads per DataNode (Cake section 5.2). */
  public static final String SOFT_LIMIT_KEY = "cake.hdfs.soft-limit";
  public static final int DEFAULT_SOFT_LIMIT = SoftLimitGate.DEFAULT_LIMIT;

  /**
   * Most gated reads of one volume at once, within the soft limit; 0 (default): no limit per
   * volume. Without it the soft limit's slots can pile onto one volume while another idles, and
   * reads admitted to a busy volume wait in its device queue, beyond Cake's ordering.
   */
  public static final String VOLUME_LIMIT_KEY = "cake.hdfs.soft-limit.per-volume";
  public static final int DEFAULT_VOLUME_LIMIT = 0;

  /** Largest disk read (or transferTo) done under one slot, in bytes. */
  public static final String CHUNK_SIZE_KEY = "cake.hdfs.chunk-size";
  public static final int DEFAULT_CHUNK_SIZE = ChunkPlanner.DEFAULT_CHUNK_SIZE;

  /** Tenant of MapReduce/Spark task clients (client names DFSClient_attempt_...). */
  public static final String BATCH_TENANT_KEY = "cake.hdfs.batch-tenant";
  public static final String DEFAULT_BATCH_TENANT = "batch";

  /**
   * When true a block read keeps its slot between chunks and lends it while the DataNode writes
   * to the network (Cake's +1 per lender); when false (default) each chunk queues on its own.
   */
  public static final String LEND_BETWEEN_CHUNKS_KEY = "cake.hdfs.lend-between-chunks";
  public static final boolean DEFAULT_LEND_BETWEEN_CHUNKS = false;

  /** Metrics interval; 0 disables the timer (the owner then calls rollMetrics itself). */
  public static final String METRICS_INTERVAL_MS_KEY = "cake.hdfs.metrics.interval-ms";
  public static final long DEFAULT_METRICS_INTERVAL_MS = 10_000L;

  /** Whether to register the metric and control MBeans on the platform MBeanServer. */
  public static final String JMX_KEY = "cake.hdfs.jmx.enabled";
  public static final boolean DEFAULT_JMX = true;

  /**
   * Most tenants the DataNode keeps queues and metrics for; reads of further client-named tenants
   * are served as {@code default}. Configured tenants and the batch tenant always have their own.
   */
  public static final String MAX_TENANTS_KEY = "cake.hdfs.max-tenants";
  public static final int DEFAULT_MAX_TENANTS = 64;

  /**
   * A read that finds every slot taken and none freed or granted for this long stops waiting and
   * reads ungated (counted in the control MBean's {@code UngatedReads}, logged once): slots held
   * that long are stuck (a hung volume), and waiting behind them would stall every read of the
   * DataNode. Long waits while slots keep turning over are queueing and never time out. 0: wait
   * for ever.
   */
  public static final String STALL_TIMEOUT_MS_KEY = "cake.hdfs.stall-timeout-ms";
  public static final long DEFAULT_STALL_TIMEOUT_MS = 10_000L;

  /**
   * A disk read holding its slot this long, and four times longer than any read that came back in
   * the last minute or two, is presumed hung (its volume does not answer): its slot goes to waiting
   * reads, as if lent, and further reads of its volume skip the gate (counted in {@code
   * UngatedReads}, logged once) until it returns. So a hung volume costs the other volumes' reads
   * about this long (plus a quarter of it, how often holders are checked), not every slot for as
   * long as it hangs, while a disk that is slow because it is busy is not mistaken for a hung one
   * ({@code StuckReadThreshold}). 0: never.
   */
  public static final String STUCK_READ_MS_KEY = "cake.hdfs.stuck-read-ms";
  public static final long DEFAULT_STUCK_READ_MS = 1_000L;

  /**
   * The users whose reads may name a Cake tenant ({@code DFSClient_cake_<tenant>_...}): the
   * RegionServers' user. Checked only with {@code dfs.block.access.token.enable}, when the block
   * token tells the DataNode who reads; others' claims read as {@code default}. Read by {@code
   * TenantClaims} at start.
   */
  public static final String SERVICE_USERS_KEY = "cake.hdfs.service-users";
  public static final String DEFAULT_SERVICE_USERS = "hbase";

  /** Share of tenants with no {@code cake.hdfs.tenant.<name>.share} key. */
  public static final String DEFAULT_SHARE_KEY = "cake.hdfs.default-share";
  public static final double DEFAULT_DEFAULT_SHARE = Allocation.DEFAULT_SHARE;

  /** Prefix of the per-tenant keys {@code cake.hdfs.tenant.<name>.share} and {@code .reservation}. */
  public static final String TENANT_PREFIX = "cake.hdfs.tenant.";
  public static final String SHARE_SUFFIX = TenantKeys.SHARE_SUFFIX;
  public static final String RESERVATION_SUFFIX = TenantKeys.RESERVATION_SUFFIX;

  private static final TenantKeys TENANT_KEYS = new TenantKeys(TENANT_PREFIX, DEFAULT_SHARE_KEY);

  public HdfsSchedulerConfig {
    if (softLimit < 1 || softLimit > SoftLimitGate.MAX_LIMIT) {
      throw new IllegalArgumentException(
          SOFT_LIMIT_KEY + " must be within [1, " + SoftLimitGate.MAX_LIMIT + "], got " + softLimit);
    }
    if (volumeLimit < 0 || volumeLimit > SoftLimitGate.MAX_LIMIT) {
      throw new IllegalArgumentException(VOLUME_LIMIT_KEY + " must be within [0, "
          + SoftLimitGate.MAX_LIMIT + "] (0: no limit per volume), got " + volumeLimit);
    }
    if (chunkSize < 512 || chunkSize > 16 * 1024 * 1024) {
      throw new IllegalArgumentException(
          CHUNK_SIZE_KEY + " must be in [512, 16777216] bytes, got " + chunkSize);
    }
    TenantNames.check(BATCH_TENANT_KEY, batchTenant);
    if (metricsIntervalMs < 0) {
      throw new IllegalArgumentException(
          METRICS_INTERVAL_MS_KEY + " must be >= 0, got " + metricsIntervalMs);
    }
    if (stallTimeoutMs < 0) {
      throw new IllegalArgumentException(STALL_TIMEOUT_MS_KEY + " must be >= 0, got " + stallTimeoutMs);
    }
    if (stuckReadMs < 0) {
      throw new IllegalArgumentException(STUCK_READ_MS_KEY + " must be >= 0, got " + stuckReadMs);
    }
    if (maxTenants < 1) {
      throw new IllegalArgumentException(MAX_TENANTS_KEY + " must be >= 1, got " + maxTenants);
    }
    allocation.checkFits(softLimit, SOFT_LIMIT_KEY);
    overrides = List.copyOf(overrides);
  }

  public static HdfsSchedulerConfig defaults() {
    return from(new Configuration(false));
  }

  /**
   * Every cake.hdfs.* key, and the shared {@code cake.tenant.*} keys under the per-tenant ones
   * ({@link #overrides()} lists where an own key differs from a shared one).
   */
  public static HdfsSchedulerConfig from(Configuration conf) {
    return of(SiteKeys.of(conf::get, conf::getPropsWithPrefix));
  }

  /** The same, from keys read without Hadoop ({@code cake config check}). */
  public static HdfsSchedulerConfig of(SiteKeys conf) {
    TenantKeys.Parsed tenants = tenantsOf(conf);
    return new HdfsSchedulerConfig(
        bool(conf, ENABLED_KEY, DEFAULT_ENABLED),
        integer(conf, SOFT_LIMIT_KEY, DEFAULT_SOFT_LIMIT),
        integer(conf, VOLUME_LIMIT_KEY, DEFAULT_VOLUME_LIMIT),
        integer(conf, CHUNK_SIZE_KEY, DEFAULT_CHUNK_SIZE),
        conf.get(BATCH_TENANT_KEY, DEFAULT_BATCH_TENANT).trim(),
        bool(conf, LEND_BETWEEN_CHUNKS_KEY, DEFAULT_LEND_BETWEEN_CHUNKS),
        whole(conf, METRICS_INTERVAL_MS_KEY, DEFAULT_METRICS_INTERVAL_MS),
        bool(conf, JMX_KEY, DEFAULT_JMX),
        integer(conf, MAX_TENANTS_KEY, DEFAULT_MAX_TENANTS),
        whole(conf, STALL_TIMEOUT_MS_KEY, DEFAULT_STALL_TIMEOUT_MS),
        whole(conf, STUCK_READ_MS_KEY, DEFAULT_STUCK_READ_MS),
        tenants.allocation(),
        tenants.overrides());
  }

  /** Hadoop's getInt names no key in its error; ranges are checked by the constructor. */
  private static int integer(SiteKeys conf, String key, int dflt) {
    String v = conf.trimmed(key);
    return v == null ? dflt : ConfigNumbers.intAtLeast(key, v, Integer.MIN_VALUE);
  }

  private static long whole(SiteKeys conf, String key, long dflt) {
    String v = conf.trimmed(key);
    return v == null ? dflt : ConfigNumbers.longAtLeast(key, v, Long.MIN_VALUE);
  }

  /** Strict: Hadoop's getBoolean takes a typo for the default. */
  private static boolean bool(SiteKeys conf, String key, boolean dflt) {
    return ConfigBoolean.parse(key, conf.get(key), dflt);
  }

  /** Shares and reservations from the {@code cake.hdfs.tenant.<name>.*} keys over {@code cake.tenant.*}. */
  static TenantKeys.Parsed tenants(Configuration conf) {
    return tenantsOf(SiteKeys.of(conf::get, conf::getPropsWithPrefix));
  }

  static TenantKeys.Parsed tenantsOf(SiteKeys conf) {
    return TENANT_KEYS.parse(
        conf.withPrefix(TenantKeys.SHARED_PREFIX), conf.withPrefix(TENANT_PREFIX), conf.get(DEFAULT_SHARE_KEY));
  }
}
