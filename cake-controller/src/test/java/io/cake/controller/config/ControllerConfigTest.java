package io.cake.controller.config;

import io.cake.controller.policy.SloTarget;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.OperationType;
import io.cake.core.tenant.ByteThroughputGoal;
import io.cake.core.tenant.ThroughputGoal;
import java.util.Map;
import io.cake.controller.policy.ControllerParams;
import org.junit.jupiter.api.Test;

class ControllerConfigTest {

  @Test
  void defaultsAreThePapersAndOffUntilEnabled() {
    ControllerConfig c = ControllerConfig.parse(Map.of());
    assertThat(c.enabled()).isFalse();
    assertThat(c.slo()).isEmpty();
    assertThat(c.params().interval().toMillis()).isEqualTo(10_000);
    assertThat(c.params().highPerformance()).isEqualTo(1.2);
    assertThat(c.params().occupancyCoefficient()).as("the paper's, not a key").isEqualTo(1.5);
    assertThat(c.params().poolCapFactor()).as("beyond the paper, on by default").isEqualTo(0.75);
    assertThat(ControllerConfig.parse(Map.of("cake.controller.pool-cap-factor", "0")).params().poolCapFactor()).isZero();
  }

  @Test
  void readsALatencyOrAThroughputSlo() {
    ControllerConfig c =
        ControllerConfig.parse(
            Map.of(
                "cake.controller.enabled", "true",
                "cake.controller.interval-ms", "2000",
                "cake.slo.front.latency-ms", "100",
                "cake.slo.front.percentile", "99.9"));
    assertThat(c.enabled()).isTrue();
    assertThat(c.params().interval().toMillis()).isEqualTo(2000);
    assertThat(c.slo().orElseThrow().tenant()).isEqualTo("front");
    assertThat(c.slo().orElseThrow().goal()).isEqualTo(LatencyGoal.of(99.9, 100));

    ControllerConfig t = ControllerConfig.parse(Map.of("cake.slo.etl.throughput", "500"));
    assertThat(t.slo().orElseThrow().goal()).isEqualTo(new ThroughputGoal(500));
  }

  @Test
  void readsAnMbPerSecondSlo() {
    ControllerConfig c = ControllerConfig.parse(Map.of("cake.slo.etl.throughput-mb", " 50 "));
    assertThat(c.slo().orElseThrow().goal()).isEqualTo(new ByteThroughputGoal(50));
    assertThat(c.slo().orElseThrow().toString()).isEqualTo("etl: >= 50.0 MB/s");
    ControllerConfig many = ControllerConfig.parse(Map.of(
        "cake.slo.etl.throughput-mb", "0.5", "cake.slo.etl.weight", "2", "cake.slo.front.latency-ms", "100"));
    assertThat(many.slos()).containsExactly(
        new SloTarget("etl", new ByteThroughputGoal(0.5), 2), SloTarget.latency("front", 99, 100));
  }

  @Test
  void aBadOrConflictingMbPerSecondSloIsRefusedNamingTheKey() {
    for (String bad : new String[] {"0", "-1", "NaN", "Infinity", "", " "}) {
      assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.slo.etl.throughput-mb", bad)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("cake.slo.etl.throughput-mb: megabytesPerSecond must be a positive finite number");
    }
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.slo.etl.throughput-mb", "fast")))
        .hasMessageStartingWith("cake.slo.etl.throughput-mb must be a number");
    for (String other : new String[] {"latency-ms", "throughput"}) {
      assertThatThrownBy(() -> ControllerConfig.parse(
              Map.of("cake.slo.etl.throughput-mb", "50", "cake.slo.etl." + other, "100")))
          .hasMessageContaining("exactly one of")
          .hasMessageContaining("has cake.slo.etl." + other + " and cake.slo.etl.throughput-mb");
    }
    assertThatThrownBy(() -> ControllerConfig.parse(
            Map.of("cake.slo.etl.throughput-mb", "50", "cake.slo.etl.percentile", "99")))
        .hasMessage("cake.slo.etl.percentile is for a latency SLO, but tenant 'etl' has cake.slo.etl.throughput-mb");
    assertThatThrownBy(() -> ControllerConfig.parse(
            Map.of("cake.slo.etl.throughput-mb", "50", "cake.slo.etl.operation", "scan")))
        .hasMessageStartingWith("cake.slo.etl.operation is for a latency SLO, but tenant 'etl' has cake.slo.etl.throughput-mb");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.slo.etl.throughput-mbps", "50")))
        .hasMessageStartingWith("unknown key cake.slo.etl.throughput-mbps")
        .hasMessageContaining(".throughput-mb");
  }

