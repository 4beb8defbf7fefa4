package io.cake.controller.hbase;

import static io.cake.controller.config.ControllerFiles.file;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.controller.policy.SloTarget;
import io.cake.controller.jmx.Controller;
import io.cake.controller.loop.SecondLevelController;
import io.cake.core.time.ManualClock;
import io.cake.hbase.config.KeySources;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * update_config as the controller sees it: files handed over one generation at a time, each step
 * called by the test (no thread, no sleeps). No RegionServer or DataNode listens on the port, so
 * ticks only fail to reach them; what is checked is which controller runs, with which SLO.
 */
class LiveControllerTest {
  private static final int PORT = 1; // no RegionServer scheduler has this port
  private final MBeanServer jmx = ManagementFactory.getPlatformMBeanServer();
  private final ObjectName mbean = Controller.objectName(PORT);
  private final AtomicReference<KeySources> handed = new AtomicReference<>();
  private LiveController live;

  private LiveController start(Map<String, String> atStart) {
    handed.set(new KeySources(0, atStart));
    live = new LiveController(PORT, atStart, () -> Optional.ofNullable(handed.get()));
    return live;
  }

  /** update_config: the next generation of the file, then the controller's next step. */
  private Duration reload(Map<String, String> next) {
    handed.set(new KeySources(handed.get().generation() + 1, next));
    return live.step();
  }

  @AfterEach
  void close() {
    if (live != null) {
      live.close();
    }
  }

  @Test
  void anSloChangedInTheFileIsInForceAtTheNextStepInTheSameController() throws Exception {
    start(file());
    SecondLevelController first = live.controller();
    assertThat(first.slo()).isEqualTo(SloTarget.latency("front", 99, 100));
    assertThat(jmx.isRegistered(mbean)).isTrue();

    reload(file("cake.slo.front.latency-ms", "250", "cake.slo.front.percentile", "99.9"));
    assertThat(live.controller()).as("state kept: set in place").isSameAs(first);
    assertThat(first.slo()).isEqualTo(SloTarget.latency("front", 99.9, 250));
    assertThat(jmx.getAttribute(mbean, "SloLatencyMillis")).isEqualTo(250.0);
  }

  @Test
  void anSloSetOverJmxOutlivesAnUpdateConfigThatDidNotChangeTheFilesSlo() throws Exception {
    start(file());
    jmx.invoke(mbean, "setLatencySlo", new Object[] {"front", 99.0, 40.0}, new String[] {"java.lang.String", "double", "double"});
    reload(file("cake.controller.perf-high", "1.5"));
    assertThat(live.controller().slo()).isEqualTo(SloTarget.latency("front", 99, 40));
    assertThat(live.controller().params().highPerformance()).isEqualTo(1.5);
    // ...until the file's own SLO changes.
    reload(file("cake.controller.perf-high", "1.5", "cake.slo.front.latency-ms", "120"));
    assertThat(live.controller().slo()).isEqualTo(SloTarget.latency("front", 99, 120));
  }

  @Test
  void severalSloTenantsComeFromTheFileAndTheirWeightsChangeInPlace() throws Exception {
    start(file("cake.slo.back.latency-ms", "300", "cake.slo.back.weight", "2"));
    SecondLevelController many = live.controller();
    assertThat(many.slos()).containsExactly(
        new SloTarget("back", io.cake.core.tenant.LatencyGoal.of(99, 300), 2), SloTarget.latency("front", 99, 100));
    assertThat((String[]) jmx.getAttribute(mbean, "ServedFirst")).containsExactly("back", "front");
    // The goals as numbers, for tools (an MXBean's composite type: what HBase's /jmx page shows).
    javax.management.openmbean.CompositeData[] goals =
        (javax.management.openmbean.CompositeData[]) jmx.getAttribute(mbean, "SloGoals");
    assertThat(goals).hasSize(2);
    assertThat(goals[0].get("tenant")).isEqualTo("back");
    assertThat(goals[0].get("latencyMillis")).isEqualTo(300.0);
    assertThat(goals[0].get("weight")).isEqualTo(2.0);
    assertThat(goals[1].get("tenant")).isEqualTo("front");
    assertThat(goals[1].get("percentile")).isEqualTo(99.0);
    assertThat((Double) goals[1].get("throughput")).isNaN();

    reload(file("cake.slo.back.latency-ms", "300", "cake.slo.back.weight", "0.5", "cake.controller.headroom", "3"));
    assertThat(live.controller()).as("set in place, models kept").isSameAs(many);
    assertThat(many.slos().get(0).weight()).isEqualTo(0.5);
    assertThat(many.params().headroom()).isEqualTo(3.0);

    reload(file("cake.slo.back.latency-ms", "300", "cake.slo.back.weight", "-1"));
    assertThat(live.configurationError()).contains("cake.slo.back.weight");
    assertThat(live.controller()).isSameAs(many);
    assertThat(many.slos().get(0).weight()).isEqualTo(0.5);

    reload(file()); // back to the one tenant: the same controller, the same rules
    assertThat(live.controller()).isSameAs(many);
    assertThat(live.controller().slos()).containsExactly(SloTarget.latency("front", 99, 100));
  }

