package io.cake.core.metrics;

import com.codahale.metrics.Gauge;
import com.codahale.metrics.MetricRegistry;
import com.codahale.metrics.jmx.JmxReporter;
import com.codahale.metrics.jmx.ObjectNameFactory;
import java.lang.management.ManagementFactory;
import java.util.HashSet;
import java.util.Iterator;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;
import java.util.function.ToIntFunction;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;

/**
 * Publishes one first-level scheduler's last interval snapshot as read-only JMX attributes through
 * dropwizard-metrics. One MBean per (scheduler, tenant, metric):
 *
 * <pre>io.cake:type=FirstLevel,scheduler=NAME,tenant=TENANT,name=METRIC</pre>
 *
 * and per-scheduler ones without the tenant key. Each tenant has the interval's figures and, named
 * {@code <count>Total}, its counts since its metrics began (they only grow). See docs/operations.md
 * for the list of metrics. Call {@link #refresh()} after each roll so new tenants get their MBeans.
 */
public final class JmxPublisher implements AutoCloseable {
  public static final String DOMAIN = "io.cake";

  private final String scheduler;
  private final Supplier<SchedulerSnapshot> snapshots;
  private final ToIntFunction<String> liveQueueLength;
  private final MetricRegistry registry = new MetricRegistry();
  private final JmxReporter reporter;
  private final Set<String> published = new HashSet<>();

  public JmxPublisher(
      String scheduler,
      Supplier<SchedulerSnapshot> snapshots,
      ToIntFunction<String> liveQueueLength,
      MBeanServer server) {
    this.scheduler = Objects.requireNonNull(scheduler);
    this.snapshots = Objects.requireNonNull(snapshots);
    this.liveQueueLength = Objects.requireNonNull(liveQueueLength);
    this.reporter =
        JmxReporter.forRegistry(registry)
            .registerWith(server == null ? ManagementFactory.getPlatformMBeanServer() : server)
            .inDomain(DOMAIN)
            .createsObjectNamesWith(new KeyValueNames())
            .build();
    gauge("scheduler=" + quote(scheduler) + ",name=slots", () -> snapshots.get().slots());
    // When the last interval closed, on this JVM's System.nanoTime: a reader that samples the
    // counters at its own times divides their growth by this one's, the time they grew over.
    gauge("scheduler=" + quote(scheduler) + ",name=intervalEndNanos", () -> snapshots.get().endNanos());
    reporter.start();
  }

  /** The JMX name of one tenant metric, for readers such as the controller. */
  public static ObjectName tenantMetricName(String scheduler, String tenant, String metric) {
    return objectName(tenantKey(scheduler, tenant, metric));
  }

  /**
   * Registers MBeans for tenants that appeared since the last call, and unregisters those of
   * tenants the last snapshot no longer has (forgotten as idle).
   */
  public synchronized void refresh() {
    Set<String> now = snapshots.get().tenants().keySet();
    for (String tenant : now) {
      if (published.add(tenant)) {
        publishTenant(tenant);
      }
    }
    for (Iterator<String> it = published.iterator(); it.hasNext(); ) {
      String tenant = it.next();
      if (!now.contains(tenant)) {
        String prefix = tenantKey(scheduler, tenant, "");
        registry.removeMatching((name, metric) -> name.startsWith(prefix));
        it.remove();
      }
    }
  }

  private void publishTenant(String tenant) {
    tenantGauge(tenant, "arrivals", TenantSnapshot::arrivals);
    tenantGauge(tenant, "completions", TenantSnapshot::completions);
    tenantGauge(tenant, "rejections", TenantSnapshot::rejections);
    tenantGauge(tenant, "drops", TenantSnapshot::drops);
    tenantGauge(tenant, "serviceUnits", TenantSnapshot::serviceUnits);
    tenantGauge(tenant, "throughput", TenantSnapshot::throughput);
    // serviceUnits over the interval's own length, which no other gauge gives (bytes/s at a DataNode).
    tenantGauge(tenant, "serviceRate", TenantSnapshot::serviceRate);
    tenantGauge(tenant, "occupancy", TenantSnapshot::occupancy);
    tenantGauge(tenant, "busiestSecond", TenantSnapshot::busiestSecond);
    // Two points of the arrival curve and its long run, for the lanes' token buckets.
    tenantGauge(tenant, "arrivalRate", TenantSnapshot::arrivalRate);
    tenantGauge(tenant, "arrivalsBusiest100ms", s -> s.arrivalPeaks().in100ms());
    tenantGauge(tenant, "arrivalsBusiestSecond", s -> s.arrivalPeaks().inSecond());
    tenantGauge(tenant, "share", TenantSnapshot::share);
    tenantGauge(tenant, "reservation", TenantSnapshot::reservation);
    // Beside the interval figures, counts that only grow (for Prometheus' rate()).
    tenantGauge(tenant, "arrivalsTotal", s -> s.totals().arrivals());
    tenantGauge(tenant, "completionsTotal", s -> s.totals().completions());
    tenantGauge(tenant, "rejectionsTotal", s -> s.totals().rejections());
    tenantGauge(tenant, "dropsTotal", s -> s.totals().drops());
    tenantGauge(tenant, "serviceUnitsTotal", s -> s.totals().serviceUnits());
    tenantGauge(tenant, "serviceSecondsTotal", s -> s.totals().serviceSeconds());
    summaryGauges(tenant, "queueTime", TenantSnapshot::queueTime);
    summaryGauges(tenant, "serviceTime", TenantSnapshot::serviceTime);
    summaryGauges(tenant, "latency", TenantSnapshot::latency);
    gauge(tenantKey(scheduler, tenant, "queueLength"), () -> liveQueueLength.applyAsInt(tenant));
  }

  private void summaryGauges(
      String tenant, String prefix, Function<TenantSnapshot, LatencySummary> summary) {
    tenantGauge(tenant, prefix + "MeanMs", s -> summary.apply(s).meanMs());
    tenantGauge(tenant, prefix + "P50Ms", s -> summary.apply(s).p50Ms());
    tenantGauge(tenant, prefix + "P99Ms", s -> summary.apply(s).p99Ms());
    tenantGauge(tenant, prefix + "P999Ms", s -> summary.apply(s).p999Ms());
  }

  private void tenantGauge(String tenant, String metric, ToDoubleFunction<TenantSnapshot> value) {
    gauge(
        tenantKey(scheduler, tenant, metric),
        () -> {
          TenantSnapshot s = snapshots.get().tenants().get(tenant);
          return s == null ? Double.NaN : value.applyAsDouble(s);
        });
  }

  private void gauge(String key, Gauge<? extends Number> g) {
    registry.register(key, g);
  }

  @Override
  public void close() {
    reporter.close();
  }

  private static String tenantKey(String scheduler, String tenant, String metric) {
    return "scheduler=" + quote(scheduler) + ",tenant=" + quote(tenant) + ",name=" + metric;
  }

  private static String quote(String value) {
    return value.matches("[A-Za-z0-9_.\\-]+") ? value : ObjectName.quote(value);
  }

  private static ObjectName objectName(String key) {
    try {
      return new ObjectName(DOMAIN + ":type=FirstLevel," + key);
    } catch (MalformedObjectNameException e) {
      throw new IllegalArgumentException("bad metric name " + key, e);
    }
  }

  /** Metric names are already "key=value" lists; the domain and type are added here. */
  private static final class KeyValueNames implements ObjectNameFactory {
    @Override
    public ObjectName createName(String type, String domain, String name) {
      return objectName(name);
    }
  }
}
