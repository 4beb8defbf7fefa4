package io.cake.controller.prometheus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The Grafana dashboard shipped in docker/grafana, read as JSON: its panels and queries. */
public final class Dashboard {
  public static final Path FILE = Path.of("..", "docker", "grafana", "cake-dashboard.json");

  private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\((?:(.*),)?\\s*(\\w+)\\s*\\)");

  /** One query: the panel it belongs to and its PromQL. */
  public record Query(String panel, String expr) {}

  private final JsonNode root;

  private Dashboard(JsonNode root) {
    this.root = root;
  }

  public static Dashboard read(Path file) throws IOException {
    return new Dashboard(new ObjectMapper().readTree(file.toFile()));
  }

  public JsonNode root() {
    return root;
  }

  /** Every panel, those inside collapsed rows included. */
  public List<JsonNode> panels() {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode p : root.path("panels")) {
      out.add(p);
      for (JsonNode inner : p.path("panels")) {
        out.add(inner);
      }
    }
    return out;
  }

  /** Every panel query's PromQL. */
  public List<Query> queries() {
    List<Query> out = new ArrayList<>();
    for (JsonNode p : panels()) {
      for (JsonNode t : p.path("targets")) {
        out.add(new Query(p.path("title").asText(), t.path("expr").asText()));
      }
    }
    return out;
  }

  /** The names of the dashboard's template variables. */
  public Set<String> variables() {
    Set<String> out = new TreeSet<>();
    for (JsonNode v : root.path("templating").path("list")) {
      out.add(v.path("name").asText());
    }
    return out;
  }

  /** Every metric name the dashboard reads: in panel queries and in its variables' queries. */
  public Set<String> metricNames() {
    Set<String> names = new TreeSet<>();
    for (Query q : queries()) {
      names.addAll(PromQlNames.of(q.expr()));
    }
    for (JsonNode v : root.path("templating").path("list")) {
      if (!"query".equals(v.path("type").asText())) {
        continue;
      }
      JsonNode query = v.path("query");
      String text = query.isObject() ? query.path("query").asText() : query.asText();
      Matcher m = LABEL_VALUES.matcher(text);
      if (m.matches()) {
        if (m.group(1) != null) {
          names.addAll(PromQlNames.of(m.group(1)));
        }
      } else {
        names.addAll(PromQlNames.of(text));
      }
    }
    return names;
  }
}
