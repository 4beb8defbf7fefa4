package io.cake.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Prometheus's HTTP API, as an operator's tools read it: instant queries, targets, rules. */
final class PrometheusApi {
  private static final ObjectMapper JSON = new ObjectMapper();
  private final String baseUrl;

  PrometheusApi(String baseUrl) {
    this.baseUrl = baseUrl;
  }

  /** The series an instant query returns. */
  List<JsonNode> query(String promql) throws IOException, InterruptedException {
    return list(data("/api/v1/query?query=" + URLEncoder.encode(promql, StandardCharsets.UTF_8)).path("result"));
  }

  /** The scrape targets Prometheus is scraping, with their health. */
  List<JsonNode> activeTargets() throws IOException, InterruptedException {
    return list(data("/api/v1/targets").path("activeTargets"));
  }

  /** The alerting rules loaded, each with its name and state, over every group. */
  List<JsonNode> alertingRules() throws IOException, InterruptedException {
    List<JsonNode> out = new ArrayList<>();
    for (JsonNode g : data("/api/v1/rules?type=alert").path("groups")) {
      g.path("rules").forEach(out::add);
    }
    return out;
  }

  private JsonNode data(String path) throws IOException, InterruptedException {
    JsonNode r = JSON.readTree(JmxPage.get(baseUrl + path));
    if (!"success".equals(r.path("status").asText())) {
      throw new IOException(path + ": " + r);
    }
    return r.path("data");
  }

  private static List<JsonNode> list(JsonNode array) {
    List<JsonNode> out = new ArrayList<>();
    array.forEach(out::add);
    return out;
  }
}
