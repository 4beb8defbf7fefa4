package io.cake.cli.jmx;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A RegionServer's remote JMX, as the JDK's agent serves it ({@code
 * -Dcom.sun.management.jmxremote.port=...}): an RMI registry on {@code host:port} holding the
 * connector under {@code jmxrmi}. {@code registrySsl}: the registry speaks TLS.
 */
public record JmxEndpoint(String host, int port, boolean registrySsl) {
  static final String PREFIX = "com.sun.management.jmxremote.";

  public String url() {
    return "service:jmx:rmi:///jndi/rmi://" + host + ":" + port + "/jmxrmi";
  }

  /**
   * The endpoint a RegionServer's JVM was started with, from its {@code java.lang:type=Runtime}
   * bean's system properties as its /jmx page shows them; empty if it has no remote JMX. The host is
   * {@code jmxremote.host} (the address it listens on), else the RegionServer's own.
   */
  public static Optional<JmxEndpoint> fromRuntime(JsonNode runtime, String rsHost) {
    Map<String, String> props = new HashMap<>();
    runtime.path("SystemProperties").forEach(p -> props.put(p.path("key").asText(), p.path("value").asText()));
    String port = props.get(PREFIX + "port");
    if (port == null || !port.trim().matches("\\d{1,5}") || Integer.parseInt(port.trim()) == 0) {
      return Optional.empty();
    }
    String host = props.getOrDefault(PREFIX + "host", "").trim();
    if (host.isEmpty() || host.equals("0.0.0.0") || host.equals("::")) {
      host = rsHost;
    }
    boolean ssl = Boolean.parseBoolean(props.getOrDefault(PREFIX + "registry.ssl", "false").trim());
    return Optional.of(new JmxEndpoint(host, Integer.parseInt(port.trim()), ssl));
  }
}
