package io.cake.controller.hbase;

import io.cake.controller.config.ConfigChange;
import io.cake.controller.config.ControllerConfig;
import io.cake.controller.config.IntervalCheck;
import io.cake.controller.jmx.Controller;
import io.cake.controller.loop.DataNodeLocator;
import io.cake.controller.loop.SecondLevelController;
import io.cake.controller.loop.TickTiming;
import io.cake.core.time.Clock;
import io.cake.hbase.config.KeySources;
import io.cake.core.policy.PolicyOverlay;
import io.cake.hbase.rpc.RegionServerScheduler;
import java.lang.management.ManagementFactory;
import io.cake.controller.web.DecisionHistory;
import java.time.Duration;
import java.time.InstantSource;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javax.management.ObjectName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One RegionServer's controller as its {@code hbase-site.xml} and the cluster's policy store say,
 * kept so across {@code update_config} and store changes: before each interval's decision it looks
 * for a file HBase handed Cake's RPC scheduler since, or a store it read since ({@link KeySources}),
 * and applies what changed ({@link ConfigChange}). A file the
 * controller refuses is logged by key and shown as {@code ConfigurationError}; the controller goes
 * on as it was. Disabling it (or removing the SLO) stops it; enabling it starts one, without a
 * RegionServer restart. Its MBean stays registered throughout, saying why no controller runs
 * when none does (a file refused at start included), so {@code cake status} can show it.
 *
 * <p>Runs on one thread, the coprocessor's: {@link #step()} and {@link #close()} only.
 */
