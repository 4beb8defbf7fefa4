package io.cake.core.tenant;

import java.nio.charset.StandardCharsets;

/**
 * Tenant names arrive from clients (request attributes, DFS client names), so they are validated
 * before they become queue keys, metric names or JMX object names.
 */
public final class TenantNames {
  /** The tenant of untagged requests: best-effort FIFO, as Frosting does. */
  public static final String DEFAULT = "default";

  /**
   * Where calls over their tenant's throughput contract are served: only with what the other
   * tenants leave ({@link io.cake.core.sched.Allocation#BEST_EFFORT_FRACTION}).
   */
  public static final String BEST_EFFORT = "best-effort";

  public static final int MAX_LENGTH = 64;

  private TenantNames() {}

  public static boolean isValid(String name) {
    if (name == null || name.isEmpty() || name.length() > MAX_LENGTH || !alnum(name.charAt(0))) {
      return false;
    }
    for (int i = 1; i < name.length(); i++) {
      if (!allowed(name.charAt(i))) {
        return false;
      }
    }
    return true;
  }

  /**
   * The valid name spelt by {@code bytes} (a request attribute), or null if they spell none. Valid
   * names are ASCII, so no charset decoder is needed: this runs for every tagged call.
   */
  public static String fromBytes(byte[] bytes) {
    if (bytes == null || bytes.length > MAX_LENGTH) {
      return null;
    }
    // Latin-1 maps each byte to one char; a non-ASCII byte becomes a char isValid refuses.
    String name = new String(bytes, StandardCharsets.ISO_8859_1);
    return isValid(name) ? name : null;
  }

  private static boolean alnum(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }

  private static boolean allowed(char c) {
    return alnum(c) || c == '_' || c == '.' || c == '-';
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
