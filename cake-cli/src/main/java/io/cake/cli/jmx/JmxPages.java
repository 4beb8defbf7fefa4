package io.cake.cli.jmx;

import com.fasterxml.jackson.core.JsonParser;
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
import java.util.concurrent.CompletableFuture;

/**
 * Reads a daemon's {@code /jmx} page (HBase's and Hadoop's JMX JSON servlet, on the web UI port):
 * the MBeans matching an ObjectName pattern, with every readable attribute. Read-only, no
 * credentials: what the web UI already shows.
 */
public final class JmxPages {
  /** Hadoop's servlet writes NaN bare (a gauge of an interval without samples); HBase's quotes it. */
  static final ObjectMapper JSON =
      new ObjectMapper().enable(JsonParser.Feature.ALLOW_NON_NUMERIC_NUMBERS);

  private final HttpClient http;
  private final Duration timeout;

  public JmxPages(Duration timeout) {
    this.timeout = timeout;
    this.http = HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(timeout)
        .followRedirects(HttpClient.Redirect.NEVER)
        .build();
  }

  /** The beans of {@code baseUrl}'s /jmx page matching {@code query} (e.g. {@code io.cake:*}). */
  public CompletableFuture<Beans> query(String baseUrl, String query) {
    URI uri = URI.create(baseUrl + "/jmx?qry=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
    HttpRequest request = HttpRequest.newBuilder(uri).timeout(timeout).GET().build();
    return http.sendAsync(request, HttpResponse.BodyHandlers.ofString())
        .thenApply(r -> parse(uri, r));
  }

  private static Beans parse(URI uri, HttpResponse<String> r) {
    if (r.statusCode() != 200) {
      throw new JmxPageException(uri + " answered HTTP " + r.statusCode());
    }
    try {
      return beans(r.body());
    } catch (IOException e) {
      throw new JmxPageException(uri + " is not a /jmx JSON page: " + e.getMessage());
    }
  }

  /** The beans of a /jmx page's text: {@code {"beans": [...]}}. */
  public static Beans beans(String page) throws IOException {
    List<JsonNode> beans = new ArrayList<>();
    JSON.readTree(page).path("beans").forEach(beans::add);
    return new Beans(beans);
  }

  /** A page that answered, but not as a /jmx page does. */
  public static final class JmxPageException extends RuntimeException {
    JmxPageException(String message) {
      super(message);
    }
  }
}
