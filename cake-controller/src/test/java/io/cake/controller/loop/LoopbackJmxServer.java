package io.cake.controller.loop;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.rmi.NoSuchObjectException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMIClientSocketFactory;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.util.HashMap;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.remote.JMXServiceURL;
import javax.management.remote.rmi.RMIConnectorServer;
import javax.management.remote.rmi.RMIJRMPServerImpl;
import javax.net.ssl.SSLContext;
import javax.rmi.ssl.SslRMIClientSocketFactory;

/**
 * A remote JMX endpoint as the JDK's {@code -Dcom.sun.management.jmxremote.*} agent builds one (an
 * RMI registry holding the connector's stub under {@code jmxrmi}, password and access files), in
 * the test's JVM and listening on 127.0.0.1 only. With a TLS context, both the registry and the
 * connection use TLS ({@code .registry.ssl=true} and {@code .ssl=true}).
 *
 * <p>Stubs name the host in {@code java.rmi.server.hostname}: a test using this sets it to
 * 127.0.0.1 before any RMI export (each test class runs in its own JVM).
 */
final class LoopbackJmxServer implements AutoCloseable {
  static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

  private final Registry registry;
  private final RMIConnectorServer connector;
  private final int port;

  /** A fresh MBeanServer carrying {@code scheduler}'s control MBean, as a DataNode's would. */
  static MBeanServer carrying(io.cake.hdfs.datanode.DataNodeReadScheduler scheduler) throws Exception {
    MBeanServer mbeans = javax.management.MBeanServerFactory.newMBeanServer();
    mbeans.registerMBean(
        new io.cake.hdfs.datanode.HdfsSchedulerControl(scheduler),
        io.cake.core.level.SchedulerHost.controlName("hdfs", scheduler.name()));
    return mbeans;
  }

  /**
   * A DataNode read scheduler as a test DataNode's: its MBeans on no platform server, no metrics
   * timer, {@code softLimit} slots (0: the default).
   */
  static io.cake.hdfs.datanode.DataNodeReadScheduler scheduler(String name, int softLimit) {
    org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration(false);
    conf.set(io.cake.hdfs.datanode.HdfsSchedulerConfig.JMX_KEY, "false");
    conf.set(io.cake.hdfs.datanode.HdfsSchedulerConfig.METRICS_INTERVAL_MS_KEY, "0");
    if (softLimit > 0) {
      conf.set(io.cake.hdfs.datanode.HdfsSchedulerConfig.SOFT_LIMIT_KEY, String.valueOf(softLimit));
    }
    return new io.cake.hdfs.datanode.DataNodeReadScheduler(name,
        io.cake.hdfs.datanode.HdfsSchedulerConfig.from(conf), new io.cake.core.time.ManualClock());
  }

  /** A server whose password and access files (owner-only, in {@code dir}) hold these lines. */
  static LoopbackJmxServer withFiles(MBeanServer mbeans, java.nio.file.Path dir, String passwords,
      String access, SSLContext tls) throws IOException {
    return new LoopbackJmxServer(mbeans,
        DataNodeJmxAuthTest.ownerOnly(dir.resolve("jmxremote.password"), passwords).toString(),
        DataNodeJmxAuthTest.ownerOnly(dir.resolve("jmxremote.access"), access).toString(), tls);
  }

  LoopbackJmxServer(MBeanServer mbeans, String passwordFile, String accessFile, SSLContext tls)
      throws IOException {
    RMIServerSocketFactory listen = new LoopbackServerSockets(tls);
    RMIClientSocketFactory dial = tls == null ? null : new SslRMIClientSocketFactory();
    Map<String, Object> env = new HashMap<>();
    env.put("jmx.remote.x.password.file", passwordFile);
    env.put("jmx.remote.x.access.file", accessFile);
    port = freePort();
    registry = LocateRegistry.createRegistry(port, dial, listen);
    RMIJRMPServerImpl stubSource = new RMIJRMPServerImpl(0, dial, listen, env);
    connector = new RMIConnectorServer(new JMXServiceURL("service:jmx:rmi://127.0.0.1"), env, stubSource, mbeans);
    connector.start();
    try {
      registry.bind("jmxrmi", stubSource.toStub());
    } catch (java.rmi.AlreadyBoundException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The registry's port. */
  int port() {
    return port;
  }

  /** The URL an operator would set as cake.controller.hdfs.jmx-url. */
  String url() {
    return "service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi";
  }

  @Override
  public void close() throws IOException {
    connector.stop();
    try {
      UnicastRemoteObject.unexportObject(registry, true);
    } catch (NoSuchObjectException ignored) {
      // already gone
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, LOOPBACK)) {
      return s.getLocalPort();
    }
  }

  /** Binds every server socket to the loopback address, nothing on other interfaces. */
  private record LoopbackServerSockets(SSLContext tls) implements RMIServerSocketFactory {
    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
      return tls == null
          ? new ServerSocket(port, 50, LOOPBACK)
          : tls.getServerSocketFactory().createServerSocket(port, 50, LOOPBACK);
    }
  }
}
