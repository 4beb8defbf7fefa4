package io.cake.hbase.config;

import io.cake.core.config.TenantKeys;
import io.cake.core.sched.Allocation;
import org.apache.hadoop.hbase.HConstants;

/**
 * Every hbase-site.xml key of cake-hbase-rpc, next to its default. docs/configuration.md documents each.
 * Parsing and validation live in {@link CakeSettings} (the per-tenant keys in cake-core's {@link
 * TenantKeys}).
 */
public final class CakeHBaseConfig {
  private CakeHBaseConfig() {}

  /** The stock HBase key that selects the RegionServer's RPC scheduler factory. */
  public static final String SCHEDULER_FACTORY_KEY = "hbase.region.server.rpc.scheduler.factory.class";

  /**
   * The factory whose scheduler Cake wraps: it serves the calls Cake leaves to the stock path
   * (admin, meta, replication) and the HMaster's. Another factory a cluster uses for the same key
   * (Phoenix's) goes here, so both apply. Read at start.
   */
  public static final String BASE_SCHEDULER_FACTORY = "cake.hbase.base-scheduler-factory";
  public static final String DEFAULT_BASE_SCHEDULER_FACTORY =
      "org.apache.hadoop.hbase.regionserver.SimpleRpcSchedulerFactory";

  /**
   * Stock HBase's key, read as its handlers read it (start only): once more than this fraction of
   * the handler pool's size have failed with an Error, the RegionServer aborts; negative: never.
   */
  public static final String HANDLER_ABORT_ON_ERROR_PERCENT =
      HConstants.REGION_SERVER_HANDLER_ABORT_ON_ERROR_PERCENT;
  public static final double DEFAULT_HANDLER_ABORT_ON_ERROR_PERCENT =
      HConstants.DEFAULT_REGION_SERVER_HANDLER_ABORT_ON_ERROR_PERCENT;

  /** Request / connection attribute a client sets to name its tenant (not a configuration key). */
  public static final String TENANT_ATTRIBUTE = "cake.tenant";

  /** Off: every call goes to the stock SimpleRpcScheduler inside (a live kill switch). */
  public static final String ENABLED = "cake.hbase.enabled";
  public static final boolean DEFAULT_ENABLED = true;

  /** Per-tenant keys: {@code cake.hbase.tenant.<name>.share|reservation|allowed-users|contract}. */
  public static final String TENANT_PREFIX = TenantKeys.HBASE_PREFIX;
  public static final String SHARE_SUFFIX = TenantKeys.SHARE_SUFFIX;
  public static final String RESERVATION_SUFFIX = TenantKeys.RESERVATION_SUFFIX;
  public static final String ALLOWED_USERS_SUFFIX = ".allowed-users";
  /**
   * A tenant's throughput contract, {@code RATE:BURST[,RATE:BURST...]} in calls (RPCs) per second
   * and calls: calls beyond it are served as tenant {@code best-effort}, not refused. None: no
   * contract, every call served as the tenant.
   */
  public static final String CONTRACT_SUFFIX = ".contract";

  /**
   * Most handler time tenant {@code best-effort} (calls over their contract) may take, in handlers
   * on average; 0: no hold. Its calls wait at the DataNode behind everyone's while they hold their
   * handler: without a hold they come to hold every handler.
   */
  public static final String BEST_EFFORT_HANDLERS = "cake.hbase.best-effort.handlers";
  public static final double DEFAULT_BEST_EFFORT_HANDLERS = 1.0;
  /** Share of tenants without a {@code .share} key (including {@code default}). */
  public static final String DEFAULT_SHARE = "cake.hbase.default-share";
  public static final double DEFAULT_DEFAULT_SHARE = Allocation.DEFAULT_SHARE;

  /** Maps authenticated users to tenants: {@code user:tenant,user2:tenant2}. */
  public static final String USER_RULES = io.cake.core.config.TenantKeys.USER_RULES;
  public static final String DEFAULT_USER_RULES = "";

  /**
   * Who may claim a tenant by attribute: {@code permissive} (anyone), {@code enforce} (users in the
   * tenant's allowed-users, or mapped to it by a user rule), {@code auto} (enforce only when
   * hbase.security.authentication is kerberos).
   */
  public static final String TENANT_ACL = "cake.hbase.tenant-acl";
  public static final String DEFAULT_TENANT_ACL = "auto";

  /** Maximum number of distinct tenants, {@code default} included; more fold into default. */
  public static final String MAX_TENANTS = "cake.hbase.max-tenants";
  public static final int DEFAULT_MAX_TENANTS = 64;

  /** Queue bound per tenant; a full queue makes dispatch refuse (CallQueueTooBigException). */
  public static final String QUEUE_PER_TENANT = "cake.hbase.queue.per-tenant";
  public static final int DEFAULT_QUEUE_PER_TENANT = 1_000;
  /**
   * Queue bound of tenant {@code best-effort}, where calls over their tenant's contract wait: it
   * is held to a handler or so, so a flood over a contract would otherwise wait minutes in a
   * queue of the per-tenant bound and time out. Beyond it calls are refused like any full queue's
   * (CallQueueTooBigException, which the client retries after a pause).
   */
  public static final String QUEUE_BEST_EFFORT = "cake.hbase.queue.best-effort";
  public static final int DEFAULT_QUEUE_BEST_EFFORT = 100;
  /** Bound on all Cake queues together. */
  public static final String QUEUE_TOTAL = "cake.hbase.queue.total";
  public static final int DEFAULT_QUEUE_TOTAL = 10_000;

  /** Handler pool size at start; 0 means hbase.regionserver.handler.count clamped to the AIMD bounds. */
  public static final String HANDLERS_INITIAL = "cake.hbase.handlers.initial";
  public static final int DEFAULT_HANDLERS_INITIAL = 0;

  /** AIMD sizing of the handler pool from the service time of single-row gets (Cake 5.2). */
  public static final String AIMD_ENABLED = "cake.hbase.aimd.enabled";
  public static final boolean DEFAULT_AIMD_ENABLED = true;
  public static final String AIMD_MIN = "cake.hbase.aimd.min";
  public static final int DEFAULT_AIMD_MIN = 4;
  public static final String AIMD_MAX = "cake.hbase.aimd.max";
  public static final int DEFAULT_AIMD_MAX = 72;
  public static final String AIMD_LOW_MS = "cake.hbase.aimd.low-ms";
  public static final double DEFAULT_AIMD_LOW_MS = 6.0;
  public static final String AIMD_HIGH_MS = "cake.hbase.aimd.high-ms";
  public static final double DEFAULT_AIMD_HIGH_MS = 8.0;
  public static final String AIMD_DECREASE = "cake.hbase.aimd.decrease-factor";
  public static final double DEFAULT_AIMD_DECREASE = 0.75;
  public static final String AIMD_INTERVAL_MS = "cake.hbase.aimd.interval-ms";
  public static final long DEFAULT_AIMD_INTERVAL_MS = 10_000L;

  /** Length of a metrics interval (snapshot roll, JMX values). */
  public static final String METRICS_INTERVAL_MS = "cake.hbase.metrics.interval-ms";
  public static final long DEFAULT_METRICS_INTERVAL_MS = 10_000L;

  /** Publish MBeans on the platform MBeanServer. */
  public static final String JMX_ENABLED = "cake.hbase.jmx.enabled";
  public static final boolean DEFAULT_JMX_ENABLED = true;
}
