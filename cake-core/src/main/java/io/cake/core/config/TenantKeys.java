package io.cake.core.config;

import io.cake.core.sched.Allocation;
import io.cake.core.tenant.TenantNames;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * The per-tenant keys {@code <prefix><tenant><suffix>} of the HBase and HDFS sides, parsed in one
 * place: {@code .share} (a positive weight), {@code .reservation} (slots, >= 0), any other suffix a
 * side knows (HBase's {@code .allowed-users}), and the key giving the share of tenants with no
 * {@code .share}. It reads plain maps, so cake-core needs no Hadoop: callers pass {@code
 * Configuration.getPropsWithPrefix(prefix)}. Errors name the full key.
 *
 * <p>Whether the reservations fit a slot count is the caller's check ({@link
 * Allocation#checkFits}): only the caller knows which key sets the slots.
 */
public final class TenantKeys {
  public static final String SHARE_SUFFIX = ".share";
  public static final String RESERVATION_SUFFIX = ".reservation";
  /**
   * One definition for both levels: {@code cake.tenant.<t>.share|reservation}, e.g. once in
   * core-site.xml, which RegionServers and DataNodes both read. A level's own key wins.
   */
  public static final String SHARED_PREFIX = "cake.tenant.";
  /** The HBase level's own per-tenant keys, {@code cake.hbase.tenant.<t>.<suffix>}. */
  public static final String HBASE_PREFIX = "cake.hbase.tenant.";
  /**
   * HBase's {@code user:tenant[,user:tenant...]}: the tenant of an authenticated user's untagged
   * calls. Here because the RegionServer's HDFS client wrapper counts the tenants it names as
   * configured ones too.
   */
  public static final String USER_RULES = "cake.hbase.user-rules";
  /** The shared keys know no default-share key: each level's own applies. */
  private static final TenantKeys SHARED = new TenantKeys(SHARED_PREFIX, "cake.<level>.default-share");

  /**
   * What the keys say.
   *
   * @param others per other suffix, each tenant's trimmed value
   */
  public record Parsed(Allocation allocation, Map<String, Map<String, String>> others, List<String> overrides) {
    public Parsed {
      overrides = List.copyOf(overrides);
    }

    /** Tenant to trimmed value of the keys ending in {@code suffix}; empty if there are none. */
    public Map<String, String> values(String suffix) {
      return others.getOrDefault(suffix, Map.of());
    }
  }

  private final String prefix;
  private final String defaultShareKey;
  private final List<String> suffixes = new ArrayList<>();

  /**
   * @param prefix e.g. {@code cake.hdfs.tenant.}
   * @param defaultShareKey the key of the share of tenants with no {@code .share} key
   * @param otherSuffixes suffixes besides {@code .share} and {@code .reservation}, values kept as
   *     text for the caller
   */
  public TenantKeys(String prefix, String defaultShareKey, String... otherSuffixes) {
    this.prefix = Objects.requireNonNull(prefix, "prefix");
    this.defaultShareKey = Objects.requireNonNull(defaultShareKey, "defaultShareKey");
    suffixes.add(SHARE_SUFFIX);
    suffixes.add(RESERVATION_SUFFIX);
    suffixes.addAll(List.of(otherSuffixes));
  }

  public String prefix() {
    return prefix;
  }

  /**
   * @param underPrefix the keys below the prefix with the prefix cut off (as {@code
   *     Configuration.getPropsWithPrefix} gives them) and their values
   * @param defaultShare the value of the default-share key, null if unset ({@link
   *     Allocation#DEFAULT_SHARE})
   * @throws IllegalArgumentException naming the first bad key
   */
  public Parsed parse(Map<String, String> underPrefix, String defaultShare) {
    Map<String, Double> shares = new TreeMap<>();
    Map<String, Integer> reservations = new TreeMap<>();
    Map<String, Map<String, String>> others = new TreeMap<>();
    // Sorted, so the first bad key reported is the same from one run to the next.
    for (Map.Entry<String, String> e : new TreeMap<>(underPrefix).entrySet()) {
      String key = prefix + e.getKey();
      String suffix = suffixOf(e.getKey());
      if (suffix == null) {
        throw new IllegalArgumentException(
            "unknown key " + key + ": per-tenant keys are " + prefix + "<tenant>{"
                + String.join(",", suffixes) + "}");
      }
      String tenant =
          TenantNames.check(
              "tenant of " + key, e.getKey().substring(0, e.getKey().length() - suffix.length()));
      String value = e.getValue() == null ? "" : e.getValue().trim();
      switch (suffix) {
        case SHARE_SUFFIX -> shares.put(tenant, ConfigNumbers.positiveDouble(key, value));
        case RESERVATION_SUFFIX -> reservations.put(tenant, ConfigNumbers.intAtLeast(key, value, 0));
        default -> others.computeIfAbsent(suffix, s -> new TreeMap<>()).put(tenant, value);
      }
    }
    double dflt =
        defaultShare == null
            ? Allocation.DEFAULT_SHARE
            : ConfigNumbers.positiveDouble(defaultShareKey, defaultShare.trim());
    others.replaceAll((s, m) -> Collections.unmodifiableMap(m));
    return new Parsed(
        new Allocation(shares, reservations, dflt), Collections.unmodifiableMap(others), List.of());
  }

  /**
   * This level's keys over the shared ones: a tenant's {@code .share} or {@code .reservation} comes
   * from this level's key when there is one, else from {@code cake.tenant.<t>}. Where both are set
   * to different values, {@link Parsed#overrides()} says so, naming both keys, for a warning.
   *
   * @param shared the keys below {@link #SHARED_PREFIX}, prefix cut off
   */
  /**
   * The shares and reservations of the shared {@code cake.tenant.*} keys alone (prefix cut off).
   *
   * @throws IllegalArgumentException naming the first bad key
   */
  public static Allocation parseShared(Map<String, String> shared) {
    return SHARED.parse(shared, null).allocation();
  }

  public Parsed parse(Map<String, String> shared, Map<String, String> underPrefix, String defaultShare) {
    Parsed own = parse(underPrefix, defaultShare);
    Allocation common = parseShared(shared);
    if (common.shares().isEmpty() && common.reservations().isEmpty()) {
      return own;
    }
    List<String> overrides = new ArrayList<>();
    Map<String, Double> shares = merge(common.shares(), own.allocation().shares(), SHARE_SUFFIX, overrides);
    Map<String, Integer> reservations =
        merge(common.reservations(), own.allocation().reservations(), RESERVATION_SUFFIX, overrides);
    return new Parsed(
        new Allocation(shares, reservations, own.allocation().defaultShare()), own.others(), overrides);
  }

  private <V> Map<String, V> merge(Map<String, V> common, Map<String, V> own, String suffix, List<String> overrides) {
    Map<String, V> out = new TreeMap<>(common);
    own.forEach(
        (tenant, v) -> {
          V was = out.put(tenant, v);
          if (was != null && !was.equals(v)) {
            overrides.add(prefix + tenant + suffix + "=" + v + " overrides " + SHARED_PREFIX + tenant + suffix + "=" + was);
          }
        });
    return out;
  }

  /**
   * The longest known suffix {@code rest} ends with after a non-empty tenant, or null. Longest, so
   * that a suffix ending like another (say ".min-share" beside ".share") still reads as itself.
   */
  private String suffixOf(String rest) {
    String best = null;
    for (String s : suffixes) {
      if (rest.length() > s.length()
          && rest.endsWith(s)
          && (best == null || s.length() > best.length())) {
        best = s;
      }
    }
    return best;
  }
}
