package io.cake.cli.write;

import io.cake.cli.error.CliException;
import io.cake.cli.jmx.JmxLogin;
import io.cake.cli.cluster.Daemons;
import io.cake.controller.jmx.Controller;
import io.cake.controller.jmx.ControllerMXBean;
import java.io.IOException;
import java.lang.reflect.UndeclaredThrowableException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;
import javax.management.JMX;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * Writes to every RegionServer's controller over its remote JMX. It logs in to all of them first:
 * if any refuses or cannot be reached, nothing is written anywhere. Then it writes one server
 * after another and stops at the first failure, so what changed is exactly what it reports.
 */
public final class ControllerWrites implements AutoCloseable {
  private final List<Target> targets;
  private final List<JMXConnector> connectors;
  private final List<ControllerMXBean> controllers;

  private ControllerWrites(List<Target> targets, List<JMXConnector> connectors, List<ControllerMXBean> controllers) {
    this.targets = targets;
    this.connectors = connectors;
    this.controllers = controllers;
  }

  public static ControllerWrites connect(List<Target> targets, JmxLogin login, Duration timeout) {
    List<JMXConnector> connectors = new ArrayList<>();
    List<ControllerMXBean> controllers = new ArrayList<>();
    try {
      for (Target t : targets) {
        JMXConnector c = open(t, login, timeout);
        connectors.add(c);
        var name = Controller.objectName(t.regionServer().port());
        try {
          sameJvm(t, c);
          if (!c.getMBeanServerConnection().isRegistered(name)) {
            throw new CliException("RegionServer " + t.label() + ": its JMX at " + t.endpoint().url() + " has no " + name
                + " (is that port another JVM's?)" + Targets.NOTHING_CHANGED);
          }
          controllers.add(JMX.newMXBeanProxy(c.getMBeanServerConnection(), name, ControllerMXBean.class));
        } catch (IOException e) {
          throw new CliException("RegionServer " + t.label() + ": JMX at " + t.endpoint().url() + " failed: " + e.getMessage()
              + Targets.NOTHING_CHANGED);
        }
      }
      return new ControllerWrites(targets, connectors, controllers);
    } catch (RuntimeException e) {
      connectors.forEach(ControllerWrites::closeQuietly);
      throw e;
    }
  }

  /**
   * The JMX endpoint must be the RegionServer's own JVM: a loopback-only endpoint read from a
   * RegionServer on another host names this host's 127.0.0.1, where another RegionServer (same
   * RPC port, same controller name) may listen.
   */
  private static void sameJvm(Target t, JMXConnector c) throws IOException {
    javax.management.ObjectName runtime = io.cake.cli.jmx.Beans.name("java.lang:type=Runtime");
    String name;
    long start;
    try {
      name = (String) c.getMBeanServerConnection().getAttribute(runtime, "Name");
      start = (Long) c.getMBeanServerConnection().getAttribute(runtime, "StartTime");
    } catch (javax.management.JMException e) {
      throw new IOException("cannot read its java.lang:type=Runtime: " + e, e);
    }
    if (!name.equals(t.jvmName()) || start != t.jvmStartTime()) {
      throw new CliException("RegionServer " + t.label() + ": its JMX at " + t.endpoint().url() + " is another JVM ("
          + name + ", not the RegionServer's " + t.jvmName() + "): a loopback-only JMX is reached from its own host"
          + " only (docs/operations.md)" + Targets.NOTHING_CHANGED);
    }
  }

  private static JMXConnector open(Target t, JmxLogin login, Duration timeout) {
    String url = t.endpoint().url();
    CompletableFuture<JMXConnector> f = CompletableFuture.supplyAsync(() -> {
      try {
        return JMXConnectorFactory.connect(new JMXServiceURL(url), login.environment(t.endpoint()));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }, Daemons.POOL);
    try {
      return f.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      f.thenAccept(ControllerWrites::closeQuietly); // if it connects after all
      throw new CliException("RegionServer " + t.label() + ": no answer from its JMX at " + url + " within "
          + timeout.toSeconds() + " s" + Targets.NOTHING_CHANGED);
    } catch (ExecutionException e) {
      throw new CliException("RegionServer " + t.label() + ": " + why(e.getCause(), url, login) + Targets.NOTHING_CHANGED);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CliException("interrupted while connecting to " + url);
    }
  }

  static String why(Throwable cause, String url, JmxLogin login) {
    Throwable c = cause instanceof java.io.UncheckedIOException u ? u.getCause() : cause;
    if (c instanceof SecurityException) {
      return "its JMX at " + url + " refused " + login.who() + " (" + c.getMessage() + "): check "
          + JmxLogin.USER_OPTION + " and " + JmxLogin.PASSWORD_FILE_OPTION
          + " against its com.sun.management.jmxremote.password.file";
    }
    if (c instanceof IOException && c.getMessage() != null && c.getMessage().startsWith(JmxLogin.PASSWORD_FILE_OPTION)) {
      return c.getMessage(); // the password file itself is wrong
    }
    Throwable root = c;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    if (root instanceof java.net.ConnectException) {
      return "nothing answers at its JMX " + url + " (connection refused)";
    }
    return "cannot connect to its JMX at " + url + ": " + root;
  }

  /**
   * Applies {@code write} to each controller in turn; it returns the state read back. Stops at the
   * first failure: the servers after it are reported as not attempted.
   */
  public List<WriteResult> apply(Function<ControllerMXBean, String> write) {
    List<WriteResult> out = new ArrayList<>();
    boolean failed = false;
    for (int i = 0; i < targets.size(); i++) {
      String label = targets.get(i).label();
      if (failed) {
        out.add(new WriteResult(label, false, false, null, "not attempted after the failure above"));
        continue;
      }
      try {
        out.add(new WriteResult(label, true, true, write.apply(controllers.get(i)), null));
      } catch (IllegalArgumentException e) {
        failed = true;
        out.add(new WriteResult(label, true, false, null, "refused: " + e.getMessage()));
      } catch (SecurityException e) {
        failed = true;
        out.add(new WriteResult(label, true, false, null, "refused by its JMX (" + e.getMessage()
            + "): the JMX user needs readwrite in com.sun.management.jmxremote.access.file"));
      } catch (UndeclaredThrowableException e2) {
        failed = true;
        out.add(new WriteResult(label, true, false, null, "JMX failed: " + e2.getCause()));
      } catch (RuntimeException e) {
        failed = true;
        out.add(new WriteResult(label, true, false, null, "failed: " + e));
      }
    }
    return out;
  }

  @Override
  public void close() {
    connectors.forEach(ControllerWrites::closeQuietly);
  }

  private static void closeQuietly(JMXConnector c) {
    try {
      c.close();
    } catch (IOException ignored) {
      // the write is done or refused; a failed close changes nothing on the server
    }
  }
}
