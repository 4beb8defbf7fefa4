package io.cake.cli.write;

import io.cake.cli.jmx.JmxEndpoint;
import io.cake.cli.status.RegionServerStatus;

/**
 * A RegionServer whose controller is to be written, its remote JMX, and its JVM as its web UI
 * shows it ({@code java.lang:type=Runtime}: {@code Name} is {@code pid@host}, with the start
 * time): the JMX connection must reach that same JVM.
 */
public record Target(RegionServerStatus regionServer, JmxEndpoint endpoint, String jvmName, long jvmStartTime) {
  public String label() {
    return regionServer.label();
  }
}
