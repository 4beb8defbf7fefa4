package io.cake.cli.write;

import com.fasterxml.jackson.databind.JsonNode;
import io.cake.cli.error.CliException;
import io.cake.cli.cluster.RegionServerAddress;
import io.cake.cli.jmx.Beans;
import io.cake.cli.jmx.JmxEndpoint;
import io.cake.cli.status.ClusterStatus;
import io.cake.cli.status.RegionServerStatus;
import io.cake.cli.status.StatusReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Before any write: every RegionServer must be reachable and run a controller, and its remote JMX
 * must be known ({@code --jmx-port}, else the {@code com.sun.management.jmxremote.*} properties its
 * JVM shows on its /jmx page). The first that falls short is named and nothing is written.
 */
public final class Targets {
  static final String NOTHING_CHANGED = "; nothing was changed on any RegionServer";

  private Targets() {}

  /**
   * @param jmxPort every RegionServer's JMX registry port, or null to read each one's own
   * @param tls the registries speak TLS (also read from each JVM's properties)
   */
  public static List<Target> of(ClusterStatus status, StatusReader reader, Integer jmxPort, boolean tls) {
    List<Target> out = new ArrayList<>();
    for (RegionServerStatus rs : status.regionServers()) {
      if (!rs.reachable()) {
        throw new CliException("RegionServer " + rs.label() + ": " + rs.error() + NOTHING_CHANGED);
      }
      if (rs.controller() == null) {
        throw new CliException("RegionServer " + rs.label() + ": Cake controller " + rs.noController() + NOTHING_CHANGED);
      }
      JsonNode runtime = runtime(rs, reader);
      JmxEndpoint endpoint = jmxPort != null ? new JmxEndpoint(rs.host(), jmxPort, tls)
          : JmxEndpoint.fromRuntime(runtime, rs.host()).orElseThrow(() -> new CliException(
              "RegionServer " + rs.label() + " has no remote JMX (its JVM has no com.sun.management.jmxremote.port):"
                  + " set it up as docs/operations.md says, or give --jmx-port" + NOTHING_CHANGED));
      // The page is unauthenticated: whoever can serve it could name their own host and receive the
      // login. Credentials go to the RegionServer's own address only.
      if (!JmxEndpoint.sameHost(endpoint.host(), rs.host())) {
        throw new CliException("RegionServer " + rs.label() + ": its /jmx page names JMX host " + endpoint.host()
            + ", which is not the RegionServer's own address; cake logs in to a RegionServer's own host only"
            + " (give --jmx-port to use it)" + NOTHING_CHANGED);
      }
      out.add(new Target(rs, tls ? new JmxEndpoint(endpoint.host(), endpoint.port(), true) : endpoint,
          runtime.path("Name").asText(), runtime.path("StartTime").asLong()));
    }
    return List.copyOf(out);
  }

  /** The RegionServer's JVM as its own web UI shows it: its JMX properties, pid@host and start time. */
  private static JsonNode runtime(RegionServerStatus rs, StatusReader reader) {
    Beans runtime;
    try {
      runtime = reader.page(new RegionServerAddress(rs.host(), rs.port(), port(rs.infoUrl())), "java.lang:type=Runtime");
    } catch (StatusReader.Unreachable e) {
      throw new CliException("RegionServer " + rs.label() + ": " + e.getMessage() + NOTHING_CHANGED);
    }
    Optional<JsonNode> bean = runtime.all().stream().findFirst();
    return bean.orElseThrow(() -> new CliException("RegionServer " + rs.label() + ": its /jmx page has no"
        + " java.lang:type=Runtime bean" + NOTHING_CHANGED));
  }

  private static int port(String url) {
    return Integer.parseInt(url.substring(url.lastIndexOf(':') + 1));
  }
}