  @Test
  void badValuesAreRefusedNamingTheKey() {
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.controller.interval-ms", "ten")))
        .hasMessageContaining("cake.controller.interval-ms");
    for (String junk : new String[] {"yes", "ture", "1", "", "  "}) {
      assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.controller.enabled", junk)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("cake.controller.enabled")
          .hasMessageContaining("'" + junk + "'");
    }
    assertThat(ControllerConfig.parse(Map.of("cake.controller.enabled", " TRUE ")).enabled()).isTrue();
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.controller.perf-high", "0.5")))
        .hasMessageContaining("cake.controller.perf-high must be finite and at least 1.0 (the SLO), got 0.5");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.controller.pool-cap-factor", "1.5")))
        .hasMessageContaining("cake.controller.pool-cap-factor");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.controller.confidence", "0.3")))
        .hasMessageContaining("cake.controller.confidence must be in [0.5, 1)");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.controller.headroom", "0.5")))
        .hasMessageContaining("cake.controller.headroom must be 0 (off) or in [1, 10]");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.controller.headroom", "NaN")))
        .hasMessageContaining("cake.controller.headroom");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.controller.lanes", "0.5")))
        .hasMessageContaining("cake.controller.lanes must be 0 (off) or in [1, 10]");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.controller.lanes", "two")))
        .hasMessageContaining("cake.controller.lanes");
    assertThat(ControllerConfig.parse(Map.of("cake.controller.lanes", "0")).params().lanes()).isZero();
    assertThat(ControllerConfig.parse(Map.of()).params().lanes()).isEqualTo(2.0);
    assertThat(ControllerConfig.parse(Map.of()).params().tailIntervals()).isEqualTo(2);
    assertThat(ControllerConfig.parse(Map.of()).params().fillReservedSlots()).isTrue();
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.slo.front.latency-ms", "-5")))
        .hasMessageContaining("cake.slo.front");
    assertThatThrownBy(
            () -> ControllerConfig.parse(Map.of("cake.slo.front.latency-ms", "5", "cake.slo.front.throughput", "5")))
        .hasMessageContaining("exactly one");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.slo.bad name.latency-ms", "5")))
        .hasMessageContaining("bad name");
    assertThatThrownBy(
            () -> ControllerConfig.parse(Map.of("cake.slo.front.latency-ms", "5", "cake.slo.front.latencyms", "9")))
        .hasMessageStartingWith("unknown key cake.slo.front.latencyms");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.slo.front.priority", "1")))
        .hasMessageContaining("unknown key cake.slo.front.priority");
  }

  @Test
  void readsSeveralSloTenantsWithWeightsInNameOrder() {
    ControllerConfig c = ControllerConfig.parse(Map.of(
        "cake.slo.b.latency-ms", "195",
        "cake.slo.a.latency-ms", "130",
        "cake.slo.c.latency-ms", "260", "cake.slo.c.percentile", "99.9", "cake.slo.c.weight", "2",
        "cake.slo.etl.throughput", "40"));
    assertThat(c.slos()).containsExactly(
        new SloTarget("a", LatencyGoal.of(99, 130), 1),
        new SloTarget("b", LatencyGoal.of(99, 195), 1),
        new SloTarget("c", LatencyGoal.of(99.9, 260), 2),
        new SloTarget("etl", new ThroughputGoal(40), 1));
    assertThat(c.params()).as("one set of rules, whatever the number of tenants").isEqualTo(ControllerParams.DEFAULTS);
  }

