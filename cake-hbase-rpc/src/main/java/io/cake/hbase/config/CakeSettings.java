package io.cake.hbase.config;

import static io.cake.hbase.config.CakeHBaseConfig.*;

import io.cake.core.aimd.AimdConfig;
import io.cake.core.config.ConfigBoolean;
import io.cake.core.config.ConfigNumbers;
import io.cake.core.config.SiteKeys;
import io.cake.core.config.TenantKeys;
import io.cake.core.contract.Contract;
import io.cake.core.sched.Allocation;
import io.cake.core.tenant.TenantNames;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;

/**
 * The validated, immutable cake-hbase-rpc settings read from a Hadoop {@link Configuration}. {@link
 * #from} throws an {@link IllegalArgumentException} naming the key and the rule on the first bad
 * value, so a reload with a bad file changes nothing.
 */
public record CakeSettings(
    boolean enabled,
    Allocation allocation,
    Map<String, Set<String>> allowedUsers,
    Map<String, String> userRules,
    Map<String, Contract> contracts,
    double bestEffortHandlers,
    AclMode aclMode,
    int maxTenants,
    int queuePerTenant,
    int queueBestEffort,
    int queueTotal,
    int initialHandlers,
    boolean aimdEnabled,
    AimdConfig aimd,
    Duration metricsInterval,
    boolean jmxEnabled,
    List<String> overrides) {

  /** Who may claim a tenant through an attribute. */
  public enum AclMode {
    PERMISSIVE,
    ENFORCE,
    AUTO;

    static AclMode parse(String v) {
      for (AclMode m : values()) {
        if (m.name().equalsIgnoreCase(v.trim())) {
          return m;
        }
      }
      throw new IllegalArgumentException(
          TENANT_ACL + " must be one of permissive, enforce, auto; got '" + v + "'");
    }
  }

  public CakeSettings {
    Objects.requireNonNull(allocation);
    allowedUsers = Collections.unmodifiableMap(new TreeMap<>(allowedUsers));
    userRules = Collections.unmodifiableMap(new TreeMap<>(userRules));
    contracts = Collections.unmodifiableMap(new TreeMap<>(contracts));
    Objects.requireNonNull(aclMode);
    Objects.requireNonNull(aimd);
    Objects.requireNonNull(metricsInterval);
  }

  /** The per-tenant keys: {@code cake.hbase.tenant.<name>.share|reservation|allowed-users|contract}. */
  private static final TenantKeys TENANT_KEYS =
      new TenantKeys(TENANT_PREFIX, DEFAULT_SHARE, ALLOWED_USERS_SUFFIX, CONTRACT_SUFFIX);

  /** Cake off (stock scheduling) with defaults otherwise: what an invalid file starts with. */
  public static CakeSettings disabled(Configuration conf) {
    Configuration fallback = new Configuration(false);
    fallback.setBoolean(CakeHBaseConfig.ENABLED, false);
    fallback.setInt(
        "hbase.regionserver.handler.count", conf.getInt("hbase.regionserver.handler.count", 30));
    return from(fallback);
  }

  /**
   * Reads and validates every cake.hbase.* key, and the shared {@code cake.tenant.*} keys under
   * them ({@link #overrides()} lists where an own key differs from a shared one).
   */
  public static CakeSettings from(Configuration conf) {
    return of(SiteKeys.of(conf::get, conf::getPropsWithPrefix));
  }

  /** The same, from keys read without Hadoop ({@code cake config check}). */
  public static CakeSettings of(SiteKeys conf) {
    TenantKeys.Parsed tenants =
        TENANT_KEYS.parse(
            conf.withPrefix(TenantKeys.SHARED_PREFIX), conf.withPrefix(TENANT_PREFIX), conf.get(DEFAULT_SHARE));
    Allocation allocation = tenants.allocation();
    Map<String, Set<String>> allowed = new TreeMap<>();
    tenants.values(ALLOWED_USERS_SUFFIX).forEach((tenant, users) -> allowed.put(tenant, csv(users)));
    Map<String, String> rules = parseUserRules(conf.get(USER_RULES, DEFAULT_USER_RULES));
    Map<String, Contract> contracts = new TreeMap<>();
    tenants.values(CONTRACT_SUFFIX).forEach((tenant, text) -> {
      String key = TENANT_PREFIX + tenant + CONTRACT_SUFFIX;
      if (TenantNames.BEST_EFFORT.equals(tenant)) {
        throw new IllegalArgumentException(key + ": tenant '" + tenant
            + "' is where calls over their contract are served; it cannot have a contract itself");
      }
      contracts.put(tenant, Contract.parse(key, text));
    });
    AclMode acl = AclMode.parse(conf.get(TENANT_ACL, DEFAULT_TENANT_ACL));
    int maxTenants = intAtLeast(conf, MAX_TENANTS, DEFAULT_MAX_TENANTS, 1);
    int perTenant = intAtLeast(conf, QUEUE_PER_TENANT, DEFAULT_QUEUE_PER_TENANT, 1);
    int total = intAtLeast(conf, QUEUE_TOTAL, DEFAULT_QUEUE_TOTAL, 1);
    int bestEffortQueue = intAtLeast(conf, QUEUE_BEST_EFFORT, DEFAULT_QUEUE_BEST_EFFORT, 1);
    int aimdMin = intAtLeast(conf, AIMD_MIN, DEFAULT_AIMD_MIN, 1);
    int aimdMax = intAtLeast(conf, AIMD_MAX, DEFAULT_AIMD_MAX, 1);
    AimdConfig aimd;
    try {
      aimd =
          new AimdConfig(
              nonNegativeDouble(conf, AIMD_LOW_MS, DEFAULT_AIMD_LOW_MS),
              nonNegativeDouble(conf, AIMD_HIGH_MS, DEFAULT_AIMD_HIGH_MS),
              positiveDouble(conf, AIMD_DECREASE, DEFAULT_AIMD_DECREASE),
              aimdMin,
              aimdMax,
              Duration.ofMillis(longAtLeast(conf, AIMD_INTERVAL_MS, DEFAULT_AIMD_INTERVAL_MS, 1)));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("cake.hbase.aimd.*: " + e.getMessage(), e);
    }
    double bestEffort = nonNegativeDouble(conf, BEST_EFFORT_HANDLERS, DEFAULT_BEST_EFFORT_HANDLERS);
    if (bestEffort > aimd.maxSize()) {
      throw new IllegalArgumentException(BEST_EFFORT_HANDLERS + " must be at most " + AIMD_MAX + " ("
          + aimd.maxSize() + "), got " + bestEffort);
    }
    int initial = intAtLeast(conf, HANDLERS_INITIAL, DEFAULT_HANDLERS_INITIAL, 0);
    if (initial == 0) {
      initial = handlerCount(conf);
    }
    initial = Math.max(aimd.minSize(), Math.min(aimd.maxSize(), initial));
    // The pool may shrink to aimd.min handlers, so that is what the reservations must fit.
    allocation.checkFits(aimd.minSize(), AIMD_MIN + " (the smallest the handler pool may shrink to)");
    return new CakeSettings(
        bool(conf, ENABLED, DEFAULT_ENABLED),
        allocation,
        allowed,
        rules,
        contracts,
        bestEffort,
        acl,
        maxTenants,
        perTenant,
        bestEffortQueue,
        total,
        initial,
        bool(conf, AIMD_ENABLED, DEFAULT_AIMD_ENABLED),
        aimd,
        Duration.ofMillis(
            longAtLeast(conf, METRICS_INTERVAL_MS, DEFAULT_METRICS_INTERVAL_MS, 10)),
        bool(conf, JMX_ENABLED, DEFAULT_JMX_ENABLED),
        tenants.overrides());
  }

  /** Whether attribute claims are checked against allowed users, given the cluster's security. */
  public boolean aclEnforced(boolean kerberos) {
    return aclMode == AclMode.ENFORCE || (aclMode == AclMode.AUTO && kerberos);
  }

  /** Parses {@code user:tenant,user2:tenant2}. */
  public static Map<String, String> parseUserRules(String text) {
    Map<String, String> rules = new TreeMap<>();
    for (String rule : csv(text)) {
      int colon = rule.indexOf(':');
      if (colon <= 0 || colon == rule.length() - 1) {
        throw new IllegalArgumentException(
            USER_RULES + " entries must be user:tenant, got '" + rule + "'");
      }
      String user = rule.substring(0, colon).trim();
      String tenant = TenantNames.check(USER_RULES + " tenant", rule.substring(colon + 1).trim());
      if (rules.put(user, tenant) != null) {
        throw new IllegalArgumentException(USER_RULES + " maps user '" + user + "' twice");
      }
    }
    return rules;
  }

  private static Set<String> csv(String text) {
    Set<String> out = new TreeSet<>();
    if (text != null) {
      Arrays.stream(text.split(",")).map(String::trim).filter(s -> !s.isEmpty()).forEach(out::add);
    }
    return out;
  }

  /** Strict: Hadoop's getBoolean takes a typo for the default. */
  /** HBase's own handler count, which HBase has read (and refused if malformed) before Cake. */
  private static int handlerCount(SiteKeys conf) {
    String v = conf.trimmed("hbase.regionserver.handler.count");
    return v == null ? 30 : ConfigNumbers.intAtLeast("hbase.regionserver.handler.count", v, 1);
  }

  private static boolean bool(SiteKeys conf, String key, boolean def) {
    return ConfigBoolean.parse(key, conf.get(key), def);
  }

  private static double positiveDouble(SiteKeys conf, String key, double def) {
    String v = conf.trimmed(key);
    return v == null ? def : ConfigNumbers.positiveDouble(key, v);
  }

  private static double nonNegativeDouble(SiteKeys conf, String key, double def) {
    String v = conf.trimmed(key);
    if (v == null) {
      return def;
    }
    double d = ConfigNumbers.parseDouble(key, v);
    if (!(d >= 0.0) || Double.isInfinite(d)) {
      throw new IllegalArgumentException(key + " must be a finite number >= 0, got '" + v + "'");
    }
    return d;
  }

  private static int intAtLeast(SiteKeys conf, String key, int def, int min) {
    String v = conf.trimmed(key);
    return v == null ? def : ConfigNumbers.intAtLeast(key, v, min);
  }

  private static long longAtLeast(SiteKeys conf, String key, long def, long min) {
    String v = conf.trimmed(key);
    return v == null ? def : ConfigNumbers.longAtLeast(key, v, min);
  }
}
