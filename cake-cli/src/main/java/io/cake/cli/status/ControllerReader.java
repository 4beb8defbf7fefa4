package io.cake.cli.status;

import com.fasterxml.jackson.databind.JsonNode;
import io.cake.cli.jmx.Beans;
import io.cake.controller.jmx.Controller;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Reads a RegionServer's controller MBean from its /jmx page. */
final class ControllerReader {
  private ControllerReader() {}

  /** The controller's MBean on the page, if there is one (running or not: {@link #running}). */
  static Optional<JsonNode> bean(Beans page, int rsPort) {
    return page.one(Controller.objectName(rsPort));
  }

  /** Whether the MBean says a controller runs (an older one, without the attribute, only exists when it does). */
  static boolean running(JsonNode bean) {
    return bean.path("Running").asBoolean(true);
  }

  static ControllerView view(JsonNode b) {
    List<String> reasons = new ArrayList<>();
    b.path("LastReasons").forEach(r -> reasons.add(r.asText()));
    Double failures = Beans.number(b, "Failures");
    Double interval = Beans.number(b, "IntervalMillis");
    return new ControllerView(
        Beans.text(b, "SloTenant"),
        Beans.text(b, "Slo"),
        goals(b),
        b.path("Paused").asBoolean(),
        interval == null ? null : interval.longValue(),
        Beans.text(b, "LastDecision"),
        List.copyOf(reasons),
        Beans.number(b, "Share"),
        nonNegative(b, "HdfsReserved"),
        nonNegative(b, "HbaseReserved"),
        nonNegativeNumber(b, "OthersLimit"),
        failures == null ? null : failures.longValue(),
        Beans.text(b, "ConfigurationError"),
        measurements(b));
  }

  /** {@code SloMeasurements}, NaN as null; none from a controller without it. */
  static List<ControllerMeasurement> measurements(JsonNode b) {
    List<ControllerMeasurement> out = new ArrayList<>();
    b.path("SloMeasurements").forEach(m -> out.add(new ControllerMeasurement(Beans.text(m, "tenant"),
        Beans.number(m, "measured"), Beans.number(m, "percentile"))));
    return out;
  }

  /**
   * Each SLO tenant's goal from {@code SloGoals}; from a controller without it (one SLO tenant),
   * the one goal from {@code SloTenant}, {@code SloPercentile}, {@code SloLatencyMillis} and
   * {@code SloThroughput}.
   */
  static List<TenantGoal> goals(JsonNode b) {
    List<TenantGoal> out = new ArrayList<>();
    JsonNode many = b.path("SloGoals");
    if (many.isArray()) {
      many.forEach(g -> out.add(new TenantGoal(Beans.text(g, "tenant"), Beans.number(g, "percentile"),
          Beans.number(g, "latencyMillis"), Beans.number(g, "throughput"), Beans.number(g, "weight"),
          Beans.text(g, "operation"), Beans.number(g, "megabytesPerSecond"))));
      return out;
    }
    String tenant = Beans.text(b, "SloTenant");
    if (tenant != null && !tenant.isEmpty()) {
      out.add(new TenantGoal(tenant, Beans.number(b, "SloPercentile"), Beans.number(b, "SloLatencyMillis"),
          Beans.number(b, "SloThroughput"), null));
    }
    return out;
  }

  /** -1 means "before the first decision": shown as unknown. */
  private static Double nonNegativeNumber(JsonNode b, String attribute) {
    Double v = Beans.number(b, attribute);
    return v == null || v < 0 ? null : v;
  }

  private static Integer nonNegative(JsonNode b, String attribute) {
    Integer v = LevelReader.integer(b, attribute);
    return v == null || v < 0 ? null : v;
  }
}
