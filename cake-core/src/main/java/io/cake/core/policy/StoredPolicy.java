package io.cake.core.policy;

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

  /** The same content as {@code other}, whatever the generations. */
  public boolean sameAs(StoredPolicy other) {
    return entries.equals(other.entries) && unreadable.equals(other.unreadable);
  }
}
