package io.cake.controller.loop;

import io.cake.controller.config.ControllerConfig;
import io.cake.controller.config.JmxConnection;
import io.cake.core.level.FirstLevel;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the DataNode read scheduler the controller steers: in this JVM through the platform
 * MBeanServer (no URL, as in a mini-cluster), or in the co-located DataNode's JVM over JMX,
 * connecting on first use and again after a failure. Null while none can be reached. A failure is
 * logged with why and which keys to check once, until the locator succeeds or fails another way:
 * the controller retries every interval. The controller wraps it in a {@link BoundedPort}, so a
 * silent endpoint cannot hang a tick.
 */
public final class DataNodeLocator implements Supplier<FirstLevelPort>, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(DataNodeLocator.class);

  private final JmxConnection datanode;
  private final String scheduler;
  private final AtomicLong refusedLogins = new AtomicLong();
  private volatile JMXConnector connector;
  private volatile String lastFailure;
  private volatile Failure lastKind;

  /** What went wrong, so a new kind of failure is logged even within a run of failures. */
  private enum Failure { REFUSED, UNREACHABLE, NO_SCHEDULER }

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
        Set<String> found = JmxFirstLevelPort.discover(server, FirstLevel.HDFS);
        if (found.isEmpty()) {
          // Reached, but no Cake there: a DataNode without Cake's dataset factory, or not started yet.
          return failed(Failure.NO_SCHEDULER, "no DataNode read scheduler is registered in " + datanode, null);
        }
        name = found.stream().sorted().findFirst().orElseThrow();
      }
      JmxFirstLevelPort port = new JmxFirstLevelPort(server, FirstLevel.HDFS, name);
      lastFailure = null; // the next failure is news again
      lastKind = null;
      return port;
    } catch (SecurityException e) {
      refusedLogins.incrementAndGet();
      close(); // reconnect next interval
      return failed(Failure.REFUSED, "the DataNode's JMX at " + datanode.url() + " refused "
          + datanode.user().map(u -> "the login of user '" + u + "'").orElse("a connection without credentials")
          + " (" + e.getMessage() + "): check " + ControllerConfig.HDFS_JMX_USER + " and "
          + ControllerConfig.HDFS_JMX_PASSWORD_FILE + " against the DataNode's"
          + " com.sun.management.jmxremote.password.file and .access.file", null);
    } catch (IOException e) {
      String check = isTls(e)
          ? ControllerConfig.HDFS_JMX_SSL + " against the DataNode's com.sun.management.jmxremote.registry.ssl and"
              + " .ssl, and that javax.net.ssl.trustStore of this JVM trusts the DataNode's certificate,"
              + " which must name the URL's host (a DNS or IP subject alternative name)"
          : ControllerConfig.HDFS_JMX_URL + ", that the DataNode runs with remote JMX on that port, and "
              + ControllerConfig.HDFS_JMX_SSL + " against its com.sun.management.jmxremote.registry.ssl";
      close(); // reconnect next interval
      return failed(Failure.UNREACHABLE, "cannot reach the DataNode scheduler through " + datanode + ": " + e
          + rootCause(e) + "; check " + check, e);
    }
  }

  /** The innermost cause, where the reason is (a certificate's names, a refused port), or "". */
  private static String rootCause(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root == e ? "" : " (cause: " + root + ")";
  }

  private FirstLevelPort failed(Failure kind, String why, Exception e) {
    if (kind != lastKind) {
      LOG.warn("cake-controller: {} (retrying every interval, logged once)", why);
    }
    if (e != null) {
      LOG.debug("cake-controller: DataNode JMX failure", e);
    }
    lastFailure = why;
    lastKind = kind;
    return null;
  }

  private static boolean isTls(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SSLException) {
        return true;
      }
    }
    return false;
  }

  /** Connections the DataNode's JMX refused (bad or missing credentials, or no access). */
  public long refusedLogins() {
    return refusedLogins.get();
  }

  /** Why the last attempt failed, or null if it succeeded (or none was made). */
  public String lastFailure() {
    return lastFailure;
  }

  /**
   * Forgets the connection without waiting on it: a call on it timed out ({@link BoundedPort}), and
   * the next get() connects afresh. It is closed on a thread of its own, as closing an RMI
   * connector sends a call the silent end may never answer.
   */
  public void dropConnection() {
    JMXConnector c = connector;
    connector = null;
    if (c != null) {
      Thread t = new Thread(() -> {
        try {
          c.close();
        } catch (IOException ignored) {
          // already broken
        }
      }, "cake-controller-datanode-close");
      t.setDaemon(true);
      t.start();
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
