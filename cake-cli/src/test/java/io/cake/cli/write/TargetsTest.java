package io.cake.cli.write;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import io.cake.cli.error.CliException;
import io.cake.cli.jmx.JmxEndpoint;
import io.cake.cli.status.ClusterStatus;
import io.cake.cli.status.ControllerView;
import io.cake.cli.status.DataNodeAddresses;
import io.cake.cli.status.RegionServerStatus;
import io.cake.cli.status.StatusReader;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Where a write logs in. A RegionServer's /jmx page is unauthenticated, and whoever can serve
 * it (or answer for it) names the JMX host: the tool must not send the admin login there unless it
 * is the RegionServer's own address.
 */
class TargetsTest {
  private HttpServer page;
  private final AtomicReference<String> jmxHost = new AtomicReference<>();

  @BeforeEach
  void servePage() throws Exception {
    page = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    page.createContext("/jmx", exchange -> {
      String body = "{\"beans\":[{\"name\":\"java.lang:type=Runtime\",\"Name\":\"4242@rs\",\"StartTime\":1,"
          + "\"SystemProperties\":[{\"key\":\"com.sun.management.jmxremote.port\",\"value\":\"10101\"},"
          + "{\"key\":\"com.sun.management.jmxremote.host\",\"value\":\"" + jmxHost.get() + "\"}]}]}";
      byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
      exchange.sendResponseHeaders(200, bytes.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    });
    page.start();
  }

  @AfterEach
  void stopPage() {
    page.stop(0);
  }

  private List<Target> targets() {
    ControllerView controller = new ControllerView("frontend", "p99 <= 50 ms", List.of(), false, 10_000L, "", List.of(),
        null, null, null, null, 0L, "");
    RegionServerStatus rs = new RegionServerStatus("127.0.0.1", 16020,
        "http://127.0.0.1:" + page.getAddress().getPort(), true, null, null, controller, null, null, null);
    return Targets.of(new ClusterStatus(List.of(rs)), new StatusReader(Duration.ofSeconds(5), DataNodeAddresses.NONE),
        null, false);
  }

  @Test
  void aPageThatNamesAnotherHostGetsNoLoginAndNothingIsWritten() {
    // Another host: a documentation address, never contacted (the refusal comes first).
    jmxHost.set("192.0.2.10");
    assertThatThrownBy(this::targets)
        .isInstanceOf(CliException.class)
        .hasMessageContaining("RegionServer 127.0.0.1:16020")
        .hasMessageContaining("names JMX host 192.0.2.10, which is not the RegionServer's own address")
        .hasMessageContaining("--jmx-port")
        .hasMessageEndingWith("nothing was changed on any RegionServer");
  }

  @Test
  void theRegionServersOwnAddressByAnyNameIsUsed() {
    jmxHost.set("localhost");
    assertThat(targets()).singleElement().satisfies(t -> {
      assertThat(t.endpoint().host()).isEqualTo("localhost");
      assertThat(t.endpoint().port()).isEqualTo(10101);
    });
    assertThat(JmxEndpoint.sameHost("127.0.0.1", "127.0.0.1")).isTrue();
    assertThat(JmxEndpoint.sameHost("127.0.0.1", "127.0.0.2"))
        .as("loopback JMX of a RegionServer on this machine: the documented setup").isTrue();
    assertThat(JmxEndpoint.sameHost("192.0.2.10", "127.0.0.1")).isFalse();
  }
}
