package io.cake.sim.scenario;

import io.cake.controller.config.ControllerConfig;
import io.cake.controller.policy.ControllerParams;
import io.cake.controller.policy.minimax.ManyTenantParams;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * The controller's keys a suite runs with: none (as shipped), or {@code cake.controller.*} keys
 * from the command line, parsed by the controller's own validator, so that a screen of a key is one
 * command and its files say which keys they ran with. The interval is the suite's.
 */
public record Tuning(Map<String, String> keys, ControllerParams one, ManyTenantParams many) {
  private static final String PREFIX = "cake.controller.";

  public static final Tuning SHIPPED = of(Map.of());

  public Tuning {
    keys = java.util.Collections.unmodifiableMap(new TreeMap<>(keys));
  }

  /** @throws IllegalArgumentException naming a key that is not the controller's, or the interval's */
  public static Tuning of(Map<String, String> keys) {
    for (String k : keys.keySet()) {
      if (!k.startsWith(PREFIX) || k.equals(ControllerConfig.INTERVAL_MS) || k.equals(ControllerConfig.ENABLED)) {
        throw new IllegalArgumentException("'" + k + "' is not a key the suite can vary: it takes cake.controller.*"
            + " policy keys (the interval is the suite's " + Scenario.INTERVAL_S + " s; SLOs are each scenario's)");
      }
    }
    java.util.Set<String> known = known();
    for (String k : keys.keySet()) {
      if (!known.contains(k)) {
        throw new IllegalArgumentException("'" + k + "' is not a controller key; they are " + known);
      }
    }
    ControllerConfig c = ControllerConfig.parse(keys);
    return new Tuning(keys, c.params().withInterval(Duration.ofSeconds(Scenario.INTERVAL_S)), c.manyTenant());
  }

  /** The controller's own keys: its String constants under {@code cake.controller.}. */
  private static java.util.Set<String> known() {
    java.util.Set<String> out = new java.util.TreeSet<>();
    for (java.lang.reflect.Field f : ControllerConfig.class.getFields()) {
      if (java.lang.reflect.Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
        try {
          String v = (String) f.get(null);
          if (v.startsWith(PREFIX)) {
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
