package io.cake.core.tenant;

import java.util.regex.Pattern;

/**
 * Tenant names arrive from clients (request attributes, DFS client names), so they are validated
 * before they become queue keys, metric names or JMX object names.
 */
public final class TenantNames {
  /** The tenant of untagged requests: best-effort FIFO, as Frosting does. */
  public static final String DEFAULT = "default";

  public static final int MAX_LENGTH = 64;
  private static final Pattern VALID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9_.-]{0,63}");

  private TenantNames() {}

  public static boolean isValid(String name) {
    return name != null && VALID.matcher(name).matches();
  }

  /** Returns {@code name} or throws naming the field and the rule. */
  public static String check(String field, String name) {
    if (!isValid(name)) {
      throw new IllegalArgumentException(
          field + " must be 1-" + MAX_LENGTH + " characters of [A-Za-z0-9_.-] starting with a"
              + " letter or digit, got " + (name == null ? "null" : "'" + name + "'"));
    }
    return name;
  }
}