  @Test
  void theRemovedKeysOfTheControllerForSeveralTenantsAreRefusedByNameSayingWhatReplacedThem() {
    assertThat(ControllerConfig.REMOVED_KEYS).hasSize(21).allSatisfy((k, why) -> {
      assertThat(k).startsWith("cake.controller.");
      assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.slo.a.latency-ms", "5", k, "1")))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith(k + " was removed: ").hasMessageContaining("delete it from hbase-site.xml");
    });
  }

  @Test
  void badTenantDefinitionsAreRefusedNamingTheKey() {
    for (String w : new String[] {"0", "-1", "NaN", "Infinity", "heavy"}) {
      assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.slo.a.latency-ms", "5", "cake.slo.a.weight", w)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("cake.slo.a.weight");
    }
    for (String p : new String[] {"0", "100", "-3", "101"}) {
      assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.slo.a.latency-ms", "5", "cake.slo.a.percentile", p)))
          .hasMessageContaining("cake.slo.a").hasMessageContaining("percentile must be in (0, 100)");
    }
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.slo.a.throughput", "0")))
        .hasMessageContaining("cake.slo.a");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.slo.a.throughput", "5", "cake.slo.a.percentile", "99")))
        .hasMessageContaining("cake.slo.a.percentile is for a latency SLO");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.slo.a.weight", "2")))
        .hasMessageContaining("exactly one of cake.slo.a.latency-ms, cake.slo.a.throughput and cake.slo.a.throughput-mb");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.slo.a.latency-ms", "5", "cake.slo.a.goal", "p99")))
        .hasMessageContaining("unknown key cake.slo.a.goal");
  }

  @Test
  void aLatencySloMayBeOnOneOperationsCallsAndIsOnEveryCallByDefault() {
    assertThat(ControllerConfig.DEFAULT_OPERATION).isEmpty();
    assertThat(ControllerConfig.parse(Map.of("cake.slo.front.latency-ms", "100")).slo().orElseThrow().goal())
        .as("no .operation: every call").isEqualTo(LatencyGoal.of(99, 100));
    ControllerConfig c = ControllerConfig.parse(Map.of(
        "cake.slo.front.latency-ms", "100", "cake.slo.front.operation", " Get ",
        "cake.slo.etl.latency-ms", "900", "cake.slo.etl.percentile", "99.9", "cake.slo.etl.operation", "SCAN",
        "cake.slo.w.latency-ms", "50", "cake.slo.w.operation", "mutation", "cake.slo.w.weight", "2",
        "cake.slo.x.latency-ms", "50", "cake.slo.x.operation", "other"));
    assertThat(c.slos()).containsExactly(
        new SloTarget("etl", LatencyGoal.of(99.9, 900, OperationType.SCAN), 1),
        new SloTarget("front", LatencyGoal.of(99, 100, OperationType.GET), 1),
        new SloTarget("w", LatencyGoal.of(99, 50, OperationType.MUTATION), 2),
        new SloTarget("x", LatencyGoal.of(99, 50, OperationType.OTHER), 1));
    assertThat(c.slos().get(1).toString()).isEqualTo("front: p99.0 <= 100.0 ms (GET)");
  }

  @Test
  void aBadOperationIsRefusedNamingTheKey() {
    for (String junk : new String[] {"gets", "put", "all", "", "  "}) {
      assertThatThrownBy(() -> ControllerConfig.parse(
              Map.of("cake.slo.front.latency-ms", "100", "cake.slo.front.operation", junk)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("cake.slo.front.operation must be get, scan, mutation or other, got '" + junk + "'");
    }
    assertThatThrownBy(() -> ControllerConfig.parse(
            Map.of("cake.slo.etl.throughput", "500", "cake.slo.etl.operation", "scan")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("cake.slo.etl.operation is for a latency SLO")
        .hasMessageContaining("cake.slo.etl.throughput")
        .hasMessageContaining("not one operation's");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.slo.front.operation", "get")))
        .as("an operation alone is no goal")
        .hasMessageContaining("exactly one of cake.slo.front.latency-ms, cake.slo.front.throughput and cake.slo.front.throughput-mb");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.slo.front.latency-ms", "5", "cake.slo.front.operations", "get")))
        .hasMessageStartingWith("unknown key cake.slo.front.operations")
        .hasMessageContaining(".operation");
  }
}
