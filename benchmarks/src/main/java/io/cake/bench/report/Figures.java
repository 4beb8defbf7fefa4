package io.cake.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The headline numbers of one results.json, by row (a policy, a tenant's point, an experiment's
 * summary) and figure (p99_ms, windows_met, ...): what {@code --repeat} takes the median of and
 * {@code compare} sets side by side. A repeat's own results.json yields its medians, so the two
 * kinds compare with each other.
 *
 * <p>Rows are keyed so that repeats of one command line up: a cake-slo run's name carries its SLO
 * (cake-slo-173), which moves from run to run with the isolated p99 it is derived from, so the key
 * drops that suffix where the name stays unique without it.
 */
public final class Figures {
  /** Row, then figure, then value; in the file's order. */
  public final Map<String, Map<String, Double>> rows = new LinkedHashMap<>();

  private Figures() {}

  public static Figures read(File resultsJson) throws IOException {
    return of(new ObjectMapper().readTree(resultsJson));
  }

  public static Figures of(JsonNode root) {
    Figures f = new Figures();
    if (RepeatReport.SCHEMA.equals(root.path("schema").asText())) {
      root.path("figures").fields().forEachRemaining(row -> row.getValue().fields().forEachRemaining(
          fig -> f.put(row.getKey(), fig.getKey(), fig.getValue().path("median"))));
      return f;
    }
    f.addRuns(root.path("runs"), root.path("config").path("percentile").asDouble(99));
    JsonNode exp = root.path("experiment");
    f.addFlat("summary", "", exp.path("summary"));
    for (JsonNode p : exp.path("points")) {
      String row = "point " + p.path("run").asText("?") + (p.hasNonNull("tenant") ? " / " + p.path("tenant").asText() : "");
      f.addFlat(row, "", p);
    }
    return f;
  }

  private void addRuns(JsonNode runs, double percentile) {
    Set<String> stripped = new HashSet<>();
    Set<String> clash = new HashSet<>();
    for (JsonNode r : runs) {
      if (!stripped.add(stripSlo(r))) {
        clash.add(stripSlo(r));
      }
    }
    Double isolatedBatch = null;
    for (JsonNode r : runs) {
      if (r.path("name").asText().equals("isolated-batch")) {
        isolatedBatch = num(r.path("batch").path("ops_per_s"));
      }
    }
    for (JsonNode r : runs) {
      String key = clash.contains(stripSlo(r)) ? r.path("name").asText() : stripSlo(r);
      JsonNode fe = r.path("frontend");
      if (fe.isObject()) {
        put(key, "p50_ms", fe.path("p50_ms"));
        put(key, "p99_ms", fe.path("p99_ms"));
        put(key, "p999_ms", fe.path("p999_ms"));
        put(key, "server_p99_ms", fe.path("server_p99_ms"));
        Double slo = num(r.path("slo_ms"));
        if (slo != null) {
          put(key, "slo_ms", r.path("slo_ms"));
          Double p = num(percentile == 99.9 ? fe.path("p999_ms") : percentile == 99 ? fe.path("p99_ms") : null);
          if (p != null) {
            rows.get(key).put("slo_met", p <= slo ? 1.0 : 0.0);
          }
          put(key, "windows_met", fe.path("slo_window_fraction_met_after_convergence"));
        }
      }
      JsonNode b = r.path("batch");
      if (b.isObject()) {
        put(key, "batch_ops_per_s", b.path("ops_per_s"));
        put(key, "batch_mb_per_s", b.path("mb_per_s"));
        put(key, "batch_failed", b.path("errors"));
        Double ops = num(b.path("ops_per_s"));
        if (ops != null && isolatedBatch != null && isolatedBatch > 0) {
          rows.computeIfAbsent(key, k -> new LinkedHashMap<>()).put("batch_of_isolated", ops / isolatedBatch);
        }
      }
    }
  }

  /** Every number (and boolean, as 1 or 0) under {@code node}, nested names joined by dots; arrays skipped. */
  private void addFlat(String row, String prefix, JsonNode node) {
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      JsonNode v = e.getValue();
      if (v.isObject()) {
        addFlat(row, prefix + e.getKey() + ".", v);
      } else if (v.isNumber() || v.isBoolean()) {
        put(row, prefix + e.getKey(), v);
      }
    }
  }

  private static String stripSlo(JsonNode run) {
    String name = run.path("name").asText();
    return run.hasNonNull("slo_ms") && name.startsWith("cake-slo-") ? name.replaceFirst("-[0-9]+(\\.[0-9]+)?$", "") : name;
  }

  private void put(String row, String figure, JsonNode v) {
    Double d = num(v);
    if (d != null) {
      rows.computeIfAbsent(row, k -> new LinkedHashMap<>()).put(figure, d);
    }
  }

  static Double num(JsonNode v) {
    if (v == null) {
      return null;
    }
    if (v.isBoolean()) {
      return v.booleanValue() ? 1.0 : 0.0;
    }
    return v.isNumber() ? v.doubleValue() : null;
  }
}
