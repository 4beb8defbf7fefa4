package io.cake.controller.hbase;

import io.cake.controller.loop.SecondLevelController;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.CoprocessorEnvironment;
import org.apache.hadoop.hbase.coprocessor.CoreCoprocessor;
import org.apache.hadoop.hbase.coprocessor.RegionServerCoprocessor;
import org.apache.hadoop.hbase.coprocessor.RegionServerCoprocessorEnvironment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the second-level controller in the RegionServer's JVM. Installed by configuration alone:
 * {@code hbase.coprocessor.regionserver.classes = io.cake.controller.hbase.CakeControllerCoprocessor}
 * with {@code cake.controller.enabled = true} and one {@code cake.slo.<tenant>.*} group. The
 * controller follows {@code update_config} ({@link LiveController}); a bad configuration is logged
 * and leaves the RegionServer running, without a controller or with the one it had.
 *
 * <p>It also puts the {@code /cake} page on the RegionServer's info server ({@link InfoServerPage}).
 * To reach that server it is a core coprocessor: HBase hands those the RegionServer itself.
 */
@CoreCoprocessor
public final class CakeControllerCoprocessor implements RegionServerCoprocessor {
  private static final Logger LOG = LoggerFactory.getLogger(CakeControllerCoprocessor.class);

  private ScheduledExecutorService thread;
  private volatile LiveController live;

  @Override
  public void start(CoprocessorEnvironment env) {
    Map<String, String> conf = new HashMap<>();
    env.getConfiguration().forEach(e -> conf.put(e.getKey(), e.getValue()));
    RegionServerCoprocessorEnvironment rsEnv = (RegionServerCoprocessorEnvironment) env;
    int port = rsEnv.getServerName().getPort();
    InfoServerPage.add(rsEnv, new StatusPageSource(rsEnv.getServerName().getAddress().toString(), port, () -> live,
        java.time.InstantSource.system()));
    thread =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "cake-controller-" + port);
              t.setDaemon(true);
              return t;
            });
    // Built on the thread that will run it: LiveController is confined to one thread.
    thread.execute(() -> startOn(port, conf));
  }

  /**
   * Runs on the controller's thread. The executor keeps what a task throws in a future nobody
   * reads, so a failure is logged here: the RegionServer serves on, without a controller.
   */
  void startOn(int port, Map<String, String> conf) {
    try {
      live = new LiveController(port, conf, LiveController.filesOf(port));
      schedule(live, live.untilNextStep()); // just after the RegionServer's next interval closes
    } catch (RuntimeException | Error e) {
      LOG.error("cake-controller: could not start; this RegionServer serves without a controller", e);
    }
  }

  /** Each step picks its successor's delay: update_config may change the interval. */
  private void schedule(LiveController c, Duration firstDelay) {
    Runnable step =
        new Runnable() {
          @Override
          public void run() {
            Duration next;
            try {
              next = c.step();
            } catch (Throwable t) { // never let the scheduled task die
              LOG.error("cake-controller: step failed", t);
              next = c.interval();
            }
            if (!thread.isShutdown()) {
              thread.schedule(this, next.toMillis(), TimeUnit.MILLISECONDS);
            }
          }
        };
    thread.schedule(step, firstDelay.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public void stop(CoprocessorEnvironment env) {
    if (thread == null) {
      return;
    }
    thread.shutdownNow();
    try {
      thread.awaitTermination(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    LiveController c = live;
    if (c != null) {
      c.close();
    }
  }

  /** For tests: the running controller, or null. */
  public SecondLevelController controller() {
    LiveController c = live;
    return c == null ? null : c.controller();
  }

  /** For tests and operators' tools: why the last configuration was refused, or empty. */
  public String configurationError() {
    LiveController c = live;
    return c == null ? "" : c.configurationError();
  }
}
