package io.cake.controller.loop;

import io.cake.controller.config.JmxConnection;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;

/**
 * Finds the DataNode read scheduler the controller steers: in this JVM through the platform
 * MBeanServer (no URL, as in a mini-cluster), or in the co-located DataNode's JVM over JMX,
 * connecting on first use and again after a failure. Null while none can be reached. The
 * controller wraps it in a {@link BoundedPort}, so a silent endpoint cannot hang a tick.
 */
public final class DataNodeLocator implements Supplier<FirstLevelPort>, AutoCloseable {
  private final JmxConnection datanode;
  private final String scheduler;
  private volatile JMXConnector connector;

  /**
   * @param datanode how to reach the DataNode's JMX, or {@link JmxConnection#IN_THIS_JVM}
   * @param scheduler the scheduler's name ({@code hdfs-<xfer port>}), or "" for the only (first) one
   */
  public DataNodeLocator(JmxConnection datanode, String scheduler) {
    this.datanode = Objects.requireNonNull(datanode, "datanode");
    this.scheduler = scheduler == null ? "" : scheduler;
  }

  @Override
  public FirstLevelPort get() {
    try {
      MBeanServerConnection server;
      if (datanode.inThisJvm()) {
        server = ManagementFactory.getPlatformMBeanServer();
      } else {
        if (connector == null) {
          connector = datanode.connect();
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
