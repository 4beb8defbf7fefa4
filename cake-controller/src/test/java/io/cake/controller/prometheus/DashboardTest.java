package io.cake.controller.prometheus;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The dashboard's JSON on its own: well formed, every query names only variables it defines, and
 * it shows what operators asked for. That each metric it reads is one the exporter rules produce
 * from real MBeans is checked by {@code ControllerClusterTest}, which has a cluster to scrape.
 */
class DashboardTest {
  private static final Pattern VARIABLE = Pattern.compile("\\$\\{?(\\w+)");
  private static final Set<String> GRAFANA_VARIABLES = Set.of("__rate_interval", "__interval", "__range");

  @Test
  void everyPanelQueriesPrometheusThroughTheDashboardsOwnVariables() throws Exception {
    Dashboard d = Dashboard.read(Dashboard.FILE);
    assertThat(d.root().path("uid").asText()).isEqualTo("cake-tenants");
    assertThat(d.variables()).contains("datasource", "instance", "tenant");
    Set<Integer> ids = new HashSet<>();
    for (JsonNode p : d.panels()) {
      assertThat(ids.add(p.path("id").asInt())).as("panel id %s unique", p.path("id")).isTrue();
      if (p.path("type").asText().equals("row")) {
        continue;
      }
      assertThat(p.path("datasource").path("uid").asText()).as(p.path("title").asText()).isEqualTo("${datasource}");
      assertThat(p.path("targets")).as(p.path("title").asText()).isNotEmpty();
    }
    List<Dashboard.Query> queries = d.queries();
    assertThat(queries).hasSizeGreaterThan(10);
    for (Dashboard.Query q : queries) {
      assertThat(q.expr()).as(q.panel()).isNotBlank();
      assertThat(PromQlNames.of(q.expr())).as("metrics read by %s: %s", q.panel(), q.expr()).isNotEmpty();
      Matcher m = VARIABLE.matcher(q.expr());
      while (m.find()) {
        assertThat(d.variables().contains(m.group(1)) || GRAFANA_VARIABLES.contains(m.group(1)))
            .as("variable $%s of %s is defined", m.group(1), q.panel())
            .isTrue();
      }
    }
  }

  @Test
  void itShowsSloSharesReservationsPoolOccupancyAndRejections() throws Exception {
    Dashboard d = Dashboard.read(Dashboard.FILE);
    assertThat(d.metricNames())
        .contains(
            "cake_operation_latency_p99_seconds",
            "cake_slo_target_seconds",
            "cake_slo_measured_seconds",
            "cake_slo_target_ops_per_second",
            "cake_slo_met",
            "cake_scheduler_enabled",
            "cake_controller_paused",
            "cake_scheduler_short_circuit_opens_total",
            "cake_scheduler_tenants_folded_total",
            "cake_tenant_share_weight",
            "cake_tenant_reserved_slots",
            "cake_scheduler_pool_size",
            "cake_tenant_queue_occupancy",
            "cake_tenant_rejections_total");
    // Any number of SLO tenants and every operation: no query pins one tenant's SLO or one operation.
    assertThat(d.queries()).noneMatch(q -> q.expr().contains("operation=\"") || q.expr().contains("cake_controller_slo_"));
  }

  @Test
  void promQlNamesAreTheMetricsNotTheFunctionsLabelsOrVariables() {
    assertThat(PromQlNames.of(
            "sum by (kind, tenant) (rate(cake_a_total{instance=~\"$instance\", tenant=\"x_y\"}[$__rate_interval]))"
                + " / on (instance) group_left (tenant) cake_b offset 5m > 0.5e3 and bool cake_c"))
        .containsExactly("cake_a_total", "cake_b", "cake_c");
    assertThat(PromQlNames.of("label_replace(up, \"a\", \"$1\", \"b\", \"(.*)\")")).containsExactly("up");
  }
}