final class LiveController implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(LiveController.class);

  private final int port;
  private final Supplier<Optional<KeySources>> files;
  private final Supplier<Optional<Closes>> closes;
  private final Clock clock;
  private volatile ControllerConfig config; // the last file accepted; null: none yet; read by JMX
  private long generation;
  private volatile String configurationError = "";
  private String intervalWarning = "";
  private final Consumer<Map<String, String>> logSkips = PolicyOverlay.once(m -> LOG.error("cake-controller: {}", m));

  private volatile SecondLevelController controller; // read by tests and the coprocessor
  private DataNodeLocator datanode;
  private volatile String notRunning = "starting";
  private ObjectName mbean;
  private final io.cake.controller.jmx.SloBeans sloBeans;
  private boolean pausedAtStop;
  private final DecisionHistory history = new DecisionHistory();
  private final InstantSource wall = InstantSource.system();

  /**
   * @param startFile the coprocessor's configuration at start (generation 0 of {@link KeySources})
   */
  LiveController(int port, Map<String, String> startFile, Supplier<Optional<KeySources>> files) {
    this(port, startFile, files, closesOf(port), Clock.system());
  }

  /**
   * @param closes when the RegionServer's scheduler closed its last metrics interval, and how often
   *     it closes one (empty while Cake's scheduler is not up): decisions run just after each close
   * @param clock the clock those closes are read on
   */
  LiveController(int port, Map<String, String> startFile, Supplier<Optional<KeySources>> files,
      Supplier<Optional<Closes>> closes, Clock clock) {
    this.port = port;
    this.files = files;
    this.closes = closes;
    this.clock = clock;
    this.sloBeans = new io.cake.controller.jmx.SloBeans(port, () -> controller);
    register();
    load(startFile);
    sloBeans.sync();
  }

  /** For the coprocessor: the files Cake's RPC scheduler on {@code port} was handed. */
  static Supplier<Optional<KeySources>> filesOf(int port) {
    return () -> RegionServerScheduler.byPort(port).map(RegionServerScheduler::keySources);
  }

  /** When the RegionServer's scheduler closed its last metrics interval, and how often it closes one. */
  record Closes(long lastNanos, Duration every) {}

  /** For the coprocessor: the closes of Cake's RPC scheduler on {@code port}. */
  static Supplier<Optional<Closes>> closesOf(int port) {
    return () -> RegionServerScheduler.byPort(port)
        .map(s -> new Closes(s.lastInterval().tenants().endNanos(), s.settings().metricsInterval()));
  }

  /** One interval: picks up a reloaded file, then decides. Returns the delay until the next step. */
  Duration step() {
    Optional<KeySources> f = files.get();
    if (f.isPresent() && f.get().generation() != generation) {
      generation = f.get().generation();
      load(keysOf(f.get()));
    }
    // Read before the tick: the interval it decides on, or (a close in between) the one before.
    // Timed from the close read after it, a close during the tick would go undecided.
    Optional<Closes> seen = closes.get();
    Duration interval = interval();
    boolean waitForClose = seen.map(c -> TickTiming.nextCloseIsDue(clock.nanoTime(), c.lastNanos(), c.every(), interval))
        .orElse(false);
    if (controller != null && !waitForClose) {
      if (LOG.isDebugEnabled()) {
        seen.ifPresent(c -> LOG.debug("cake-controller: deciding {} ms after the RegionServer's interval closed",
            (clock.nanoTime() - c.lastNanos()) / 1_000_000));
      }
      controller.tick(); // reports its own failures; an Error reaches the coprocessor's catch
    }
    if (controller != null) {
      history.record(wall.instant(), controller.last()); // once per outcome, for the /cake page
    }
    sloBeans.sync(); // a bean per SLO tenant of the controller of the moment
    return untilNextStep(seen, interval);
  }

  /** Until just after the RegionServer's next metrics interval closes ({@link TickTiming}). */
  Duration untilNextStep() {
    return untilNextStep(closes.get(), interval());
  }

  private Duration untilNextStep(Optional<Closes> seen, Duration interval) {
    return seen.map(c -> TickTiming.untilNext(clock.nanoTime(), c.lastNanos(), c.every(), interval))
        .orElse(interval);
  }

  /** How long until the next step: the interval of the file in force. */
  Duration interval() {
    return config == null ? Duration.ofMillis(ControllerConfig.DEFAULT_INTERVAL_MS) : config.params().interval();
  }

  /**
   * The site file's keys with the policy store laid over them ({@link PolicyOverlay}), each entry
   * checked as the controller checks a file's SLOs: one it refuses is skipped and logged, once.
   */
  private Map<String, String> keysOf(KeySources sources) {
    PolicyOverlay.Check check = keys -> {
      try {
        ControllerConfig.parseSlos(keys);
        return null;
      } catch (IllegalArgumentException e) {
        return e.getMessage();
      }
    };
    if (check.refusal(sources.cakeKeys()) != null) {
      return sources.cakeKeys(); // the file's own error, refused as a whole by load()
    }
    PolicyOverlay.Merged merged = PolicyOverlay.merge(sources.cakeKeys(), sources.store(), check);
    logSkips.accept(merged.skipped());
    return merged.keys();
  }

  private void load(Map<String, String> file) {
    ControllerConfig next;
    try {
      next = ControllerConfig.parse(file);
    } catch (IllegalArgumentException e) {
      configurationError = e.getMessage();
      if (config == null) { // nothing accepted yet; else the last good file says why (or it runs)
        notRunning = "configuration refused: " + e.getMessage();
      }
      LOG.error("cake-controller: configuration refused, {}: {}",
          controller == null ? "not running" : "keeping the running one", e.getMessage());
      return;
    }
    warnOnceOnIntervals(file, next);
    apply(next);
    // Cleared only once the file is in force: a reader that sees no error sees the new SLO.
    configurationError = "";
  }

  private void apply(ControllerConfig next) {
    ControllerConfig before = config;
    config = next;
    if (before == null) {
      startIfWanted(next);
      return;
    }
    ConfigChange change = ConfigChange.between(before, next);
    if (change.none()) {
      return;
    }
    LOG.info("cake-controller: update_config changed {}", change.keys());
    if (change.restart()) {
      stopController();
      startIfWanted(next);
      return;
    }
    if (controller != null) {
      change.slos().ifPresent(controller::setSlos);
      change.params().ifPresent(controller::setParams);
    }
  }

  private void warnOnceOnIntervals(Map<String, String> file, ControllerConfig cfg) {
    String w = IntervalCheck.mismatch(file, cfg.params().interval().toMillis()).orElse("");
    if (!w.isEmpty() && !w.equals(intervalWarning)) {
      LOG.warn("cake-controller: {}", w);
    }
    intervalWarning = w;
  }

  private void startIfWanted(ControllerConfig cfg) {
    if (!cfg.enabled()) {
      notRunning = ControllerConfig.ENABLED + " is false";
      LOG.info("cake-controller: {}; not running", notRunning);
      return;
    }
    if (cfg.slo().isEmpty()) {
      notRunning = "no " + ControllerConfig.SLO_PREFIX + "<tenant>.* SLO set";
      LOG.warn("cake-controller: {}; not running", notRunning);
      return;
    }
    long interval = cfg.params().interval().toMillis();
    datanode = new DataNodeLocator(cfg.hdfsJmx(), cfg.hdfsScheduler());
    SecondLevelController c =
        new SecondLevelController(
            () -> RegionServerScheduler.byPort(port).map(LocalHBasePort::new).orElse(null),
            datanode,
            cfg.params(),
            cfg.slos(),
            // A call to the DataNode may take half an interval, at most the default.
            Duration.ofMillis(Math.max(1, Math.min(SecondLevelController.DEFAULT_CALL_TIMEOUT.toMillis(), interval / 2))));
    if (pausedAtStop) {
      c.pause(); // an operator's pause outlives a reload
    }
    controller = c; // published paused, if it is to be
    LOG.info("cake-controller started for {} every {} ms, DataNode scheduler through {}",
        cfg.slos(), interval, cfg.hdfsJmx());
  }

  /** The MBean, for the coprocessor's lifetime: it reads the controller of the moment. */
  private void register() {
    try {
      mbean = Controller.objectName(port);
      ManagementFactory.getPlatformMBeanServer().registerMBean(
          new Controller(() -> controller, () -> interval().toMillis(), () -> configurationError, () -> notRunning,
              () -> config),
          mbean);
      io.cake.core.level.CakeVersion.register();
    } catch (Exception e) {
      LOG.warn("cake-controller: MBean not registered: {}", e.toString());
      mbean = null;
    }
  }

  private void stopController() {
    if (controller != null) {
      pausedAtStop = controller.paused();
      controller.liftLimits();
      controller.close();
      controller = null;
      LOG.info("cake-controller stopped");
    }
    if (datanode != null) {
      datanode.close();
      datanode = null;
    }
  }

  /** The running controller, or null. */
  SecondLevelController controller() {
    return controller;
  }

  /** Why no controller runs ("starting", a key that is off, a refused file); read when none does. */
  String notRunning() {
    return notRunning;
  }

  /** The outcomes of this RegionServer's controllers, across reloads. */
  DecisionHistory history() {
    return history;
  }

  /** Why the last file was refused, or empty. */
  String configurationError() {
    return configurationError;
  }

  @Override
  public void close() {
    stopController();
    sloBeans.close();
    notRunning = "stopped";
    if (mbean != null) {
      try {
        ManagementFactory.getPlatformMBeanServer().unregisterMBean(mbean);
      } catch (Exception ignored) {
        // already gone
      }
      mbean = null;
    }
  }
}
