package io.cake.controller.prometheus;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.yaml.snakeyaml.Yaml;

/** The Prometheus alerting rules shipped in docker/prometheus, read as Prometheus reads the file. */
public final class AlertRules {
  public static final Path FILE = Path.of("..", "docker", "prometheus", "cake-alerts.yaml");

  /** One alerting rule. */
  public record Rule(String alert, String expr, String forDuration, String severity, String summary) {}

  private AlertRules() {}

  @SuppressWarnings("unchecked")
  public static List<Rule> read(Path file) throws IOException {
    Map<String, Object> root;
    try (Reader r = Files.newBufferedReader(file)) {
      root = new Yaml().load(r);
    }
    List<Rule> out = new ArrayList<>();
    for (Map<String, Object> group : (List<Map<String, Object>>) root.get("groups")) {
      for (Map<String, Object> rule : (List<Map<String, Object>>) group.get("rules")) {
        Map<String, Object> labels = (Map<String, Object>) rule.getOrDefault("labels", Map.of());
        Map<String, Object> annotations = (Map<String, Object>) rule.getOrDefault("annotations", Map.of());
        out.add(new Rule((String) rule.get("alert"), String.valueOf(rule.get("expr")), (String) rule.get("for"),
            (String) labels.get("severity"), (String) annotations.get("summary")));
      }
    }
    return out;
  }

  /** Every metric name the rules' expressions read. */
  public static Set<String> metricNames(List<Rule> rules) {
    Set<String> names = new TreeSet<>();
    rules.forEach(r -> names.addAll(PromQlNames.of(r.expr())));
    return names;
  }
}