  @Test
  void aBadFileIsRefusedByKeyAndTheControllerGoesOnAsItWas() throws Exception {
    start(file());
    SecondLevelController running = live.controller();
    reload(file("cake.slo.front.latency-ms", "-5"));
    assertThat(live.configurationError()).contains("cake.slo.front");
    assertThat(jmx.getAttribute(mbean, "ConfigurationError")).isEqualTo(live.configurationError());
    assertThat(live.controller()).isSameAs(running);
    assertThat(running.slo()).isEqualTo(SloTarget.latency("front", 99, 100));

    reload(file("cake.slo.front.latency-ms", "80"));
    assertThat(live.configurationError()).isEmpty();
    assertThat(running.slo()).isEqualTo(SloTarget.latency("front", 99, 80));
  }

  @Test
  void disablingStopsTheControllerAndEnablingStartsOneThatStaysPaused() throws Exception {
    start(file());
    live.controller().pause();
    reload(file("cake.controller.enabled", "false"));
    assertThat(live.controller()).isNull();
    assertThat(jmx.getAttribute(mbean, "Running")).isEqualTo(false);
    assertThat(jmx.getAttribute(mbean, "NotRunningReason")).isEqualTo("cake.controller.enabled is false");
    assertThatThrownBy(() -> jmx.invoke(mbean, "resume", new Object[0], new String[0]))
        .hasRootCauseInstanceOf(IllegalStateException.class)
        .hasRootCauseMessage("cake-controller is not running: cake.controller.enabled is false");
    // A bad file meanwhile is refused by key, but is not why the controller is off.
    reload(file("cake.controller.enabled", "false", "cake.controller.headroom", "banana"));
    assertThat((String) jmx.getAttribute(mbean, "ConfigurationError")).contains("cake.controller.headroom");
    assertThat(jmx.getAttribute(mbean, "NotRunningReason")).isEqualTo("cake.controller.enabled is false");

    reload(file());
    assertThat(live.controller()).isNotNull();
    assertThat(live.controller().paused()).as("an operator's pause outlives the reload").isTrue();
    assertThat(jmx.getAttribute(mbean, "Running")).isEqualTo(true);
    assertThat(jmx.getAttribute(mbean, "NotRunningReason")).isEqualTo("");
    assertThat(jmx.getAttribute(mbean, "Paused")).isEqualTo(true);
  }

  @Test
  void aNewIntervalStartsANewControllerAndSetsTheNextStepsDelay() {
    start(file());
    SecondLevelController first = live.controller();
    assertThat(live.step()).isEqualTo(Duration.ofSeconds(10));
    Duration next = reload(file("cake.controller.interval-ms", "3000"));
    assertThat(next).isEqualTo(Duration.ofSeconds(3));
    assertThat(live.controller()).isNotSameAs(first).isNotNull();
  }

  @Test
  void aRemovedKeyIsRefusedByNameAndTheRunningControllerGoesOn() throws Exception {
    start(file());
    SecondLevelController running = live.controller();
    reload(file("cake.controller.min-samples", "20"));
    assertThat(live.configurationError()).startsWith("cake.controller.min-samples was removed: ");
    assertThat(live.controller()).isSameAs(running);
    reload(file("cake.controller.minimax.step", "0.1"));
    assertThat((String) jmx.getAttribute(mbean, "ConfigurationError"))
        .startsWith("cake.controller.minimax.step was removed: ").contains("cake.controller.perf-high");
    assertThat(live.controller()).isSameAs(running);
  }

