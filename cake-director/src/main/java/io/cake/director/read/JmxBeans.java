package io.cake.director.read;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import org.apache.hbase.thirdparty.com.google.gson.JsonElement;
import org.apache.hbase.thirdparty.com.google.gson.JsonObject;
import org.apache.hbase.thirdparty.com.google.gson.JsonParseException;
import org.apache.hbase.thirdparty.com.google.gson.JsonParser;

/**
 * Reads a RegionServer's {@link ServerReading} from its {@code /jmx?qry=io.cake:*} page. Several
 * RegionServers in one JVM (a mini-cluster) show every one's beans on each page, so only those
 * of the RegionServer listening on {@code rpcPort} are read: its scheduler is named
 * {@code hbase-<port>}, its controller's beans carry {@code port=<port>}. HBase's servlet quotes
 * NaN and Hadoop's writes it bare; the lenient parser reads both.
 */
public final class JmxBeans {
  private JmxBeans() {}

  /** @throws IllegalArgumentException when the text is not a /jmx page */
  public static ServerReading parse(String page, int rpcPort) {
    JsonElement root;
    try {
      root = JsonParser.parseString(page);
    } catch (JsonParseException e) {
      throw new IllegalArgumentException("not a /jmx JSON page: " + e.getMessage());
    }
    if (!root.isJsonObject() || !root.getAsJsonObject().has("beans")) {
      throw new IllegalArgumentException("not a /jmx JSON page: no \"beans\"");
    }
    String scheduler = "hbase-" + rpcPort;
    Map<String, Long> charged = new HashMap<>();
    List<Double> met = new ArrayList<>();
    double end = Double.NaN;
    for (JsonElement e : root.getAsJsonObject().getAsJsonArray("beans")) {
      JsonObject bean = e.getAsJsonObject();
      ObjectName name = name(bean);
      if (name == null || !"io.cake".equals(name.getDomain())) {
        continue;
      }
      String type = name.getKeyProperty("type");
      if ("FirstLevel".equals(type) && scheduler.equals(unquote(name.getKeyProperty("scheduler")))
          && "serviceUnitsTotal".equals(name.getKeyProperty("name")) && name.getKeyProperty("tenant") != null) {
        double v = number(bean, "Value");
        if (v >= 0 && !Double.isInfinite(v)) {
          charged.put(unquote(name.getKeyProperty("tenant")), Math.round(v));
        }
      } else if ("FirstLevel".equals(type) && scheduler.equals(unquote(name.getKeyProperty("scheduler")))
          && "intervalEndNanos".equals(name.getKeyProperty("name")) && name.getKeyProperty("tenant") == null) {
        end = number(bean, "Value");
      } else if ("ControllerSlo".equals(type) && String.valueOf(rpcPort).equals(name.getKeyProperty("port"))) {
        met.add(number(bean, "Met"));
      }
    }
    return new ServerReading(charged, end, met);
  }

  private static ObjectName name(JsonObject bean) {
    JsonElement n = bean.get("name");
    if (n == null || !n.isJsonPrimitive()) {
      return null;
    }
    try {
      return new ObjectName(n.getAsString());
    } catch (MalformedObjectNameException e) {
      return null;
    }
  }

  private static double number(JsonObject bean, String attribute) {
    JsonElement v = bean.get(attribute);
    if (v == null || !v.isJsonPrimitive()) {
      return Double.NaN;
    }
    try {
      return v.getAsDouble(); // a quoted "NaN" too
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  private static String unquote(String v) {
    return v != null && v.startsWith("\"") ? ObjectName.unquote(v) : v;
  }
}
