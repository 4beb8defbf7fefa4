package io.cake.controller.hbase;

import io.cake.controller.config.ControllerConfig;
import io.cake.controller.config.SloTarget;
import io.cake.controller.jmx.Controller;
import io.cake.controller.loop.DataNodeLocator;
import io.cake.controller.loop.SecondLevelController;
import io.cake.controller.policy.SloDecider;
import io.cake.hbase.rpc.RegionServerScheduler;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.hadoop.hbase.CoprocessorEnvironment;
import org.apache.hadoop.hbase.coprocessor.RegionServerCoprocessor;
import org.apache.hadoop.hbase.coprocessor.RegionServerCoprocessorEnvironment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the second-level controller in the RegionServer's JVM. Installed by configuration alone:
 * {@code hbase.coprocessor.regionserver.classes = io.cake.controller.hbase.CakeControllerCoprocessor}
 * with {@code cake.controller.enabled = true} and one {@code cake.slo.<tenant>.*} group. A bad
 * configuration is logged and leaves the RegionServer running without a controller.
 */
public final class CakeControllerCoprocessor implements RegionServerCoprocessor {
  private static final Logger LOG = LoggerFactory.getLogger(CakeControllerCoprocessor.class);

  private ScheduledExecutorService thread;
  private SecondLevelController controller;
  private ObjectName mbean;
  private DataNodeLocator datanode;

  @Override
  public void start(CoprocessorEnvironment env) {
    Map<String, String> conf = new HashMap<>();
    env.getConfiguration().forEach(e -> conf.put(e.getKey(), e.getValue()));
    ControllerConfig cfg;
    try {
      cfg = ControllerConfig.parse(conf);
    } catch (IllegalArgumentException e) {
      LOG.error("cake-controller not started, configuration refused: {}", e.getMessage());
      return;
    }
    if (!cfg.enabled()) {
      LOG.info("cake-controller: {} is false; not started", ControllerConfig.ENABLED);
      return;
    }
    if (cfg.slo().isEmpty()) {
      LOG.warn("cake-controller: no {}<tenant>.* SLO set; not started", ControllerConfig.SLO_PREFIX);
      return;
    }
    int port = ((RegionServerCoprocessorEnvironment) env).getServerName().getPort();
    SloTarget slo = cfg.slo().get();
    long interval = cfg.params().interval().toMillis();
    datanode = new DataNodeLocator(cfg.hdfsJmx(), cfg.hdfsScheduler());
    controller =
        new SecondLevelController(
            () -> RegionServerScheduler.byPort(port).map(LocalHBasePort::new).orElse(null),
            datanode,
            new SloDecider(cfg.params()),
            slo,
            // A call to the DataNode may take half an interval, at most the default.
            Duration.ofMillis(Math.max(1, Math.min(SecondLevelController.DEFAULT_CALL_TIMEOUT.toMillis(), interval / 2))));
    try {
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      mbean = Controller.objectName(port);
      server.registerMBean(new Controller(controller, interval), mbean);
    } catch (Exception e) {
      LOG.warn("cake-controller: MBean not registered: {}", e.toString());
      mbean = null;
    }
    thread =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "cake-controller-" + port);
              t.setDaemon(true);
              return t;
            });
    thread.scheduleWithFixedDelay(this::tick, interval, interval, TimeUnit.MILLISECONDS);
    LOG.info("cake-controller started for {} every {} ms, DataNode scheduler through {}", slo, interval, cfg.hdfsJmx());
  }

  private void tick() {
    try {
      controller.tick();
    } catch (Throwable t) { // never let the scheduled task die
      LOG.error("cake-controller: tick failed", t);
    }
  }

  @Override
  public void stop(CoprocessorEnvironment env) {
    if (thread != null) {
      thread.shutdownNow();
    }
    if (mbean != null) {
      try {
        ManagementFactory.getPlatformMBeanServer().unregisterMBean(mbean);
      } catch (Exception ignored) {
        // already gone
      }
    }
    if (controller != null) {
      controller.close();
    }
    if (datanode != null) {
      datanode.close();
    }
  }

  /** For tests: the running controller, or null. */
  public SecondLevelController controller() {
    return controller;
  }
}
