package io.cake.controller.jmx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.controller.config.SloTarget;
import io.cake.controller.loop.SecondLevelController;
import io.cake.controller.policy.ControllerParams;
import io.cake.controller.policy.SloDecider;
import org.junit.jupiter.api.Test;

/** The controller MBean's SLO attributes, as the cake CLI reads them (no schedulers needed). */
class ControllerTest {
  private final SecondLevelController loop =
      new SecondLevelController(() -> null, () -> null, new SloDecider(ControllerParams.DEFAULTS),
          SloTarget.latency("front", 99.9, 40));
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
  void aRefusedSloChangesNothing() {
    assertThatThrownBy(() -> mbean.setLatencySlo("front", 100, 10)).hasMessageContaining("percentile");
    assertThatThrownBy(() -> mbean.setLatencySlo("no such", 99, 10)).isInstanceOf(IllegalArgumentException.class);
    assertThat(mbean.getSlo()).isEqualTo("p99.9 <= 40.0 ms");
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
