package io.cake.controller.config;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ConfigChangeTest {
  private static ControllerConfig cfg(String... kv) {
    return ControllerConfig.parse(ControllerFiles.file(kv));
  }

  @Test
  void theSameFileChangesNothing() {
    ConfigChange c = ConfigChange.between(cfg(), cfg("unrelated.key", "x"));
    assertThat(c.none()).isTrue();
    assertThat(c.restart()).isFalse();
    assertThat(c.slo()).isEmpty();
    assertThat(c.params()).isEmpty();
  }

  @Test
  void anSloOrARuleIsSetInPlace() {
    ConfigChange slo = ConfigChange.between(cfg(), cfg("cake.slo.front.latency-ms", "50"));
    assertThat(slo.restart()).isFalse();
    assertThat(slo.slo()).contains(SloTarget.latency("front", 99, 50));
    assertThat(slo.params()).isEmpty();

    ConfigChange rule = ConfigChange.between(cfg(), cfg("cake.controller.max-step", "0.2"));
    assertThat(rule.restart()).isFalse();
    assertThat(rule.slo()).isEmpty();
    assertThat(rule.params()).get().extracting(p -> p.maxStepFraction()).isEqualTo(0.2);
  }

  @Test
  void howOftenWhetherAndAgainstWhichDataNodeItRunsRestartsIt() {
    assertThat(ConfigChange.between(cfg(), cfg("cake.controller.enabled", "false")).restart()).isTrue();
    assertThat(ConfigChange.between(cfg(), cfg("cake.controller.interval-ms", "2000")).restart()).isTrue();
    assertThat(ConfigChange.between(cfg(), cfg("cake.slo.front.latency-ms", null)).restart()).isTrue();
    assertThat(ConfigChange.between(cfg(), cfg("cake.controller.hdfs.scheduler", "dn-1")).restart()).isTrue();
    assertThat(
            ConfigChange.between(
                    cfg(), cfg("cake.controller.hdfs.jmx-url", "service:jmx:rmi:///jndi/rmi://127.0.0.1:9999/jmxrmi"))
                .keys())
        .containsExactly("cake.controller.hdfs.jmx*");
  }
}
