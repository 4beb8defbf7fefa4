package io.cake.controller.jmx;

import io.cake.controller.loop.SecondLevelController;
import java.lang.management.ManagementFactory;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** One {@link ControllerSlo} bean per SLO tenant of one RegionServer's controller, kept in step with its SLOs. */
public final class SloBeans implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SloBeans.class);

  private final int port;
  private final Supplier<SecondLevelController> controller;
  private final Map<String, ObjectName> registered = new TreeMap<>();

  public SloBeans(int port, Supplier<SecondLevelController> controller) {
    this.port = port;
    this.controller = controller;
  }

  public static ObjectName objectName(int port, String tenant) {
    try {
      // Tenant names (TenantNames: letters, digits, _ . -) need no quoting, as in the FirstLevel gauges.
      return new ObjectName("io.cake:type=ControllerSlo,port=" + port + ",tenant=" + tenant);
    } catch (JMException e) {
      throw new IllegalArgumentException(e);
    }
  }

  /** Registers a bean for each SLO tenant of the controller of the moment, and unregisters the rest. */
  public synchronized void sync() {
    SecondLevelController c = controller.get();
    Set<String> tenants = new HashSet<>();
    if (c != null) {
      c.slos().forEach(t -> tenants.add(t.tenant()));
    }
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    registered.keySet().removeIf(t -> {
      if (tenants.contains(t)) {
        return false;
      }
      unregister(server, registered.get(t));
      return true;
    });
    for (String t : tenants) {
      if (!registered.containsKey(t)) {
        ObjectName name = objectName(port, t);
        try {
          server.registerMBean(new ControllerSlo(controller, t), name);
          registered.put(t, name);
        } catch (JMException e) {
          LOG.warn("cake-controller: MBean {} not registered: {}", name, e.toString());
        }
      }
    }
  }

  @Override
  public synchronized void close() {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    registered.values().forEach(n -> unregister(server, n));
    registered.clear();
  }

  private static void unregister(MBeanServer server, ObjectName name) {
    try {
      server.unregisterMBean(name);
    } catch (JMException e) {
      // already gone
    }
  }
}
