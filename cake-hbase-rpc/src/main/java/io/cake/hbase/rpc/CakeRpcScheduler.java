package io.cake.hbase.rpc;

import io.cake.core.level.FirstLevels;
import io.cake.core.time.Clock;
import io.cake.hbase.config.CakeHBaseConfig;
import io.cake.hbase.config.CakeSettings;
import io.cake.hbase.config.KeySources;
import io.cake.core.policy.PolicyOverlay;
import io.cake.hbase.policy.PolicyWatcher;
import io.cake.core.policy.StoredPolicy;
import io.cake.hbase.tenant.OperationAttribute;
import io.cake.hbase.tenant.OperationClassifier;
import io.cake.hbase.tenant.TenantResolver;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Abortable;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.conf.ConfigurationObserver;
import org.apache.hadoop.hbase.ipc.CallRunner;
import org.apache.hadoop.hbase.ipc.PriorityFunction;
import org.apache.hadoop.hbase.ipc.RpcCall;
import org.apache.hadoop.hbase.ipc.RpcScheduler;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.util.EnvironmentEdgeManager;
import org.apache.hadoop.hbase.zookeeper.ZKConfig;
import org.apache.hbase.thirdparty.com.google.protobuf.Descriptors.ServiceDescriptor;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ClientService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The RegionServer's RpcScheduler with Cake's first level: a thin router. Calls the server gives a
 * priority above normal (admin, meta, system tables), replication, bulk load, replay and every
 * AdminService call go to a stock {@link org.apache.hadoop.hbase.ipc.SimpleRpcScheduler} inside,
 * exactly as in stock HBase. Normal-priority ClientService calls are resolved to a tenant and
 * handed to the {@link RegionServerScheduler} (per-tenant queues, shares, reservations, an
 * AIMD-sized handler pool). A priority a client writes in its request header is not trusted
 * ({@link TrustedPriority}).
 *
 * <p>{@link #dispatch} never blocks: it returns false (the client gets CallQueueTooBigException)
 * when the tenant's or the total queue is full. Every accepted call either runs or, once its
 * deadline has passed, is dropped through {@link CallRunner#drop()}.
 */
public final class CakeRpcScheduler extends ForwardingRpcScheduler implements ConfigurationObserver {
  private static final Logger LOG = LoggerFactory.getLogger(CakeRpcScheduler.class);
  /** Name of Cake's queue in CallQueueInfo (RegionServer UI and JMX). */
  public static final String QUEUE_NAME = CallCounts.QUEUE_NAME;
  /** Tenants' data traffic; one descriptor per JVM, so identity tells it. */
  private static final ServiceDescriptor CLIENT_SERVICE = ClientService.getDescriptor();

  private final TrustedPriority priority;
  private final Abortable server;
  private final HandlerErrorLimit handlerErrors;
  private final boolean kerberos;
  private final Clock clock;
  private final CakeSettings initialSettings;
  private final String initialError;
  /** The cake.* keys at start, until init() hands them to the scheduler. */
  private final KeySources initialFile;
  /** The site file as HBase last handed it over (guarded by this). */
  private Configuration site;
  private final Consumer<Map<String, String>> logSkips = PolicyOverlay.once(m -> LOG.error("Cake: {}", m));
  private PolicyWatcher store;
  /** Built in init(), once the listener port (and so the scheduler's name) is known. */
  private volatile RegionServerScheduler cake;

  CakeRpcScheduler(Configuration conf, RpcScheduler delegate, PriorityFunction priority, Abortable server) {
    this(conf, delegate, priority, server, Clock.system());
  }

  CakeRpcScheduler(
      Configuration conf, RpcScheduler delegate, PriorityFunction priority, Abortable server, Clock clock) {
    super(delegate);
    this.priority = new TrustedPriority(priority);
    this.server = server;
    this.clock = Objects.requireNonNull(clock);
    this.handlerErrors =
        new HandlerErrorLimit(
            conf.getDouble(
                CakeHBaseConfig.HANDLER_ABORT_ON_ERROR_PERCENT,
                CakeHBaseConfig.DEFAULT_HANDLER_ABORT_ON_ERROR_PERCENT),
            conf.getInt(HConstants.REGION_SERVER_HANDLER_COUNT, HConstants.DEFAULT_REGION_SERVER_HANDLER_COUNT));
    this.kerberos = "kerberos".equalsIgnoreCase(conf.get("hbase.security.authentication", ""));
    String error = "";
    CakeSettings s;
    try {
      s = CakeSettings.from(conf);
    } catch (IllegalArgumentException e) {
      // The RegionServer still starts, with Cake disabled (stock scheduling), the error logged and
      // shown over JMX, until update_config loads a good file.
      error = e.getMessage();
      LOG.error("Cake: invalid configuration, starting with Cake DISABLED (stock scheduling) until"
          + " update_config loads a valid one: {}", error);
      s = CakeSettings.disabled(conf);
    }
    this.initialSettings = s;
    this.initialError = error;
    warnOverrides(s.overrides());
    this.initialFile = KeySources.of(conf);
    this.site = conf;
  }

  // ------------------------------------------------------------------ lifecycle

  @Override
  public void init(Context context) {
    delegate.init(context);
    InetSocketAddress address = context == null ? null : context.getListenerAddress();
    int port = address == null ? -1 : address.getPort();
    String base = port >= 0 ? "hbase-" + port : "hbase-" + Integer.toHexString(System.identityHashCode(this));
    cake = FirstLevels.create(base, name -> new RegionServerScheduler(
        name, port, initialSettings, initialError, clock, kerberos, server, handlerErrors));
    cake.fileLoaded(initialFile);
  }

  @Override
  public void start() {
    delegate.start();
    cake.start(cake.settings().jmxEnabled() ? new HBaseSchedulerControl(cake) : null);
    startStore();
  }

  /**
   * Reads the cluster's policy store in ZooKeeper, where HBase finds its own quorum; a scheduler
   * built without one (tests) reads the site file alone.
   */
  private synchronized void startStore() {
    if (site.get(HConstants.ZOOKEEPER_QUORUM) == null) {
      return;
    }
    store = new PolicyWatcher(ZKConfig.getZKQuorumServersString(site),
        site.getInt(HConstants.ZK_SESSION_TIMEOUT, HConstants.DEFAULT_ZK_SESSION_TIMEOUT),
        StoredPolicy.path(site.get(HConstants.ZOOKEEPER_ZNODE_PARENT, HConstants.DEFAULT_ZOOKEEPER_ZNODE_PARENT)),
        this::storeRead);
    cake.setPolicyStore(store.describe() + ": not read yet");
    store.start();
  }

  @Override
  public void stop() {
    synchronized (this) {
      if (store != null) {
        store.close();
      }
    }
    if (cake != null) {
      cake.stop();
    }
    delegate.stop();
  }

  /** Cake's first level in this RegionServer (null before init). */
  public RegionServerScheduler cake() {
    return cake;
  }

  @Override
  protected CallCounts counts() {
    RegionServerScheduler c = cake;
    return c == null ? null : c.counts();
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
    return service == null || service.getDescriptorForType() == CLIENT_SERVICE;
  }

  @Override
  public boolean dispatch(CallRunner task) {
    RegionServerScheduler c = cake;
    if (c == null || !c.enabled()) {
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
      String method = call.getHeader().getMethodName();
      TenantResolver.Resolution r =
          c.resolver().resolve(
              call.getRequestAttribute(CakeHBaseConfig.TENANT_ATTRIBUTE),
              OperationAttribute.of(method, call.getParam()),
              connAttrs == null ? null : connAttrs.get(CakeHBaseConfig.TENANT_ATTRIBUTE),
              user == null ? null : user.getShortName());
      OperationClassifier.Kind kind = OperationClassifier.classify(method, call.getParam());
      cc = new CakeCall(task, r.tenant(), kind.type(), kind.singleRowGet(), method, call.getSize(),
          call.getReceiveTime(), EnvironmentEdgeManager.currentTime(), call.getDeadline());
    } catch (RuntimeException e) {
      // Never lose a call over our own bookkeeping: stock handling.
      LOG.warn("Cake {}: could not classify a call, handing it to the stock scheduler", c.name(), e);
      return delegate.dispatch(task);
    }
    return c.offer(cc);
  }

  // ------------------------------------------------------------------ configuration

  @Override
  public void onConfigurationChange(Configuration conf) {
    if (delegate instanceof ConfigurationObserver observer) {
      observer.onConfigurationChange(conf);
    }
    synchronized (this) {
      site = conf;
      RegionServerScheduler c = cake;
      if (c != null) {
        c.fileLoaded(c.keySources().next(conf));
        reload(c, "configuration reloaded");
      }
    }
  }

  /** On the store watcher's thread: the store changed. */
  private synchronized void storeRead(StoredPolicy read) {
    RegionServerScheduler c = cake;
    c.fileLoaded(c.keySources().next(read));
    reload(c, "policy store read (" + read.entries().size() + " entries)");
  }

  /**
   * Applies the site file with the store laid over it, entry by entry ({@link PolicyOverlay}): an
   * entry this scheduler refuses is skipped and logged, a bad site file is refused as a whole.
   */
  private void reload(RegionServerScheduler c, String what) {
    KeySources sources = c.keySources();
    try {
      CakeSettings.from(site); // the file alone first: its errors are the file's, not an entry's
      PolicyOverlay.Merged merged = PolicyOverlay.merge(sources.cakeKeys(), sources.store(), keys -> {
        try {
          CakeSettings.from(withCakeKeys(site, keys));
          return null;
        } catch (IllegalArgumentException e) {
          return e.getMessage();
        }
      });
      logSkips.accept(merged.skipped());
      if (store != null) {
        c.setPolicyStore(store.describe() + ": " + sources.store().entries().size() + " entries"
            + (merged.skipped().isEmpty() ? "" : ", skipped " + merged.skipped()));
      }
      CakeSettings next = CakeSettings.from(withCakeKeys(site, merged.keys()));
      List<String> before = c.settings().overrides();
      c.apply(next);
      warnOverrides(next.overrides().equals(before) ? List.of() : next.overrides());
      LOG.info("Cake {}: {}, allocation {}", c.name(), what, c.allocation());
    } catch (RuntimeException e) {
      c.refused(e.getMessage());
      LOG.error("Cake {}: configuration rejected, keeping the previous one: {}", c.name(), e.getMessage());
    }
  }

  /** {@code conf} with its {@code cake.*} keys replaced by {@code keys}. */
  private static Configuration withCakeKeys(Configuration conf, Map<String, String> keys) {
    Configuration c = new Configuration(conf);
    KeySources.cakeKeys(conf).keySet().forEach(c::unset);
    keys.forEach(c::set);
    return c;
  }

  /** Once per file that brings them: an own key over a shared one is legal, but worth a word. */
  private static void warnOverrides(List<String> overrides) {
    overrides.forEach(o -> LOG.warn("Cake: {} (the RegionServer's own key wins)", o));
  }

  @Override
  public String toString() {
    return "CakeRpcScheduler[" + (cake == null ? "unbound" : cake.name()) + "]";
  }
}
