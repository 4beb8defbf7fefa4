package io.cake.hbase.tenant;

import io.cake.core.tenant.TenantCap;
import io.cake.core.tenant.TenantNames;
import io.cake.hbase.config.CakeHBaseConfig;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Decides which tenant a call belongs to, in this order: the request attribute {@code cake.tenant},
 * the operation attribute {@code cake.tenant} ({@link OperationAttribute}), the connection attribute
 * {@code cake.tenant}, the authenticated user mapped by the user rules, else {@link
 * TenantNames#DEFAULT}. The request attribute comes first because it is on every RPC of a scan,
 * where the operation attribute is on the opening one only: a scan tagged both ways keeps one
 * tenant. The operation attribute beats the connection's, as the narrower claim. A claimed
 * (attribute) tenant is skipped, and the next source tried, when its name is invalid or, with the
 * ACL enforced, the user may not use it.
 *
 * <p>The number of distinct tenants is capped: names beyond the cap resolve to {@code default}
 * (counted, logged once). The set of known tenants is a {@link Known} shared across reloads, since
 * the scheduler keeps a queue per tenant ever seen. Thread-safe; no HBase types, so it is tested
 * alone.
 */
public final class TenantResolver {
  private static final Logger LOG = LoggerFactory.getLogger(TenantResolver.class);

  /** Where the tenant came from. */
  public enum Source {
    REQUEST_ATTRIBUTE,
    OPERATION_ATTRIBUTE,
    CONNECTION_ATTRIBUTE,
    USER_RULE,
    DEFAULT
  }

  /** The resolved tenant and its source; FOLDED tells that the cap sent it to default. */
  public record Resolution(String tenant, Source source, boolean folded) {}

  /** Distinct tenants seen so far (capped) and the counters; survives reloads of the rules. */
  public static final class Known {
    private final TenantCap names =
        new TenantCap(CakeHBaseConfig.DEFAULT_MAX_TENANTS, CakeHBaseConfig.MAX_TENANTS);
    final LongAdder invalid = new LongAdder();
    final LongAdder denied = new LongAdder();
    final AtomicBoolean loggedInvalid = new AtomicBoolean();
    final AtomicBoolean loggedDenied = new AtomicBoolean();

    /** The capped set of tenant names (what the control MBean reports). */
    public TenantCap cap() {
      return names;
    }

    /** Claims that named an invalid tenant. */
    public long invalidNames() {
      return invalid.sum();
    }

    /** Claims refused by the ACL. */
    public long deniedClaims() {
      return denied.sum();
    }
  }

  private final Map<String, Set<String>> allowedUsers;
  private final Map<String, String> userRules;
  private final boolean aclEnforced;
  private final Known known;

  /**
   * The resolver for a RegionServer's settings: every tenant the file names (shares, reservations,
   * allowed users, contracts, and best effort when there are contracts) is configured, kept while idle.
   */
  public static TenantResolver of(io.cake.hbase.config.CakeSettings s, boolean kerberos, Known known) {
    Set<String> configured = new java.util.TreeSet<>();
    configured.addAll(s.allocation().shares().keySet());
    configured.addAll(s.allocation().reservations().keySet());
    configured.addAll(s.allowedUsers().keySet());
    configured.addAll(s.contracts().keySet());
    if (!s.contracts().isEmpty()) {
      configured.add(TenantNames.BEST_EFFORT); // where calls over a contract go: kept while idle
    }
    return new TenantResolver(
        configured, s.allowedUsers(), s.userRules(), s.aclEnforced(kerberos), s.maxTenants(), known);
  }

  /**
   * @param configuredTenants tenants named in the configuration: always admitted
   * @param allowedUsers tenant to users allowed to claim it ({@code *} for anyone)
   * @param userRules user short name to tenant
   */
  public TenantResolver(
      Set<String> configuredTenants,
      Map<String, Set<String>> allowedUsers,
      Map<String, String> userRules,
      boolean aclEnforced,
      int maxTenants,
      Known known) {
    this.allowedUsers = Map.copyOf(allowedUsers);
    this.userRules = Map.copyOf(userRules);
    this.aclEnforced = aclEnforced;
    this.known = Objects.requireNonNull(known);
    known.names.setMax(maxTenants);
    configuredTenants.forEach(known.names::pin);
    userRules.values().forEach(known.names::pin);
  }

  public Known known() {
    return known;
  }

  /** As {@link #resolve(byte[], byte[], byte[], String)} for a call without an operation attribute. */
  public Resolution resolve(byte[] requestAttribute, byte[] connectionAttribute, String user) {
    return resolve(requestAttribute, null, connectionAttribute, user);
  }

  /**
   * @param requestAttribute the request's {@code cake.tenant} attribute bytes, or null
   * @param operationAttribute the operation's {@code cake.tenant} attribute bytes, or null
   * @param connectionAttribute the connection's {@code cake.tenant} attribute bytes, or null
   * @param user the authenticated user's short name, or null
   */
  public Resolution resolve(
      byte[] requestAttribute, byte[] operationAttribute, byte[] connectionAttribute, String user) {
    Resolution r = claim(requestAttribute, user, Source.REQUEST_ATTRIBUTE);
    if (r == null) {
      r = claim(operationAttribute, user, Source.OPERATION_ATTRIBUTE);
    }
    if (r == null) {
      r = claim(connectionAttribute, user, Source.CONNECTION_ATTRIBUTE);
    }
    if (r == null && user != null) {
      String mapped = userRules.get(user);
      if (mapped != null) {
        r = admitted(mapped, Source.USER_RULE);
      }
    }
    return r != null ? r : new Resolution(TenantNames.DEFAULT, Source.DEFAULT, false);
  }

  /** Whether {@code user} may claim {@code tenant} by attribute under the current rules. */
  public boolean mayClaim(String user, String tenant) {
    if (!aclEnforced || TenantNames.DEFAULT.equals(tenant)) {
      return true;
    }
    if (user == null) {
      return false;
    }
    Set<String> allowed = allowedUsers.get(tenant);
    return (allowed != null && (allowed.contains("*") || allowed.contains(user)))
        || tenant.equals(userRules.get(user));
  }

  private Resolution claim(byte[] attribute, String user, Source source) {
    if (attribute == null || attribute.length == 0) {
      return null;
    }
    String name = TenantNames.fromBytes(attribute);
    if (name == null) {
      known.invalid.increment();
      if (known.loggedInvalid.compareAndSet(false, true)) {
        LOG.warn(
            "Cake: ignoring invalid tenant name in the {} of user {} (1-{} of [A-Za-z0-9_.-]); further"
                + " ones are only counted",
            source,
            user,
            TenantNames.MAX_LENGTH);
      }
      return null;
    }
    if (!mayClaim(user, name)) {
      known.denied.increment();
      if (known.loggedDenied.compareAndSet(false, true)) {
        LOG.warn(
            "Cake: user {} may not use tenant {} (see cake.hbase.tenant.{}.allowed-users); further"
                + " refusals are only counted",
            user,
            name,
            name);
      }
      return null;
    }
    return admitted(name, source);
  }

  private Resolution admitted(String name, Source source) {
    String tenant = known.names.admit(name);
    return new Resolution(tenant, source, !tenant.equals(name));
  }
}
