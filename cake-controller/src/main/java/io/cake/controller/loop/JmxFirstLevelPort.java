package io.cake.controller.loop;

import io.cake.controller.policy.ResourceLoad;
import io.cake.core.level.AllocationText;
import io.cake.core.level.FirstLevelControlMXBean;
import io.cake.core.level.SchedulerHost;
import io.cake.core.metrics.JmxPublisher;
import io.cake.core.sched.Allocation;
import java.io.IOException;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.management.JMException;
import javax.management.JMX;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;

/**
 * A first-level scheduler seen through JMX: the same code reads one in this JVM (the platform
 * MBeanServer, as in a mini-cluster) or in another process (a JMX connector), HBase's or HDFS's.
 * It reads the per-tenant gauges cake-core publishes and writes through the common control MXBean
 * ({@link FirstLevelControlMXBean}; only the interface is needed on this side), one atomic call
 * per allocation.
 */
public final class JmxFirstLevelPort implements FirstLevelPort {

  private final MBeanServerConnection server;
  private final String scheduler;
  private final FirstLevelControlMXBean control;

  public JmxFirstLevelPort(MBeanServerConnection server, String kind, String scheduler) throws IOException {
    this.server = server;
    this.scheduler = scheduler;
    ObjectName name = SchedulerHost.controlName(kind, scheduler);
    try {
      if (!server.isRegistered(name)) {
        throw new IOException("no " + name + " over JMX");
      }
    } catch (IOException e) {
      throw new IOException(kind + " scheduler '" + scheduler + "' not found over JMX: " + e.getMessage(), e);
    }
    this.control = JMX.newMXBeanProxy(server, name, FirstLevelControlMXBean.class);
  }

  /** The names of every first-level scheduler of {@code kind} registered on {@code server}. */
  public static Set<String> discover(MBeanServerConnection server, String kind) throws IOException {
    Set<String> names = new HashSet<>();
    try {
      ObjectName pattern = new ObjectName(JmxPublisher.DOMAIN + ":type=Scheduler,kind=" + kind + ",*");
      for (ObjectName n : server.queryNames(pattern, null)) {
        names.add(ObjectName.unquote(n.getKeyProperty("scheduler")));
      }
    } catch (JMException e) {
      throw new IOException(e);
    }
    return names;
  }

  @Override
  public String name() {
    return scheduler;
  }

  @Override
  public ResourceLoad load() throws IOException {
    try {
      Map<String, ResourceLoad.TenantLoad> tenants = new HashMap<>();
      ObjectName pattern =
          new ObjectName(JmxPublisher.DOMAIN + ":type=FirstLevel,scheduler=" + quote(scheduler) + ",name=occupancy,*");
      for (ObjectName n : server.queryNames(pattern, null)) {
        String tenant = unquote(n.getKeyProperty("tenant"));
        double occupancy = gauge(JmxPublisher.tenantMetricName(scheduler, tenant, "occupancy"));
        double throughput = gauge(JmxPublisher.tenantMetricName(scheduler, tenant, "throughput"));
        double serviceMs = gauge(JmxPublisher.tenantMetricName(scheduler, tenant, "serviceTimeMeanMs"));
        double busy = Double.isNaN(serviceMs) || Double.isNaN(throughput) ? 0.0 : throughput * serviceMs / 1000.0;
        double rate = optionalGauge(JmxPublisher.tenantMetricName(scheduler, tenant, "serviceRate"));
        double peak = optionalGauge(JmxPublisher.tenantMetricName(scheduler, tenant, "busiestSecond"));
        ResourceLoad.Arrivals arrivals = new ResourceLoad.Arrivals(
            optionalGauge(JmxPublisher.tenantMetricName(scheduler, tenant, "arrivalRate")),
            optionalGauge(JmxPublisher.tenantMetricName(scheduler, tenant, "arrivalsBusiest100ms")),
            optionalGauge(JmxPublisher.tenantMetricName(scheduler, tenant, "arrivalsBusiestSecond")));
        tenants.put(tenant, new ResourceLoad.TenantLoad(
            Double.isNaN(occupancy) ? 0.0 : occupancy, busy, rate, peak, arrivals));
      }
      return new ResourceLoad(control.getSlots(), tenants);
    } catch (JMException | RuntimeException e) {
      throw new IOException("reading scheduler '" + scheduler + "': " + e, e);
    }
  }

  @Override
  public Allocation allocation() throws IOException {
    try {
      return new Allocation(
          AllocationText.parseShares(control.getShares()),
          AllocationText.parseReservations(control.getReservations()),
          control.getDefaultShare(),
          AllocationText.parseLanes(control.getLanes()));
    } catch (RuntimeException e) {
      throw new IOException("reading the allocation of '" + scheduler + "': " + e, e);
    }
  }

  /** One call: the scheduler applies the whole allocation or refuses it and changes nothing. */
  @Override
  public void setAllocation(Allocation next) throws IOException {
    try {
      control.setAllocation(
          AllocationText.format(next.shares()), AllocationText.format(next.reservations()), next.defaultShare(),
          AllocationText.format(next.lanes()));
    } catch (RuntimeException e) {
      throw new IOException("setting the allocation of '" + scheduler + "': " + e, e);
    }
  }

  private double gauge(ObjectName n) throws JMException, IOException {
    Object v = server.getAttribute(n, "Value");
    return v instanceof Number num ? num.doubleValue() : Double.NaN;
  }

  /**
   * NaN where the gauge is missing: a DataNode with an older Cake jar has no serviceRate,
   * busiestSecond or arrival gauges.
   */
  private double optionalGauge(ObjectName n) throws JMException, IOException {
    try {
      return gauge(n);
    } catch (javax.management.InstanceNotFoundException e) {
      return Double.NaN;
    }
  }

  /** Key values may or may not be quoted, depending on who registered the name. */
  private static String unquote(String v) {
    return v != null && v.length() >= 2 && v.startsWith("\"") ? ObjectName.unquote(v) : v;
  }

  private static String quote(String s) {
    return s.matches("[A-Za-z0-9_.\\-]+") ? s : ObjectName.quote(s);
  }
}
