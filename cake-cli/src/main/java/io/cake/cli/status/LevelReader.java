package io.cake.cli.status;

import com.fasterxml.jackson.databind.JsonNode;
import io.cake.cli.jmx.Beans;
import io.cake.core.level.AllocationText;
import io.cake.core.level.CakeVersion;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import javax.management.ObjectName;

/**
 * Reads one first-level scheduler from a /jmx page: its control bean ({@code
 * io.cake:type=Scheduler,kind=<kind>,scheduler=<name>}) and the per-tenant gauges cake-core's
 * JmxPublisher registers ({@code io.cake:type=FirstLevel,scheduler=<name>,tenant=<t>,name=<metric>}).
 */
final class LevelReader {
  private static final ObjectName GAUGES = Beans.name("io.cake:type=FirstLevel,*");

  private LevelReader() {}

  /** The control beans of one kind on the page, by their {@code Name} attribute. */
  static Map<String, JsonNode> controls(Beans page, String kind) {
    Map<String, JsonNode> out = new TreeMap<>();
    for (JsonNode b : page.matching(Beans.name("io.cake:type=Scheduler,kind=" + kind + ",*"))) {
      out.put(b.path("Name").asText(), b);
    }
    return out;
  }

  static HBaseLevel hbase(Beans page, JsonNode control) {
    return new HBaseLevel(
        control.path("Name").asText(),
        control.path("Enabled").asBoolean(),
        integer(control, "PoolSize"),
        integer(control, "PoolMin"),
        integer(control, "PoolMax"),
        integer(control, "PoolCap"),
        Beans.number(control, "OthersLimit"),
        blankToNull(Beans.text(control, "OthersExempt")),
        integer(control, "ActiveHandlers"),
        integer(control, "Queued"),
        Beans.number(control, "DefaultShare"),
        blankToNull(Beans.text(control, "LastConfigurationError")),
        tenants(page, control));
  }

  static DataNodeLevel datanode(String url, Beans page, JsonNode control) {
    return new DataNodeLevel(
        url,
        null,
        control.path("Name").asText(),
        control.path("Enabled").asBoolean(),
        integer(control, "SoftLimit"),
        integer(control, "Holding"),
        integer(control, "Waiting"),
        integer(control, "Queued"),
        tenants(page, control),
        version(page));
  }

  /** The JVM's Cake version ({@code io.cake:type=Version}); null from a version without it. */
  static String version(Beans page) {
    return page.one(Beans.name(CakeVersion.OBJECT_NAME)).map(b -> Beans.text(b, "Version")).orElse(null);
  }

  /**
   * Every tenant the scheduler knows: those with gauges (seen since it started), and those named
   * by its shares, reservations, lanes or share fractions.
   */
  static List<TenantRow> tenants(Beans page, JsonNode control) {
    String scheduler = control.path("Name").asText();
    Map<String, Map<String, Double>> gauges = gauges(page, scheduler);
    Map<String, Double> weights = AllocationText.parseShares(textOrEmpty(control, "Shares"));
    Map<String, Integer> reserved = AllocationText.parseReservations(textOrEmpty(control, "Reservations"));
    Map<String, io.cake.core.sched.Lane> lanes = AllocationText.parseLanes(textOrEmpty(control, "Lanes"));
    Map<String, Double> fractions = fractions(textOrEmpty(control, "ShareFractions"));
    Double defaultShare = Beans.number(control, "DefaultShare");
    TreeSet<String> names = new TreeSet<>(gauges.keySet());
    names.addAll(weights.keySet());
    names.addAll(reserved.keySet());
    names.addAll(lanes.keySet());
    names.addAll(fractions.keySet());
    List<TenantRow> rows = new ArrayList<>();
    for (String t : names) {
      Map<String, Double> g = gauges.getOrDefault(t, Map.of());
      rows.add(new TenantRow(t, fractions.get(t), weights.getOrDefault(t, defaultShare), reserved.getOrDefault(t, 0),
          lanes.containsKey(t) ? lanes.get(t).toString() : null,
          g.get("queueLength"), g.get("occupancy"), g.get("throughput"), g.get("completions"), g.get("rejections"),
          g.get("latencyP50Ms"), g.get("latencyP99Ms"), g.get("latencyP999Ms"), null, null));
    }
    return rows;
  }

  /** tenant -> metric -> value, for one scheduler. */
  private static Map<String, Map<String, Double>> gauges(Beans page, String scheduler) {
    Map<String, Map<String, Double>> out = new HashMap<>();
    for (JsonNode b : page.matching(GAUGES)) {
      ObjectName n = Beans.nameOf(b);
      String tenant = Beans.key(n, "tenant");
      if (tenant != null && scheduler.equals(Beans.key(n, "scheduler"))) {
        Double v = Beans.number(b, "Value");
        if (v != null) {
          out.computeIfAbsent(tenant, k -> new HashMap<>()).put(Beans.key(n, "name"), v);
        } else {
          out.computeIfAbsent(tenant, k -> new HashMap<>());
        }
      }
    }
    return out;
  }

  /** {@code tenant=0.450,...}; an entry that does not read as a number is left out. */
  static Map<String, Double> fractions(String text) {
    Map<String, Double> out = new TreeMap<>();
    for (String part : text.split(",")) {
      int eq = part.indexOf('=');
      if (eq > 0) {
        try {
          out.put(part.substring(0, eq).trim(), Double.parseDouble(part.substring(eq + 1).trim()));
        } catch (NumberFormatException ignored) {
          // not a fraction: shown as unknown
        }
      }
    }
    return out;
  }

  static Integer integer(JsonNode bean, String attribute) {
    Double d = Beans.number(bean, attribute);
    return d == null ? null : (int) Math.round(d);
  }

  private static String textOrEmpty(JsonNode bean, String attribute) {
    String t = Beans.text(bean, attribute);
    return t == null ? "" : t;
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
