package io.cake.controller.jmx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.controller.policy.SloTarget;
import io.cake.controller.loop.SecondLevelController;
import io.cake.controller.policy.ControllerParams;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.OperationType;
import org.junit.jupiter.api.Test;

/** The controller MBean's SLO attributes, as the cake CLI reads them (no schedulers needed). */
class ControllerTest {
  private final SecondLevelController loop =
      new SecondLevelController(() -> null, () -> null, ControllerParams.DEFAULTS,
          java.util.List.of(SloTarget.latency("front", 99.9, 40)));
  private final Controller mbean = new Controller(loop, 10_000);

  @Test
  void aLatencySloReadsAsPercentileAndMillis() {
    assertThat(mbean.getSloTenant()).isEqualTo("front");
    assertThat(mbean.getSloPercentile()).isEqualTo(99.9);
    assertThat(mbean.getSloLatencyMillis()).isEqualTo(40.0);
    assertThat(mbean.getSloThroughput()).isNaN();
  }

  @Test
  void aThroughputSloReadsAsOpsPerSecond() {
    mbean.setThroughputSlo("batch", 500);
    assertThat(mbean.getSloTenant()).isEqualTo("batch");
    assertThat(mbean.getSloThroughput()).isEqualTo(500.0);
    assertThat(mbean.getSloPercentile()).isNaN();
    assertThat(mbean.getSloLatencyMillis()).isNaN();
  }

  @Test
  void anMbPerSecondSloReadsAsMegabytesPerSecondInSloGoalsAndItsText() throws Exception {
    mbean.setThroughputMbSlo("batch", 50);
    assertThat(mbean.getSlo()).isEqualTo(">= 50.0 MB/s");
    assertThat(mbean.getSlos()).containsExactly("batch: >= 50.0 MB/s");
    assertThat(mbean.getSloThroughput()).as("not ops/s").isNaN();
    assertThat(mbean.getSloPercentile()).isNaN();
    javax.management.MBeanServer server = javax.management.MBeanServerFactory.newMBeanServer();
    javax.management.ObjectName name = Controller.objectName(2);
    server.registerMBean(new javax.management.StandardMBean(mbean, ControllerMXBean.class, true), name);
    javax.management.openmbean.CompositeData[] goals =
        (javax.management.openmbean.CompositeData[]) server.getAttribute(name, "SloGoals");
    assertThat(goals[0].get("megabytesPerSecond")).isEqualTo(50.0);
    assertThat((Double) goals[0].get("throughput")).isNaN();
    assertThat((Double) goals[0].get("latencyMillis")).isNaN();
    assertThatThrownBy(() -> mbean.setThroughputMbSlo("batch", 0)).hasMessageContaining("megabytesPerSecond");
    assertThat(mbean.getSlo()).as("refused: nothing changed").isEqualTo(">= 50.0 MB/s");
  }

  @Test
  void aRefusedSloChangesNothing() {
    assertThatThrownBy(() -> mbean.setLatencySlo("front", 100, 10)).hasMessageContaining("percentile");
    assertThatThrownBy(() -> mbean.setLatencySlo("no such", 99, 10)).isInstanceOf(IllegalArgumentException.class);
    assertThat(mbean.getSlo()).isEqualTo("p99.9 <= 40.0 ms");
  }

  @Test
  void aGoalOnOneOperationShowsItAndKeepsItWhenOnlyItsNumbersChange() {
    loop.setSlo(new SloTarget("front", LatencyGoal.of(99.9, 40, OperationType.GET)));
    assertThat(mbean.getSlo()).isEqualTo("p99.9 <= 40.0 ms (GET)");
    assertThat(mbean.getSlos()).containsExactly("front: p99.9 <= 40.0 ms (GET)");
    assertThat(mbean.getSloGoals()[0].getOperation()).isEqualTo("GET");

    mbean.setLatencySlo("front", 99, 50);
    assertThat(mbean.getSlo()).as("still on the gets").isEqualTo("p99.0 <= 50.0 ms (GET)");
    mbean.setLatencySlo("front", 99, 50, " Scan ");
    assertThat(mbean.getSlo()).isEqualTo("p99.0 <= 50.0 ms (SCAN)");
    assertThatThrownBy(() -> mbean.setLatencySlo("front", 99, 60, "put"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("operation must be get, scan, mutation or other, or all for every call, got 'put'");
    assertThat(mbean.getSlo()).as("refused: nothing changed").isEqualTo("p99.0 <= 50.0 ms (SCAN)");
    mbean.setLatencySlo("front", 99, 50, "ALL");
    assertThat(mbean.getSlo()).isEqualTo("p99.0 <= 50.0 ms");
    assertThat(mbean.getSloGoals()[0].getOperation()).as("every call").isEmpty();
    mbean.setThroughputSlo("front", 100);
    assertThat(mbean.getSloGoals()[0].getOperation()).isEmpty();
  }

  @Test
  void withSeveralTenantsTheOneChangedKeepsItsOperationAndWeight() {
    loop.setSlos(java.util.List.of(new SloTarget("a", LatencyGoal.of(99, 100, OperationType.GET), 2),
        new SloTarget("b", LatencyGoal.of(99, 200), 1)));
    mbean.setLatencySlo("a", 99.9, 150);
    mbean.setLatencySlo("b", 99, 250);
    assertThat(mbean.getSlos()).containsExactly("a: p99.9 <= 150.0 ms (GET) weight 2.0", "b: p99.0 <= 250.0 ms");
  }

  @Test
  void overJmxTheOperationIsAnArgumentAndAFieldOfSloGoals() throws Exception {
    javax.management.MBeanServer server = javax.management.MBeanServerFactory.newMBeanServer();
    javax.management.ObjectName name = Controller.objectName(1);
    server.registerMBean(new javax.management.StandardMBean(mbean, ControllerMXBean.class, true), name);
    server.invoke(name, "setLatencySlo", new Object[] {"front", 99.0, 30.0, "get"},
        new String[] {"java.lang.String", "double", "double", "java.lang.String"});
    javax.management.openmbean.CompositeData[] goals =
        (javax.management.openmbean.CompositeData[]) server.getAttribute(name, "SloGoals");
    assertThat(goals[0].get("operation")).isEqualTo("GET");
    assertThat(goals[0].get("latencyMillis")).isEqualTo(30.0);
    server.invoke(name, "setLatencySlo", new Object[] {"front", 99.0, 35.0},
        new String[] {"java.lang.String", "double", "double"});
    assertThat(server.getAttribute(name, "Slo")).isEqualTo("p99.0 <= 35.0 ms (GET)");
  }

  @Test
  void beforeAnyDecisionEverySloTenantIsPublishedAsNotMeasured() {
    loop.setSlos(java.util.List.of(SloTarget.latency("b", 99, 100), SloTarget.latency("a", 99, 100)));
    assertThat(mbean.getSloMeasurements()).extracting(SloMeasurement::getTenant).containsExactly("a", "b");
    assertThat(mbean.getSloMeasurements()).allSatisfy(m -> assertThat(m.getMeasured()).isNaN());
    assertThat(new Controller(() -> null, () -> 1, () -> "", () -> "off").getSloMeasurements()).isEmpty();
  }

  @Test
  void pauseAndResume() {
    mbean.pause();
    assertThat(mbean.isPaused()).isTrue();
    mbean.resume();
    assertThat(mbean.isPaused()).isFalse();
    loop.close();
  }
}
