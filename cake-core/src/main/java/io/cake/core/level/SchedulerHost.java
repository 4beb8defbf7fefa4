package io.cake.core.level;

import io.cake.core.metrics.JmxPublisher;
import io.cake.core.metrics.SchedulerSnapshot;
import java.lang.management.ManagementFactory;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import javax.management.StandardMBean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What surrounds one first-level scheduler, the same on HBase and HDFS: a timer that closes a
 * metrics interval every interval (and forgets tenants idle for {@link
 * io.cake.core.tenant.TenantCap#IDLE_INTERVALS} of them) and then runs the level's own periodic
 * step (AIMD at the RegionServer), the per-tenant gauges ({@link JmxPublisher}), the control MBean
 * under {@link #controlName}, and the JVM's registry ({@link FirstLevels}). The closes fall on the
 * wall clock's multiples of the interval ({@link IntervalBoundary}), so a RegionServer's and a
 * DataNode's intervals are the same ones.
 *
 * <p>JMX is best effort: if the beans cannot be registered the level runs without them, logged.
 * A failing tick is logged and the next one runs, as HBase's ScheduledChore does.
 */
public final class SchedulerHost implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SchedulerHost.class);

  private final FirstLevel level;
  private final LongSupplier intervalMillis;
  private final LongSupplier wallClockMillis;
  private final Consumer<SchedulerSnapshot> afterRoll;
  private final Runnable periodic;
  private ScheduledExecutorService timer;
  private JmxPublisher publisher;
  private ObjectName controlName;
  private volatile boolean closed;

  /**
   * @param intervalMillis read before each tick, so a reload can change it; 0 or less: no timer
   * @param afterRoll what else closes with each interval (may be a no-op)
   * @param periodic the level's periodic step, after each timed roll (may be a no-op)
   */
  public SchedulerHost(
      FirstLevel level,
      LongSupplier intervalMillis,
      Consumer<SchedulerSnapshot> afterRoll,
      Runnable periodic) {
    this(level, intervalMillis, afterRoll, periodic, System::currentTimeMillis);
  }

  /** @param wallClockMillis the clock whose multiples of the interval the closes fall on */
  SchedulerHost(
      FirstLevel level,
      LongSupplier intervalMillis,
      Consumer<SchedulerSnapshot> afterRoll,
      Runnable periodic,
      LongSupplier wallClockMillis) {
    this.level = Objects.requireNonNull(level);
    this.intervalMillis = Objects.requireNonNull(intervalMillis);
    this.wallClockMillis = Objects.requireNonNull(wallClockMillis);
    this.afterRoll = Objects.requireNonNull(afterRoll);
    this.periodic = Objects.requireNonNull(periodic);
  }

  /** {@code io.cake:type=Scheduler,kind=KIND,scheduler=NAME}. */
  public static ObjectName controlName(String kind, String name) {
    try {
      return new ObjectName(
          JmxPublisher.DOMAIN + ":type=Scheduler,kind=" + kind + ",scheduler=" + ObjectName.quote(name));
    } catch (MalformedObjectNameException e) {
      throw new IllegalArgumentException("bad scheduler name " + name, e);
    }
  }

  /**
   * Starts the timer and, when {@code control} is not null, publishes the gauges and registers it
   * on the platform MBeanServer.
   */
  public synchronized <T extends FirstLevelControlMXBean> void start(T control, Class<T> type) {
    if (control != null) {
      publishJmx(control, type);
    }
    if (intervalMillis.getAsLong() > 0) {
      timer =
          Executors.newSingleThreadScheduledExecutor(
              r -> {
                Thread t = new Thread(r, "cake-metrics-" + level.name());
                t.setDaemon(true);
                return t;
              });
      scheduleTick();
    }
  }

  private <T extends FirstLevelControlMXBean> void publishJmx(T control, Class<T> type) {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    ObjectName name = controlName(level.kind(), level.name());
    try {
      publisher =
          new JmxPublisher(level.name(), level.queues()::lastSnapshot, level.queues()::queued, server);
      server.registerMBean(new StandardMBean(control, type, true), name);
      controlName = name;
      CakeVersion.register();
    } catch (JMException | RuntimeException e) {
      LOG.warn("Cake: could not publish JMX beans for {}, running without them: {}", level.name(), e.toString());
    }
  }

  private void scheduleTick() {
    try {
      timer.schedule(this::tick, nextDelayMillis(), TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException stopped) {
      // closing
    }
  }

  /** Until the next close: the wall clock's next boundary of the interval as it is configured now. */
  long nextDelayMillis() {
    return IntervalBoundary.delayMillis(wallClockMillis.getAsLong(), Math.max(1L, intervalMillis.getAsLong()));
  }

  private void tick() {
    try {
      rollMetrics();
      periodic.run();
    } catch (Throwable t) {
      LOG.warn("Cake {}: metrics tick failed", level.name(), t);
    } finally {
      if (!closed) {
        scheduleTick();
      }
    }
  }

  /** Closes the metrics interval now (the timer does so every interval) and refreshes the gauges. */
  public synchronized SchedulerSnapshot rollMetrics() {
    SchedulerSnapshot s = level.queues().rollMetrics();
    // Tenants idle for long give up their place under the cap, and their queues and metrics.
    level.tenants().endInterval();
    level.queues().forgetTenants(level.tenants()::contains);
    afterRoll.accept(s);
    if (publisher != null) {
      publisher.refresh();
    }
    return s;
  }

  /** Stops the timer, unregisters the beans and leaves the registry. Idempotent. */
  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (timer != null) {
      timer.shutdownNow();
    }
    if (publisher != null) {
      publisher.close();
    }
    if (controlName != null) {
      try {
        ManagementFactory.getPlatformMBeanServer().unregisterMBean(controlName);
      } catch (JMException e) {
        LOG.debug("{} already unregistered", controlName, e);
      }
    }
    FirstLevels.remove(level);
  }
}
