package io.cake.controller.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.ThroughputGoal;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ControllerConfigTest {

  @Test
  void defaultsAreThePapersAndOffUntilEnabled() {
    ControllerConfig c = ControllerConfig.parse(Map.of());
    assertThat(c.enabled()).isFalse();
    assertThat(c.slo()).isEmpty();
    assertThat(c.params().interval().toMillis()).isEqualTo(10_000);
    assertThat(c.params().highPerformance()).isEqualTo(1.2);
    assertThat(c.params().occupancyCoefficient()).isEqualTo(1.5);
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
        .hasMessageContaining("cake.controller.perf-high must be finite and >= cake.controller.perf-low");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.controller.pool-cap-factor", "1.5")))
        .hasMessageContaining("cake.controller.pool-cap-factor");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.controller.confidence", "0.3")))
        .hasMessageContaining("cake.controller.confidence must be in [0.5, 1)");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.controller.headroom", "0.5")))
        .hasMessageContaining("cake.controller.headroom must be 0 (off) or in [1, 10]");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.controller.headroom", "NaN")))
        .hasMessageContaining("cake.controller.headroom");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.slo.front.latency-ms", "-5")))
        .hasMessageContaining("cake.slo.front");
    assertThatThrownBy(
            () -> ControllerConfig.parse(Map.of("cake.slo.front.latency-ms", "5", "cake.slo.front.throughput", "5")))
        .hasMessageContaining("exactly one");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.slo.bad name.latency-ms", "5")))
        .hasMessageContaining("bad name");
    assertThatThrownBy(
            () -> ControllerConfig.parse(Map.of("cake.slo.a.latency-ms", "5", "cake.slo.b.latency-ms", "9")))
        .hasMessageContaining("one tenant");
    assertThatThrownBy(
            () -> ControllerConfig.parse(Map.of("cake.slo.front.latency-ms", "5", "cake.slo.front.latencyms", "9")))
        .hasMessageStartingWith("unknown key cake.slo.front.latencyms");
    assertThatThrownBy(() -> ControllerConfig.parse(Map.of("cake.slo.front.priority", "1")))
        .hasMessageContaining("unknown key cake.slo.front.priority");
  }
}
