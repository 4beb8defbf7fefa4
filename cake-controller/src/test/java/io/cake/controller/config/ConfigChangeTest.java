package io.cake.controller.config;

import io.cake.controller.policy.SloTarget;
import static org.assertj.core.api.Assertions.assertThat;

import io.cake.controller.policy.ControllerParams;
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
    assertThat(c.slos()).isEmpty();
    assertThat(c.params()).isEmpty();
  }

  @Test
  void anSloOrARuleIsSetInPlace() {
    ConfigChange slo = ConfigChange.between(cfg(), cfg("cake.slo.front.latency-ms", "50"));
    assertThat(slo.restart()).isFalse();
    assertThat(slo.slos()).contains(java.util.List.of(SloTarget.latency("front", 99, 50)));
    assertThat(slo.params()).isEmpty();

    ConfigChange onGets = ConfigChange.between(cfg(), cfg("cake.slo.front.operation", "get"));
    assertThat(onGets.restart()).as("the same tenant, its goal now on its gets").isFalse();
    assertThat(onGets.slos()).contains(java.util.List.of(new SloTarget("front",
        io.cake.core.tenant.LatencyGoal.of(99, 100, io.cake.core.tenant.OperationType.GET))));

    ConfigChange rule = ConfigChange.between(cfg(), cfg("cake.controller.perf-high", "1.5"));
    assertThat(rule.restart()).isFalse();
    assertThat(rule.slos()).isEmpty();
    assertThat(rule.params()).get().extracting(p -> p.highPerformance()).isEqualTo(1.5);
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

  @Test
  void aSecondSloTenantAWeightOrARuleIsSetInPlace() {
    String[] one = {}; // front alone
    String[] two = {"cake.slo.b.latency-ms", "200"};
    String[] twoWeighted = {"cake.slo.b.latency-ms", "200", "cake.slo.b.weight", "3"};
    // One controller for one tenant or many: a tenant joining or leaving is a change of SLOs.
    ConfigChange joined = ConfigChange.between(cfg(one), cfg(two));
    assertThat(joined.restart()).isFalse();
    assertThat(joined.slos()).get().extracting(java.util.List::size).isEqualTo(2);
    assertThat(ConfigChange.between(cfg(two), cfg(one)).restart()).isFalse();

    ConfigChange weight = ConfigChange.between(cfg(two), cfg(twoWeighted));
    assertThat(weight.restart()).isFalse();
    assertThat(weight.slos()).get().extracting(l -> l.get(0).weight()).isEqualTo(3.0);

    String[] twoStep = {"cake.slo.b.latency-ms", "200", "cake.controller.headroom", "3"};
    ConfigChange step = ConfigChange.between(cfg(two), cfg(twoStep));
    assertThat(step.restart()).isFalse();
    assertThat(step.slos()).isEmpty();
    assertThat(step.params()).get().extracting(ControllerParams::headroom).isEqualTo(3.0);
    assertThat(step.keys()).containsExactly("cake.controller.* rules");
  }
}
