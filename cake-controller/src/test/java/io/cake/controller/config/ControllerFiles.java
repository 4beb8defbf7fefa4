package io.cake.controller.config;

import java.util.HashMap;
import java.util.Map;

/** A controller's keys as a file would give them, for tests: enabled, an SLO, then changes. */
public final class ControllerFiles {
  private ControllerFiles() {}

  /** Enabled, with {@code cake.slo.front.latency-ms=100}; then each key/value pair (null: unset). */
  public static Map<String, String> file(String... kv) {
    Map<String, String> m = new HashMap<>();
    m.put(ControllerConfig.ENABLED, "true");
    m.put("cake.slo.front.latency-ms", "100");
    for (int i = 0; i < kv.length; i += 2) {
      if (kv[i + 1] == null) {
        m.remove(kv[i]);
      } else {
        m.put(kv[i], kv[i + 1]);
      }
    }
    return m;
  }
}
