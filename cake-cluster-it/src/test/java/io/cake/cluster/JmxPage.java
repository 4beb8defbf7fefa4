package io.cake.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** A daemon's {@code /jmx} servlet page (HBase's and Hadoop's JMXJsonServlet), read as a client. */
final class JmxPage {
  private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(3)).build();
  /** Hadoop's servlet writes NaN bare (a metric of an interval without samples). */
  private static final ObjectMapper JSON = new ObjectMapper()
      .enable(com.fasterxml.jackson.core.JsonParser.Feature.ALLOW_NON_NUMERIC_NUMBERS);

  private JmxPage() {
  }

  /** The beans matching an ObjectName pattern, e.g. {@code io.cake:*}. */
  static List<JsonNode> beans(String baseUrl, String query) throws IOException, InterruptedException {
    List<JsonNode> out = new ArrayList<>();
    JSON.readTree(get(baseUrl + "/jmx?qry=" + URLEncoder.encode(query, StandardCharsets.UTF_8))).path("beans")
        .forEach(out::add);
    return out;
  }

  /** A page of a daemon's info server, such as a RegionServer's {@code /cake}; anything but 200 throws. */
  static String get(String url) throws IOException, InterruptedException {
    URI uri = URI.create(url);
    HttpResponse<String> r = HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
        HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IOException(uri + ": HTTP " + r.statusCode());
    }
    return r.body();
  }

  /** One bean's attribute, or a missing node. */
  static JsonNode attribute(String baseUrl, String name, String attribute) throws IOException, InterruptedException {
    List<JsonNode> found = beans(baseUrl, name);
    return found.isEmpty() ? com.fasterxml.jackson.databind.node.MissingNode.getInstance() : found.get(0).path(attribute);
  }

  /** A cake-core per-tenant metric's {@code Value} (NaN when absent). */
  static double tenantMetric(String baseUrl, String scheduler, String tenant, String metric)
      throws IOException, InterruptedException {
    JsonNode v = attribute(baseUrl, "io.cake:type=FirstLevel,scheduler=" + scheduler + ",tenant=" + tenant + ",name=" + metric, "Value");
    return v.isNumber() ? v.asDouble() : Double.NaN;
  }
}
