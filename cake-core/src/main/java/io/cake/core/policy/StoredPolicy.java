package io.cake.core.policy;

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
   * not read the store (a DataNode's, through its controller) should give the tenants. A field
   * that does not read as its number (an entry edited by hand) is left out; the RegionServer
   * logs it when it skips the entry.
   */
  public Allocation over(Allocation base) {
    Allocation out = base;
    for (TenantEntry e : entries) {
      String share = e.fields().get(TenantEntry.SHARE);
      String reservation = e.fields().get(TenantEntry.RESERVATION);
      try {
        double s = share == null ? Double.NaN : Double.parseDouble(share.trim());
        if (s > 0 && Double.isFinite(s)) {
          out = out.withShare(e.tenant(), s);
        }
      } catch (NumberFormatException skipped) {
        // as the RegionServer does: this field of this entry does not apply
      }
      try {
        int r = reservation == null ? -1 : Integer.parseInt(reservation.trim());
        if (r >= 0) {
          out = out.withReservation(e.tenant(), r);
        }
      } catch (NumberFormatException skipped) {
        // as above
      }
    }
    return out;
  }

  /** The same content as {@code other}, whatever the generations. */
  public boolean sameAs(StoredPolicy other) {
    return entries.equals(other.entries) && unreadable.equals(other.unreadable);
  }
}
