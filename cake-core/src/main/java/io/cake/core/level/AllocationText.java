package io.cake.core.level;

import io.cake.core.config.ConfigNumbers;
import io.cake.core.contract.Contract;
import io.cake.core.sched.Lane;
import io.cake.core.tenant.TenantNames;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The text form of shares, reservations and lanes used over JMX: {@code tenant=value,tenant2=value}
 * ({@code tenant=rank:slots} or {@code tenant=rank:slots@RATE:BURST/RATE:BURST} for a lane).
 */
public final class AllocationText {
  private AllocationText() {}

  public static Map<String, Double> parseShares(String text) {
    Map<String, Double> out = new TreeMap<>();
    forEachPair(
        "shares",
        text,
        (tenant, v) -> out.put(tenant, ConfigNumbers.positiveDouble("share of '" + tenant + "'", v)));
    return out;
  }

  public static Map<String, Integer> parseReservations(String text) {
    Map<String, Integer> out = new TreeMap<>();
    forEachPair(
        "reservations",
        text,
        (tenant, v) -> out.put(tenant, ConfigNumbers.intAtLeast("reservation of '" + tenant + "'", v, 0)));
    return out;
  }

  /**
   * {@code tenant=rank:slots[@RATE:BURST[/RATE:BURST...]],...}; each error names the tenant and what
   * is wrong.
   */
  public static Map<String, Lane> parseLanes(String text) {
    Map<String, Lane> out = new TreeMap<>();
    forEachPair(
        "lanes",
        text,
        (tenant, v) -> {
          String what = "lane of '" + tenant + "'";
          int at = v.indexOf('@');
          String width = at < 0 ? v : v.substring(0, at);
          int colon = width.indexOf(':');
          if (colon < 0) {
            throw new IllegalArgumentException(
                what + " must be rank:slots or rank:slots@RATE:BURST[/RATE:BURST] (e.g. 1:2@200:20), got '" + v + "'");
          }
          Contract limit = at < 0 ? null : Contract.parse(what + " buckets", v.substring(at + 1).replace('/', ','));
          out.put(tenant, new Lane(
              ConfigNumbers.intAtLeast(what + " rank", width.substring(0, colon).trim(), 1),
              ConfigNumbers.intAtLeast(what + " slots", width.substring(colon + 1).trim(), 1),
              limit));
        });
    return out;
  }

  /** {@code tenant=value,...} in tenant order, each value as its {@code toString}. */
  public static String format(Map<String, ?> values) {
    return new TreeMap<>(values)
        .entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(","));
  }

  /** {@code tenant=0.450,...}: fractions to three decimals. */
  public static String formatFractions(Map<String, Double> fractions) {
    return new TreeMap<>(fractions)
        .entrySet().stream()
            .map(e -> e.getKey() + "=" + String.format(java.util.Locale.ROOT, "%.3f", e.getValue()))
            .collect(Collectors.joining(","));
  }

  private static void forEachPair(
      String what, String text, java.util.function.BiConsumer<String, String> sink) {
    if (text == null) {
      throw new IllegalArgumentException(what + " must be tenant=value,... (empty for none), got null");
    }
    Map<String, String> seen = new TreeMap<>();
    for (String part : text.split(",")) {
      String p = part.trim();
      if (p.isEmpty()) {
        continue;
      }
      int eq = p.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException(what + " entries must be tenant=value, got '" + p + "'");
      }
      String tenant = TenantNames.check(what + " tenant", p.substring(0, eq).trim());
      if (seen.put(tenant, p) != null) {
        throw new IllegalArgumentException(what + " name tenant '" + tenant + "' twice");
      }
      sink.accept(tenant, p.substring(eq + 1).trim());
    }
  }
}
