package io.cake.cli.jmx;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * The MBeans of one /jmx page, looked up by ObjectName (compared as JMX does, so a quoted value
 * or another key order in the page still matches).
 */
public final class Beans {
  private final List<JsonNode> beans;

  public Beans(List<JsonNode> beans) {
    this.beans = List.copyOf(beans);
  }

  public List<JsonNode> all() {
    return beans;
  }

  public Optional<JsonNode> one(ObjectName name) {
    return beans.stream().filter(b -> name.equals(nameOf(b))).findFirst();
  }

  public List<JsonNode> matching(ObjectName pattern) {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode b : beans) {
      ObjectName n = nameOf(b);
      if (n != null && pattern.apply(n)) {
        out.add(b);
      }
    }
    return out;
  }

  /** A bean's ObjectName, or null if the page gave none a parser accepts. */
  public static ObjectName nameOf(JsonNode bean) {
    try {
      return new ObjectName(bean.path("name").asText());
    } catch (MalformedObjectNameException e) {
      return null;
    }
  }

  public static ObjectName name(String text) {
    try {
      return new ObjectName(text);
    } catch (MalformedObjectNameException e) {
      throw new IllegalArgumentException("not an ObjectName: " + text, e);
    }
  }

  /** A key's value, unquoted if the registrant quoted it. */
  public static String key(ObjectName name, String key) {
    String v = name.getKeyProperty(key);
    return v != null && v.length() >= 2 && v.startsWith("\"") ? ObjectName.unquote(v) : v;
  }

  /**
   * A numeric attribute: null when absent, not a number or NaN (HBase's servlet writes NaN as the
   * string "NaN", Hadoop's bare).
   */
  public static Double number(JsonNode bean, String attribute) {
    JsonNode v = bean.path(attribute);
    double d;
    if (v.isNumber()) {
      d = v.doubleValue();
    } else if (v.isTextual()) {
      try {
        d = Double.parseDouble(v.asText());
      } catch (NumberFormatException e) {
        return null;
      }
    } else {
      return null;
    }
    return Double.isNaN(d) ? null : d;
  }

  public static String text(JsonNode bean, String attribute) {
    JsonNode v = bean.path(attribute);
    return v.isMissingNode() || v.isNull() ? null : v.asText();
  }
}
