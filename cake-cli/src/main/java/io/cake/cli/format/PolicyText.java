package io.cake.cli.format;

import io.cake.cli.policy.PolicyStore;
import io.cake.core.policy.TenantEntry;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;

/** The policy store for people: {@code cake tenant list}, {@code describe} and what a write changed. */
public final class PolicyText {
  private PolicyText() {}

  /** What {@code cake tenant set|drop} and {@code cake slo set} did, or would do with {@code --dry-run}. */
  public record Change(String tenant, Map<String, String> before, Map<String, String> after, Integer version,
      boolean written, String store) {}

  public static List<String> list(PolicyStore.Listing listing) {
    Table t = new Table().text("TENANT").text("SHARE").text("RESERVATION").text("CONTRACT").text("ALLOWED USERS")
        .text("SLO").text("WEIGHT").number("VERSION");
    for (PolicyStore.Stored s : listing.entries()) {
      Map<String, String> f = s.entry().fields();
      t.row(s.entry().tenant(), f.getOrDefault("share", ""), f.getOrDefault("reservation", ""),
          f.getOrDefault("contract", ""), f.getOrDefault("allowed-users", ""), slo(f),
          f.getOrDefault("slo.weight", ""), String.valueOf(s.entry().version()));
    }
    List<String> out = new ArrayList<>(t.isEmpty() ? List.of("(no tenant in the policy store)") : t.lines(""));
    listing.unreadable().forEach((tenant, why) -> out.add("unreadable entry '" + tenant + "' (the servers skip it): " + why));
    return out;
  }

  public static List<String> describe(PolicyStore.Stored s) {
    List<String> out = new ArrayList<>();
    out.add("tenant " + s.entry().tenant() + ", version " + s.entry().version() + ", written " + s.modified());
    for (String field : TenantEntry.FIELDS) {
      String v = s.entry().fields().get(field);
      if (v != null) {
        out.add(String.format("  %-18s %-24s (%s)", field, v, s.entry().keyOf(field)));
      }
    }
    if (s.entry().hasSlo()) {
      out.add("  the SLO replaces any cake.slo." + s.entry().tenant() + ".* keys of the RegionServers' hbase-site.xml");
    }
    return out;
  }

  public static List<String> change(Change c) {
    List<String> out = new ArrayList<>();
    TreeSet<String> fields = new TreeSet<>(c.before().keySet());
    fields.addAll(c.after().keySet());
    for (String f : fields) {
      String was = c.before().get(f);
      String now = c.after().get(f);
      if (!Objects.equals(was, now)) {
        out.add(String.format("  %-18s %s -> %s", f, was == null ? "(unset)" : was, now == null ? "(unset)" : now));
      }
    }
    if (out.isEmpty()) {
      out.add("  (no field changes)");
    }
    String head = "tenant " + c.tenant() + ":";
    String tail = !c.written() ? "dry run: nothing written to " + c.store()
        : c.version() == null ? "dropped from " + c.store() + "; each RegionServer goes back to its site file for it"
        : "stored as version " + c.version() + " in " + c.store() + "; each RegionServer applies it when ZooKeeper"
            + " tells it, its controller at its next decision";
    out.add(0, head);
    out.add(tail);
    return out;
  }

  /** The SLO fields as one cell, e.g. {@code p99.9 <= 200 ms (get)}. */
  static String slo(Map<String, String> f) {
    if (f.containsKey("slo.latency-ms")) {
      return "p" + f.getOrDefault("slo.percentile", "99") + " <= " + f.get("slo.latency-ms") + " ms"
          + (f.containsKey("slo.operation") ? " (" + f.get("slo.operation") + ")" : "");
    }
    if (f.containsKey("slo.throughput")) {
      return ">= " + f.get("slo.throughput") + " ops/s";
    }
    if (f.containsKey("slo.throughput-mb")) {
      return ">= " + f.get("slo.throughput-mb") + " MB/s";
    }
    return "";
  }
}
