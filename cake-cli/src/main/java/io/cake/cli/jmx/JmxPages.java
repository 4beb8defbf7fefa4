package io.cake.cli.jmx;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;

/**
 * Reads a daemon's {@code /jmx} page (HBase's and Hadoop's JMX JSON servlet, on the web UI port):
 * the MBeans matching an ObjectName pattern, with every readable attribute. Read-only, no
 * credentials: what the web UI already shows.
 *
 * <p>Plain {@link HttpURLConnection}, not {@code java.net.http.HttpClient}: the client builds its
 * TLS context when it is created (about 250 ms of class loading in a command that lives a second),
 * while this connection loads TLS only for an {@code https://} page.
 */
public final class JmxPages {
  private final Duration timeout;
  private final Executor executor;

  /** Each page is read on {@code executor}, so several pages can be read at once. */
  public JmxPages(Duration timeout, Executor executor) {
    this.timeout = timeout;
    this.executor = executor;
  }

  /** The beans of {@code baseUrl}'s /jmx page matching {@code query} (e.g. {@code io.cake:*}). */
  public CompletableFuture<Beans> query(String baseUrl, String query) {
    URI uri = URI.create(baseUrl + "/jmx?qry=" + URLEncoder.encode(query, StandardCharsets.UTF_8));
    return CompletableFuture.supplyAsync(() -> {
      try {
        return read(uri);
      } catch (IOException e) {
        throw new CompletionException(e);
      }
    }, executor);
  }

  private Beans read(URI uri) throws IOException {
    HttpURLConnection c = (HttpURLConnection) uri.toURL().openConnection();
    int millis = (int) Math.min(Integer.MAX_VALUE, timeout.toMillis());
    c.setConnectTimeout(millis);
    c.setReadTimeout(millis);
    c.setInstanceFollowRedirects(false);
    try {
      int status = c.getResponseCode();
      if (status != 200) {
        throw new JmxPageException(uri + " answered HTTP " + status);
      }
      String page;
      try (InputStream in = c.getInputStream()) {
        page = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      }
      try {
        return beans(page);
      } catch (IOException e) {
        throw new JmxPageException(uri + " is not a /jmx JSON page: " + e.getMessage());
      }
    } finally {
      c.disconnect();
    }
  }

  /** The beans of a /jmx page's text: {@code {"beans": [...]}}. */
  public static Beans beans(String page) throws IOException {
    List<JsonNode> beans = new ArrayList<>();
    JsonTree.read(page).path("beans").forEach(beans::add);
    return new Beans(beans);
  }

  /** A page that answered, but not as a /jmx page does. */
  public static final class JmxPageException extends RuntimeException {
    JmxPageException(String message) {
      super(message);
    }
  }
}
