package io.cake.director.master;

import io.cake.core.config.SiteKeys;
import io.cake.director.config.DirectorConfig;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.time.InstantSource;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.CoprocessorEnvironment;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.coprocessor.MasterCoprocessor;
import org.apache.hadoop.hbase.coprocessor.MasterCoprocessorEnvironment;
import org.apache.hadoop.hbase.coprocessor.MasterObserver;
import org.apache.hadoop.hbase.coprocessor.ObserverContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the director in the active HMaster. Installed by configuration alone:
 * {@code hbase.coprocessor.master.classes = io.cake.director.master.CakeDirectorCoprocessor} with
 * {@code cake.director.enabled = true}. It starts when this HMaster becomes the active one
 * ({@code postStartMaster}, which a backup master reaches only on taking over) and steps every
 * interval on a thread of its own. A bad key is logged naming it and the HMaster runs on without a
 * director; a failed step is logged and the next one runs.
 */
public final class CakeDirectorCoprocessor implements MasterCoprocessor, MasterObserver {
  private static final Logger LOG = LoggerFactory.getLogger(CakeDirectorCoprocessor.class);

  /** The director's status bean ({@link DirectorStatusMXBean}). */
  public static final String OBJECT_NAME = "io.cake:type=Director";

  private DirectorConfig config;
  private ScheduledExecutorService thread;
  private Admin admin;
  private ClusterReader reader;
  private ObjectName bean;

  @Override
  public Optional<MasterObserver> getMasterObserver() {
    return Optional.of(this);
  }

  @Override
  public void start(CoprocessorEnvironment env) {
    Configuration conf = env.getConfiguration();
    try {
      config = DirectorConfig.of(SiteKeys.of(conf::get, conf::getPropsWithPrefix));
    } catch (IllegalArgumentException e) {
      LOG.error("cake-director: not started, the configuration is refused: {}", e.getMessage());
      return;
    }
    if (!config.enabled()) {
      LOG.info("cake-director: loaded, off ({} is false)", DirectorConfig.ENABLED_KEY);
    }
  }

  @Override
  public void postStartMaster(ObserverContext<MasterCoprocessorEnvironment> ctx) throws IOException {
    if (config == null || !config.enabled() || thread != null) {
      return;
    }
    admin = ctx.getEnvironment().getConnection().getAdmin();
    reader = new ClusterReader(admin, config.interval().dividedBy(4));
    DirectorStatus status = new DirectorStatus(config.interval().toMillis());
    register(status);
    DirectorRun run = new DirectorRun(config, reader, admin,
        new ServerCommand(config.serverCommand()), status, InstantSource.system());
    thread = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "cake-director");
      t.setDaemon(true);
      return t;
    });
    long ms = config.interval().toMillis();
    thread.scheduleWithFixedDelay(() -> {
      try {
        run.step();
      } catch (Throwable t) { // never let the scheduled task die
        LOG.warn("cake-director: step failed; the next runs in {} ms", ms, t);
      }
    }, ms, ms, TimeUnit.MILLISECONDS);
    LOG.info("cake-director: started, every {} ms, at most {} moves an interval, overprovision {}{}", ms,
        config.maxMoves(), config.overprovision(),
        config.serverCommand().isEmpty() ? "" : ", server command " + config.serverCommand());
  }

  /** A bean that cannot be registered costs {@code cake status} its view, never the director. */
  private void register(DirectorStatus status) {
    try {
      MBeanServer server = ManagementFactory.getPlatformMBeanServer();
      ObjectName name = new ObjectName(OBJECT_NAME);
      if (server.isRegistered(name)) {
        server.unregisterMBean(name); // a director stopped without its stop (a test's restarted master)
      }
      server.registerMBean(status, name);
      bean = name;
    } catch (JMException e) {
      LOG.warn("cake-director: no {} bean: {}", OBJECT_NAME, e.toString());
    }
  }

  @Override
  public void stop(CoprocessorEnvironment env) {
    if (bean != null) {
      try {
        ManagementFactory.getPlatformMBeanServer().unregisterMBean(bean);
      } catch (JMException e) {
        LOG.debug("cake-director: unregistering {}", bean, e);
      }
    }
    if (thread != null) {
      thread.shutdownNow();
      try {
        thread.awaitTermination(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (reader != null) {
      reader.close();
    }
    if (admin != null) {
      try {
        admin.close();
      } catch (IOException e) {
        LOG.debug("cake-director: closing its Admin", e);
      }
    }
  }
}
