package io.cake.sim.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.controller.policy.ControllerParams;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TuningTest {
  @Test
  void aControllerKeyIsParsedByTheControllersOwnValidator() {
    Tuning t = Tuning.of(Map.of("cake.controller.confidence", "0.5"));
    assertThat(t.params().confidence()).isEqualTo(0.5);
    assertThat(t.params().interval().toSeconds()).isEqualTo(Scenario.INTERVAL_S);
    assertThat(Tuning.SHIPPED.params().withInterval(ControllerParams.DEFAULTS.interval()))
        .isEqualTo(ControllerParams.DEFAULTS);
    assertThatThrownBy(() -> Tuning.of(Map.of("cake.controller.confidence", "2")))
        .hasMessageContaining("cake.controller.confidence");
  }

  @Test
  void keysTheSuiteCannotVaryAreRefusedByName() {
    for (String k : new String[] {"cake.controller.interval-ms", "cake.slo.a.latency-ms", "cake.hbase.handlers",
        "cake.controller.confidense"}) {
      assertThatThrownBy(() -> Tuning.of(Map.of(k, "1"))).hasMessageContaining(k);
    }
  }
}
