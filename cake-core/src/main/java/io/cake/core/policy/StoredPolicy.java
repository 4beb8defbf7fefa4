package io.cake.core.policy;

import io.cake.core.config.TenantKeys;
import io.cake.core.sched.Allocation;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The policy store as last read: the entries that parsed, in tenant order, and the znodes that did
 * not (tenant to why). {@code generation} counts the reads that changed something, so a reader
 * can tell a new store from the one it applied.
 */
public record StoredPolicy(long generation, List<TenantEntry> entries, Map<String, String> unreadable) {
  public static final StoredPolicy EMPTY = new StoredPolicy(0, List.of(), Map.of());
  /** Where the store lives under HBase's root znode: one child per tenant. */
  public static final String UNDER_ROOT = "/cake/tenants";

  /** The store's znode for HBase's {@code zookeeper.znode.parent}. */
  public static String path(String znodeParent) {
    return (znodeParent.endsWith("/") ? znodeParent.substring(0, znodeParent.length() - 1) : znodeParent) + UNDER_ROOT;
  }

  public StoredPolicy {
    entries = List.copyOf(entries);
    unreadable = java.util.Collections.unmodifiableMap(new TreeMap<>(unreadable));
  }

  /**
   * {@code base} with each entry's share and reservation laid over it: what a scheduler that does
   * not read the store (a DataNode's, through its controller) should give the tenants. An entry
   * whose share or reservation the site-file parser refuses (edited by hand) is left out, as the
   * RegionServer skips it.
   */
  public Allocation over(Allocation base) {
    Allocation out = base;
    for (TenantEntry e : entries) {
      Map<String, String> underPrefix = new TreeMap<>();
      for (String field : List.of(TenantEntry.SHARE, TenantEntry.RESERVATION)) {
        String v = e.fields().get(field);
        if (v != null) {
          underPrefix.put(e.keyOf(field).substring(TenantKeys.SHARED_PREFIX.length()), v);
        }
      }
      Allocation stored;
      try {
        stored = TenantKeys.parseShared(underPrefix); // as a site file's cake.tenant.* keys are
      } catch (IllegalArgumentException refused) {
        continue;
      }
      for (Map.Entry<String, Double> s : stored.shares().entrySet()) {
        out = out.withShare(s.getKey(), s.getValue());
      }
      for (Map.Entry<String, Integer> r : stored.reservations().entrySet()) {
        out = out.withReservation(r.getKey(), r.getValue());
      }
    }
    return out;
  }

  /** The same content as {@code other}, whatever the generations. */
  public boolean sameAs(StoredPolicy other) {
    return entries.equals(other.entries) && unreadable.equals(other.unreadable);
  }
}
