package io.cake.hdfs.client;

import io.cake.core.config.ConfigBoolean;
import io.cake.core.config.ConfigNumbers;
import io.cake.core.config.TenantKeys;
import io.cake.core.tenant.CurrentTenant;
import io.cake.core.tenant.TenantNames;
import io.cake.core.time.Clock;
import io.cake.hdfs.datanode.ClientNameParser;
import java.io.IOException;
import java.security.PrivilegedExceptionAction;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.security.UserGroupInformation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The HBase side of the tenant identity ({@code hbase.fs.wrapper} in hbase-site.xml). HBase builds
 * it as {@code new CakeTenantFileSystem(FileSystem base, Configuration conf)} around each of the
 * RegionServer's file systems.
 *
 * <p>It keeps one extra HDFS client per tenant, created lazily with {@code
 * mapreduce.task.attempt.id = cake_<tenant>}, so the DataNode sees the client name {@code
 * DFSClient_cake_<tenant>_<rand>_<tid>} and schedules its reads under that tenant. HFiles are
 * opened once (region open, flush) and then read for months by every tenant, so the tenant cannot
 * be chosen in {@link #open}: the stream returned routes each positional or stream read, at read
 * time, to a stream of the same file opened lazily on the reading thread's tenant's client ({@link
 * CurrentTenant}, set by the HBase handler). Threads with no tenant (flush, compaction, prefetch)
 * use {@link ClientKeys#INTERNAL_TENANT_KEY}. Extra streams are closed with the file; the clients are closed
 * with this file system. At most {@link ClientKeys#MAX_TENANTS_KEY} clients exist for tenants the
 * configuration does not name. A new tenant past that takes the place of the one idle longest, if
 * it has been idle {@link #IDLE_NANOS} (as long as the RegionServer's tenant cap keeps a silent
 * tenant): that client is retired ({@link TenantClient}), its streams close once no read holds
 * them. Otherwise the new tenant reads through the base client (the DataNode sees it as {@code
 * default}). So names any client can send fill the places only for a while, and a file has at most
 * one stream per live client. Tenants the configuration names ({@code cake.hbase.tenant.<t>.*}, {@code
 * cake.slo.<t>.*}, the user rules, the internal tenant) always get their own client, so names any client can send
 * cannot crowd them out. Every client is made as the user who made this file system (the
 * RegionServer's), whichever user the first reading thread runs as (a bulk load's doAs).
 *
 * <p>It is a {@link DistributedFileSystem} of its own (one more HDFS client beside the base), not
 * a {@code FilterFileSystem}: HBase passes a store's favored nodes and its column family's {@code
 * DFS_REPLICATION} to HDFS only when the RegionServer's file system is one ({@code
 * FSUtils.create}), and a filter would silently drop both for every HFile written. Every operation
 * other than reading is the plain HDFS one. Only HDFS ({@code hdfs://}) can be wrapped: for
 * another base the constructor refuses, and HBase logs that and uses the base unwrapped.
 */
public class CakeTenantFileSystem extends DistributedFileSystem {
  private static final Logger LOG = LoggerFactory.getLogger(CakeTenantFileSystem.class);

  /** The stock HBase key that installs this wrapper around the RegionServer's file system. */
  public static final String WRAPPER_KEY = "hbase.fs.wrapper";

  /** How long an unconfigured tenant's client must go unused before another tenant may take its place. */
  static final long IDLE_NANOS = TimeUnit.MINUTES.toNanos(5);

  private final FileSystem base;
  private final Configuration tenantConf;
  private final boolean routing;
  private final String internalTenant;
  private final int maxTenants;
  private final Set<String> configuredTenants;
  private final UserGroupInformation owner;
  private final Clock clock;
  private int unconfiguredClients;
  private final Map<String, TenantClient> clients = new ConcurrentHashMap<>();
  private final Object clientsLock = new Object();
  private final AtomicInteger openStreams = new AtomicInteger();
  private final java.util.concurrent.atomic.AtomicLong fallbacks = new java.util.concurrent.atomic.AtomicLong();
  private final java.util.concurrent.atomic.AtomicLong retired = new java.util.concurrent.atomic.AtomicLong();
  private volatile Boolean verifyChecksum;
  private volatile boolean closed;

  public CakeTenantFileSystem(FileSystem base, Configuration conf) throws IOException {
    this(base, conf, Clock.system());
  }

  CakeTenantFileSystem(FileSystem base, Configuration conf, Clock clock) throws IOException {
    this.base = base;
    this.clock = clock;
    this.tenantConf = new Configuration(conf);
    this.internalTenant =
        TenantNames.check(ClientKeys.INTERNAL_TENANT_KEY, conf.getTrimmed(ClientKeys.INTERNAL_TENANT_KEY, ClientKeys.DEFAULT_INTERNAL_TENANT));
    String max = conf.getTrimmed(ClientKeys.MAX_TENANTS_KEY);
    this.maxTenants = max == null ? ClientKeys.DEFAULT_MAX_TENANTS : ConfigNumbers.intAtLeast(ClientKeys.MAX_TENANTS_KEY, max, 0);
    this.configuredTenants = configuredTenants(conf, internalTenant);
    try {
      this.owner = UserGroupInformation.getCurrentUser();
    } catch (IOException e) {
      throw new IllegalStateException("cannot tell the current user", e);
    }
    this.routing = ConfigBoolean.parse(ClientKeys.ENABLED_KEY, conf.get(ClientKeys.ENABLED_KEY), ClientKeys.DEFAULT_ENABLED);
    if (!"hdfs".equalsIgnoreCase(base.getUri().getScheme())) {
      throw new IllegalArgumentException(WRAPPER_KEY + " = " + getClass().getName() + " wraps HDFS only, not "
          + base.getUri() + "; that file system is used unwrapped and its reads are not scheduled by tenant");
    }
    initialize(base.getUri(), conf);
  }

  /**
   * Tenants named by keys {@code cake.tenant.<t>.<x>}, {@code cake.hbase.tenant.<t>.<x>} and {@code
   * cake.slo.<t>.<x>}, and the tenants of {@link TenantKeys#USER_RULES} (read leniently: the
   * RegionServer's scheduler refuses a malformed rule by name).
   */
  static Set<String> configuredTenants(Configuration conf, String internalTenant) {
    Set<String> out = new TreeSet<>();
    out.add(internalTenant);
    for (String prefix : new String[] {TenantKeys.SHARED_PREFIX, "cake.hbase.tenant.", "cake.slo."}) {
      for (String rest : conf.getPropsWithPrefix(prefix).keySet()) {
        int dot = rest.lastIndexOf('.');
        if (dot > 0 && TenantNames.isValid(rest.substring(0, dot))) {
          out.add(rest.substring(0, dot));
        }
      }
    }
    for (String rule : conf.getTrimmedStrings(TenantKeys.USER_RULES)) {
      String tenant = rule.substring(rule.indexOf(':') + 1).trim();
      if (rule.indexOf(':') > 0 && TenantNames.isValid(tenant)) {
        out.add(tenant);
      }
    }
    return out;
  }

  /** The tenant whose client the calling thread reads through. */
  public String currentTenant() {
    String t = CurrentTenant.get();
    return TenantNames.isValid(t) ? t : internalTenant;
  }

  /** Per-tenant clients created so far (at most {@link ClientKeys#MAX_TENANTS_KEY} unconfigured ones). */
  public int tenantClients() {
    return clients.size();
  }

  /** Streams open now on behalf of files opened here, base streams included. */
  public int openStreams() {
    return openStreams.get();
  }

  /** The client of {@code tenant}, made if needed; null when it reads through the base client. */
  TenantClient clientFor(String tenant) throws IOException {
    long now = clock.nanoTime();
    TenantClient c = clients.get(tenant);
    if (c != null) {
      c.used(now);
      return c;
    }
    synchronized (clientsLock) {
      if (closed) {
        throw new IOException("file system closed");
      }
      c = clients.get(tenant);
      if (c == null) {
        boolean configured = configuredTenants.contains(tenant);
        if (!configured && unconfiguredClients >= maxTenants && !retireIdlest(now)) {
          return null;
        }
        Configuration tc = new Configuration(tenantConf);
        tc.set(ClientNameParser.ATTEMPT_ID_KEY, ClientNameParser.attemptIdFor(tenant));
        FileSystem fsOfTenant;
        try {
          fsOfTenant = owner.doAs((PrivilegedExceptionAction<FileSystem>) () -> FileSystem.newInstance(getUri(), tc));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new java.io.InterruptedIOException("interrupted creating the client of tenant " + tenant);
        }
        if (!configured) {
          unconfiguredClients++;
        }
        Boolean v = verifyChecksum;
        if (v != null) {
          fsOfTenant.setVerifyChecksum(v);
        }
        c = new TenantClient(tenant, fsOfTenant, configured, now);
        clients.put(tenant, c);
        LOG.debug("new HDFS client for tenant {}", tenant);
      }
      c.used(now);
      return c;
    }
  }

  /** Retires the unconfigured client idle longest, if idle {@link #IDLE_NANOS}; whether it did. */
  private boolean retireIdlest(long now) {
    TenantClient idlest = null;
    for (TenantClient c : clients.values()) {
      if (!c.configured() && (idlest == null || c.lastUsed() - idlest.lastUsed() < 0)) {
        idlest = c;
      }
    }
    if (idlest == null || now - idlest.lastUsed() < IDLE_NANOS) {
      return false;
    }
    clients.remove(idlest.tenant());
    unconfiguredClients--;
    retired.incrementAndGet();
    idlest.retire();
    LOG.debug("retired the idle HDFS client of tenant {}", idlest.tenant());
    return true;
  }

  /** Clients retired since start, their places taken by other tenants. */
  public long retiredClients() {
    return retired.get();
  }

  /** Every way of opening a file (open, openFile) ends here: FileSystem's openFile calls open. */
  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    if (!routing) {
      return super.open(f, bufferSize);
    }
    // Opened eagerly: open() must fail now for a missing file, and it serves tenants past the bound.
    FSDataInputStream first = super.open(f, bufferSize);
    openStreams.incrementAndGet();
    return new FSDataInputStream(new TenantRoutingInputStream(this, f, bufferSize, first));
  }

  @Override
  public void setVerifyChecksum(boolean verify) {
    super.setVerifyChecksum(verify);
    synchronized (clientsLock) {
      verifyChecksum = verify;
      clients.values().forEach(c -> c.fs().setVerifyChecksum(verify));
    }
  }

  /** A tenant's stream of {@code path} could not be opened: it reads through the base stream. */
  void tenantStreamFailed(Path path, IOException e) {
    long n = fallbacks.incrementAndGet();
    if (n == 1) {
      LOG.warn("Cake: could not open {} on a tenant's HDFS client ({}); that tenant reads it through the"
          + " RegionServer's own stream, seen as 'default' at the DataNode, until the file is reopened."
          + " Further ones are counted only", path, e.toString());
    } else {
      LOG.debug("Cake: could not open {} on a tenant's HDFS client", path, e);
    }
  }

  /** Tenant streams that could not be opened, whose tenants read through the base stream. */
  public long fallbacks() {
    return fallbacks.get();
  }

  void streamOpened() {
    openStreams.incrementAndGet();
  }

  void streamClosed() {
    openStreams.decrementAndGet();
  }

  @Override
  public void close() throws IOException {
    List<TenantClient> toClose;
    synchronized (clientsLock) {
      if (closed) {
        return;
      }
      closed = true;
      toClose = new ArrayList<>(clients.values());
      clients.clear();
    }
    IOException first = null;
    for (TenantClient c : toClose) {
      try {
        c.fs().close(); // with the file system: its streams go too, as the base client's do
      } catch (IOException e) {
        first = first == null ? e : first;
      }
    }
    try {
      super.close();
    } finally {
      base.close(); // as a FilterFileSystem would: HBase closes only the file system it was given
    }
    if (first != null) {
      throw first;
    }
  }
}