  @Test
  void aFileRefusedAtStartLeavesNoControllerUntilAGoodOneArrives() throws Exception {
    start(file("cake.controller.headroom", "banana"));
    assertThat(live.controller()).isNull();
    assertThat(live.configurationError()).contains("cake.controller.headroom");
    // What an operator's tool reads: not running, and why, by key.
    assertThat(jmx.getAttribute(mbean, "Running")).isEqualTo(false);
    assertThat((String) jmx.getAttribute(mbean, "NotRunningReason"))
        .startsWith("configuration refused: ").contains("cake.controller.headroom");
    assertThat((String) jmx.getAttribute(mbean, "LastDecision")).startsWith("not running: configuration refused");
    assertThat(jmx.getAttribute(mbean, "Slo")).isEqualTo("");

    reload(file());
    assertThat(live.controller()).isNotNull();
    assertThat(live.configurationError()).isEmpty();
    assertThat(jmx.getAttribute(mbean, "Running")).isEqualTo(true);

    live.close();
    assertThat(jmx.isRegistered(mbean)).as("gone with the coprocessor").isFalse();
  }

  @Test
  void theSameGenerationIsReadOnce() {
    start(file());
    SecondLevelController first = live.controller();
    live.step();
    live.step();
    assertThat(live.controller()).isSameAs(first);
  }

  @Test
  void eachStepIsTimedForJustAfterTheRegionServersNextIntervalCloses() {
    ManualClock clock = new ManualClock(1_000_000_000_000L);
    AtomicReference<Optional<LiveController.Closes>> closes = new AtomicReference<>(Optional.empty());
    Map<String, String> f = file("cake.controller.interval-ms", "5000");
    handed.set(new KeySources(0, f));
    live = new LiveController(PORT, f, () -> Optional.ofNullable(handed.get()), closes::get, clock);
    assertThat(live.step()).as("no Cake scheduler yet: the controller's own period").isEqualTo(Duration.ofSeconds(5));

    long closed = clock.nanoTime() - Duration.ofMillis(3_000).toNanos(); // 3 s ago
    closes.set(Optional.of(new LiveController.Closes(closed, Duration.ofSeconds(5))));
    assertThat(live.step()).as("2 s to the next close, then 0.1 s for it").isEqualTo(Duration.ofMillis(2_100));

    clock.advance(Duration.ofMillis(2_100));
    closes.set(Optional.of(new LiveController.Closes(closed + Duration.ofSeconds(5).toNanos(), Duration.ofSeconds(5))));
    assertThat(live.step()).isEqualTo(Duration.ofSeconds(5));
  }

  @Test
  void anIntervalThatClosesDuringAStepIsDecidedAtTheNextOneNotSkipped() {
    ManualClock clock = new ManualClock(1_000_000_000_000L);
    Duration five = Duration.ofSeconds(5);
    long closed = clock.nanoTime() - Duration.ofMillis(4_990).toNanos(); // the next close 10 ms away
    AtomicReference<LiveController.Closes> close = new AtomicReference<>(new LiveController.Closes(closed, five));
    Map<String, String> f = file("cake.controller.interval-ms", "5000");
    handed.set(new KeySources(0, f));
    // The step reads the close, then the RegionServer closes the next interval while it decides.
    java.util.concurrent.atomic.AtomicInteger reads = new java.util.concurrent.atomic.AtomicInteger();
    live = new LiveController(PORT, f, () -> Optional.ofNullable(handed.get()), () -> {
      LiveController.Closes c = close.get();
      if (reads.incrementAndGet() == 1) {
        clock.advance(Duration.ofMillis(20));
        close.set(new LiveController.Closes(closed + five.toNanos(), five));
      }
      return Optional.of(c);
    }, clock);
    assertThat(live.step()).as("the close it did not decide on: look again just after, not 5 s later")
        .isEqualTo(Duration.ofMillis(100));
  }

  @Test
  void aStepWhoseNextCloseIsDueWaitsForItInsteadOfDecidingOnTheIntervalBefore() {
    ManualClock clock = new ManualClock(1_000_000_000_000L);
    Duration five = Duration.ofSeconds(5);
    AtomicReference<LiveController.Closes> close = new AtomicReference<>(
        new LiveController.Closes(clock.nanoTime() - Duration.ofMillis(5_100).toNanos(), five)); // late
    Map<String, String> f = file("cake.controller.interval-ms", "5000");
    handed.set(new KeySources(0, f));
    live = new LiveController(PORT, f, () -> Optional.ofNullable(handed.get()), () -> Optional.of(close.get()), clock);
    // No RegionServer on the port: a tick that runs counts a failure, one that waits does not.
    assertThat(live.step()).isEqualTo(Duration.ofMillis(100));
    assertThat(live.controller().failures()).as("not decided on: its successor is due").isZero();

    close.set(new LiveController.Closes(clock.nanoTime() - Duration.ofMillis(20).toNanos(), five));
    assertThat(live.step()).isEqualTo(Duration.ofMillis(5_080));
    assertThat(live.controller().failures()).as("decided on the fresh interval").isEqualTo(1);
  }
}
