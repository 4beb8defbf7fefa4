package io.cake.controller.loop;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Set;
import java.util.function.Supplier;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * Finds the DataNode read scheduler the controller steers: in this JVM through the platform
 * MBeanServer (empty URL, as in a mini-cluster), or in the co-located DataNode's JVM over a JMX
 * URL, connecting on first use and again after a failure. Null while none can be reached. The
 * controller wraps it in a {@link BoundedPort}, so a silent endpoint cannot hang a tick.
 */
public final class DataNodeLocator implements Supplier<FirstLevelPort>, AutoCloseable {
  private final String jmxUrl;
  private final String scheduler;
  private volatile JMXConnector connector;

  /**
   * @param jmxUrl the DataNode's JMX service URL, or "" for this JVM
   * @param scheduler the scheduler's name ({@code hdfs-<xfer port>}), or "" for the only (first) one
   */
  public DataNodeLocator(String jmxUrl, String scheduler) {
    this.jmxUrl = jmxUrl == null ? "" : jmxUrl;
    this.scheduler = scheduler == null ? "" : scheduler;
  }

  @Override
  public FirstLevelPort get() {
    try {
      MBeanServerConnection server;
      if (jmxUrl.isEmpty()) {
        server = ManagementFactory.getPlatformMBeanServer();
      } else {
        if (connector == null) {
          connector = JMXConnectorFactory.connect(new JMXServiceURL(jmxUrl));
        }
        server = connector.getMBeanServerConnection();
      }
      String name = scheduler;
      if (name.isEmpty()) {
        Set<String> found = JmxHdfsPort.discover(server);
        if (found.isEmpty()) {
          return null;
        }
        name = found.stream().sorted().findFirst().orElseThrow();
      }
      return new JmxHdfsPort(server, name);
    } catch (IOException e) {
      close(); // reconnect next interval
      return null;
    }
  }

  @Override
  public void close() {
    JMXConnector c = connector;
    connector = null;
    if (c != null) {
      try {
        c.close();
      } catch (IOException ignored) {
        // already broken
      }
    }
  }
}
