package io.cake.cli.jmx;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A RegionServer's remote JMX, as the JDK's agent serves it ({@code
 * -Dcom.sun.management.jmxremote.port=...}): an RMI registry on {@code host:port} holding the
 * connector under {@code jmxrmi}. {@code registrySsl}: the registry speaks TLS.
 */
public record JmxEndpoint(String host, int port, boolean registrySsl) {
  static final String PREFIX = "com.sun.management.jmxremote.";

  /**
   * Whether {@code named} is {@code host} itself: the same name, or a name with an address in
   * common with it; or a loopback address while {@code host} is this machine (the JMX bound to
   * loopback, as docs/operations.md sets it up, and the tool run on the RegionServer's host). A
   * name that does not resolve is not the same.
   */
  public static boolean sameHost(String named, String host) {
    if (named.equalsIgnoreCase(host)) {
      return true;
    }
    try {
      Set<InetAddress> own = new HashSet<>(Arrays.asList(InetAddress.getAllByName(host)));
      InetAddress[] theirs = InetAddress.getAllByName(named);
      if (Arrays.stream(theirs).anyMatch(own::contains)) {
        return true;
      }
      return Arrays.stream(theirs).allMatch(InetAddress::isLoopbackAddress)
          && own.stream().anyMatch(JmxEndpoint::thisMachine);
    } catch (UnknownHostException e) {
      return false;
    }
  }

  private static boolean thisMachine(InetAddress a) {
    try {
      return a.isLoopbackAddress() || NetworkInterface.getByInetAddress(a) != null;
    } catch (SocketException e) {
      return false;
    }
  }

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
