package io.cake.cli.format;

import io.cake.cli.status.TenantSummary;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;
import java.util.stream.Collectors;

/** {@code cake tenants} for people: one row per tenant over the whole cluster. */
public final class TenantsText {
  private TenantsText() {}

  public static List<String> lines(List<TenantSummary> tenants, int regionServers) {
    Table t = new Table().text("TENANT").number("REGIONSERVERS").number("OPS/S").text("WEIGHT").text("RESERVED").text("SLO");
    for (TenantSummary s : tenants) {
      t.row(s.tenant(), s.regionServers().size() + "/" + regionServers, Numbers.rate(s.throughput()),
          distinct(s.weights().values().stream().map(Numbers::weight).collect(Collectors.toList())),
          distinct(s.reserved().values().stream().map(String::valueOf).collect(Collectors.toList())),
          distinct(List.copyOf(s.slos().values())));
    }
    return t.lines("");
  }

  /** One value when every RegionServer agrees, else each distinct value, e.g. {@code 0/1}. */
  static String distinct(List<String> values) {
    TreeSet<String> d = values.stream().filter(Objects::nonNull).collect(Collectors.toCollection(TreeSet::new));
    return d.isEmpty() ? "" : String.join(" / ", d);
  }
}
