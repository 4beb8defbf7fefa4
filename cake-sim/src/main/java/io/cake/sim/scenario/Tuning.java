package io.cake.sim.scenario;

import io.cake.controller.config.ControllerConfig;
import io.cake.controller.policy.ControllerParams;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * The controller's keys a suite runs with: none (as shipped), or {@code cake.controller.*} keys
 * from the command line, parsed by the controller's own validator, so that a screen of a key is one
 * command and its files say which keys they ran with. The interval is the suite's.
 */
public record Tuning(Map<String, String> keys, ControllerParams params) {
  private static final String PREFIX = "cake.controller.";

  public static final Tuning SHIPPED = of(Map.of());

  public Tuning {
    keys = java.util.Collections.unmodifiableMap(new TreeMap<>(keys));
  }

  /**
   * @throws IllegalArgumentException naming a key that is not one of the controller's policy keys
   *     (the interval is the suite's, the SLOs each scenario's, the DataNode connection has no
   *     meaning here), or one the controller's validator refuses
   */
  public static Tuning of(Map<String, String> keys) {
    java.util.Set<String> policy = policyKeys();
    for (String k : keys.keySet()) {
      if (!policy.contains(k)) {
        throw new IllegalArgumentException("'" + k + "' is not a controller policy key the suite can vary; they are "
            + policy);
      }
    }
    ControllerConfig c = ControllerConfig.parse(keys);
    return new Tuning(keys, c.params().withInterval(Duration.ofSeconds(Scenario.INTERVAL_S)));
  }

  /** The controller's String constants under {@code cake.controller.}, but the interval, the switch and the DataNode's. */
  private static java.util.Set<String> policyKeys() {
    java.util.Set<String> out = new java.util.TreeSet<>();
    for (java.lang.reflect.Field f : ControllerConfig.class.getFields()) {
      if (java.lang.reflect.Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
        try {
          String v = (String) f.get(null);
          if (v.startsWith(PREFIX) && !v.startsWith(PREFIX + "hdfs.") && !v.equals(ControllerConfig.INTERVAL_MS)
              && !v.equals(ControllerConfig.ENABLED)) {
            out.add(v);
          }
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    return out;
  }
}
