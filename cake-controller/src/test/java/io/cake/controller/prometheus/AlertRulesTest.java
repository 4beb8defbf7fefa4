package io.cake.controller.prometheus;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The alert rules file without a cluster: the alerts issue 57 asks for, each with an expression,
 * a severity and a summary, and Prometheus's own promtool evaluating them over series named as the
 * exporter names them. That those series exist is ControllerClusterTest's, on real MBeans.
 */
class AlertRulesTest {
  /** Set by .ci/run, which installs promtool: there its absence fails rather than skips. */
  private static final boolean REQUIRED = "1".equals(System.getenv("CAKE_REQUIRE_PROMTOOL"));

  @Test
  void promtoolFiresEachAlertOnTheSeriesItWatchesAndNoOther() throws Exception {
    java.util.Optional<java.nio.file.Path> promtool = java.util.stream.Stream.of(
            System.getenv("PATH").split(java.io.File.pathSeparator))
        .map(d -> java.nio.file.Path.of(d, "promtool")).filter(java.nio.file.Files::isExecutable).findFirst();
    if (REQUIRED) {
      assertThat(promtool).as("promtool (Debian's prometheus package), which CI installs").isPresent();
    }
    org.junit.jupiter.api.Assumptions.assumeTrue(promtool.isPresent(), "no promtool on PATH (apt-get install prometheus)");
    Process p = new ProcessBuilder(promtool.get().toString(), "test", "rules", "cake-alerts-test.yaml")
        .directory(AlertRules.FILE.getParent().toFile()).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8);
    assertThat(p.waitFor()).as(out).isZero();
    assertThat(out).contains("SUCCESS");
  }

  @Test
  void everyAlertHasAnExpressionASeverityAndASummary() throws Exception {
    List<AlertRules.Rule> rules = AlertRules.read(AlertRules.FILE);
    assertThat(rules).extracting(AlertRules.Rule::alert).containsExactly(
        "CakeSloMissed", "CakeControllerFailStatic", "CakeDataNodeUnpaired", "CakeKillSwitchOn", "CakeTenantsFolded");
    assertThat(rules).allSatisfy(r -> {
      assertThat(r.expr()).as(r.alert()).isNotBlank();
      assertThat(r.severity()).as(r.alert()).isIn("warning", "critical");
      assertThat(r.summary()).as(r.alert()).contains("{{ $labels.instance }}");
      assertThat(r.forDuration() == null || r.forDuration().matches("\\d+[smh]")).as(r.alert()).isTrue();
    });
    assertThat(AlertRules.metricNames(rules)).containsExactly(
        "cake_controller_failures_total", "cake_scheduler_enabled", "cake_scheduler_tenants_folded_total", "cake_slo_met");
  }
}
