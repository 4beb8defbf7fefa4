package io.cake.controller.loop;

import io.cake.core.metrics.JmxPublisher;
import io.cake.hdfs.datanode.HdfsSchedulerControlMXBean;
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
 * A DataNode read scheduler seen through JMX: the same code reads one in this JVM (the platform
 * MBeanServer, as in a mini-cluster) or in the co-located DataNode's JVM (a JMX connector). It
 * reads the per-tenant gauges cake-core publishes and writes through the DataNode's control MBean
 * (an MXBean, so only the interface is needed on this side, never a DataNode class).
 */
public final class JmxHdfsPort implements FirstLevelPort {

  private final MBeanServerConnection server;
  private final String scheduler;
  private final HdfsSchedulerControlMXBean control;

  public JmxHdfsPort(MBeanServerConnection server, String scheduler) throws IOException {
    this.server = server;
    this.scheduler = scheduler;
    try {
      ObjectName name = controlName(server, scheduler);
      this.control = JMX.newMXBeanProxy(server, name, HdfsSchedulerControlMXBean.class);
    } catch (JMException e) {
      throw new IOException("DataNode scheduler '" + scheduler + "' not found over JMX", e);
    }
  }

  /** The scheduler names of every DataNode read scheduler registered on {@code server}. */
  public static Set<String> discover(MBeanServerConnection server) throws IOException {
    Set<String> names = new HashSet<>();
    try {
      for (ObjectName n : server.queryNames(new ObjectName(JmxPublisher.DOMAIN + ":type=HdfsScheduler,*"), null)) {
        names.add(unquote(n.getKeyProperty("scheduler")));
      }
    } catch (JMException e) {
      throw new IOException(e);
    }
    return names;
  }

  private static ObjectName controlName(MBeanServerConnection server, String scheduler)
      throws JMException, IOException {
    for (ObjectName n : server.queryNames(new ObjectName(JmxPublisher.DOMAIN + ":type=HdfsScheduler,*"), null)) {
      if (unquote(n.getKeyProperty("scheduler")).equals(scheduler)) {
        return n;
      }
    }
    throw new javax.management.InstanceNotFoundException("no io.cake:type=HdfsScheduler,scheduler=" + scheduler);
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
        tenants.put(tenant, new ResourceLoad.TenantLoad(Double.isNaN(occupancy) ? 0.0 : occupancy, busy));
      }
      return new ResourceLoad(control.getSoftLimit(), tenants);
    } catch (JMException | RuntimeException e) {
      throw new IOException("reading DataNode scheduler '" + scheduler + "': " + e, e);
    }
  }

  @Override
  public Allocation allocation() throws IOException {
    try {
      return new Allocation(control.getShares(), control.getReservations(), control.getDefaultShare());
    } catch (RuntimeException e) {
      throw new IOException("reading DataNode allocation: " + e, e);
    }
  }

  @Override
  public void setAllocation(Allocation next) throws IOException {
    try {
      Map<String, Integer> before = control.getReservations();
      // Lower reservations first, so no intermediate state takes the last shared slot.
      for (Map.Entry<String, Integer> e : before.entrySet()) {
        int target = next.reservation(e.getKey());
        if (target < e.getValue()) {
          control.setReservation(e.getKey(), target);
        }
      }
      for (Map.Entry<String, Integer> e : next.reservations().entrySet()) {
        if (e.getValue() > before.getOrDefault(e.getKey(), 0)) {
          control.setReservation(e.getKey(), e.getValue());
        }
      }
      control.setDefaultShare(next.defaultShare());
      for (Map.Entry<String, Double> e : next.shares().entrySet()) {
        control.setShare(e.getKey(), e.getValue());
      }
    } catch (RuntimeException e) {
      throw new IOException("setting DataNode allocation: " + e, e);
    }
  }

  private double gauge(ObjectName n) throws JMException, IOException {
    Object v = server.getAttribute(n, "Value");
    return v instanceof Number num ? num.doubleValue() : Double.NaN;
  }

  /** Key values may or may not be quoted, depending on who registered the name. */
  private static String unquote(String v) {
    return v != null && v.length() >= 2 && v.startsWith("\"") ? ObjectName.unquote(v) : v;
  }

  private static String quote(String s) {
    return s.matches("[A-Za-z0-9_.\\-]+") ? s : ObjectName.quote(s);
  }
}
