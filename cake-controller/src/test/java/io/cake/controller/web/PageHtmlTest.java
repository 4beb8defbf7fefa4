package io.cake.controller.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.controller.web.CakePage.DecisionRow;
import io.cake.controller.web.CakePage.TenantRow;
import io.cake.controller.web.DecisionHistory.Sample;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PageHtmlTest {
  private static final Instant NOW = Instant.parse("2026-12-07T12:00:00Z");

  private static CakePage page(List<TenantRow> tenants, List<DecisionRow> decisions, List<Sample> samples,
      String error) {
    return new CakePage("rs1.example:16020", "0.1.0", NOW, "on, hbase-16020", "running every 10.0 s, 0 failed intervals",
        error, Duration.ofSeconds(10), tenants, decisions, samples);
  }

  @Test
  void showsEveryTenantWithItsNumbersAndWhetherItsSloWasMet() {
    String html = PageHtml.render(page(List.of(
        new TenantRow("front", 0.62, 2, 0.62, 1, 3, 150.0, 4.0, 41.5, 60.0, "p99<=50ms", "41.5 ms at p99.00", 1),
        new TenantRow("late", 0.2, 0, 0.2, 0, 0, 10.0, 4.0, 80.0, 90.0, "p99<=50ms", "80.0 ms at p99.00", 0),
        new TenantRow("batch", 0.18, 0, Double.NaN, -1, 12, 5.0, 90.0, 300.0, Double.NaN, "", "", Double.NaN)),
        List.of(), List.of(), ""));
    assertThat(html).contains("<tr data-tenant=\"front\"><td class=\"t\">front</td><td>62.0%</td><td>2</td>"
        + "<td>62.0%</td><td>1</td><td>3</td><td>150.0</td><td>4.0</td><td>41.5</td><td>60.0</td>");
    assertThat(html).contains("41.5 ms at p99.00</td><td class=\"t met\">met</td>");
    assertThat(html).contains("80.0 ms at p99.00</td><td class=\"t missed\">MISSED</td>");
    assertThat(html).contains("<td>18.0%</td><td>0</td><td>-</td><td>-</td>");
    assertThat(html).contains("<meta http-equiv=\"refresh\" content=\"10\">");
    assertThat(html).contains("no decision yet").contains("no decision in the last hour");
  }

  @Test
  void textFromOutsideIsEscaped() {
    String hostile = "<script>alert('x')</script>&\"";
    String html = PageHtml.render(page(List.of(), List.of(new DecisionRow(NOW, 7, hostile, List.of(hostile))),
        List.of(), hostile));
    assertThat(html).doesNotContain("<script>");
    assertThat(html).contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;");
    assertThat(html).contains("id=\"configuration-error\"");
  }

  @Test
  void listsDecisionsWithTheirReasonsAndAFailureWithItsSummary() {
    String html = PageHtml.render(page(List.of(), List.of(
        new DecisionRow(NOW, 12, "failed, allocation kept: DataNode scheduler not reachable", List.of()),
        new DecisionRow(NOW.minusSeconds(10), 11, "front: ... | others held",
            List.of("front: p99<=50ms measured p99.00=41.5 -> share=62.0%: kept", "others held to 0.50 handlers each"))),
        List.of(), ""));
    assertThat(html).contains("<td>12:00:00</td><td>12</td><td class=\"t\">failed, allocation kept: DataNode"
        + " scheduler not reachable</td>");
    assertThat(html).contains("<td>11:59:50</td><td>11</td><td class=\"t\"><ul><li>front: p99&lt;=50ms measured");
    assertThat(html).contains("<li>others held to 0.50 handlers each</li></ul>");
  }

  @Test
  void theChartHoldsEachShareUntilADecisionChangesItAndUpToNow() {
    List<Sample> samples = List.of(
        new Sample(NOW.minus(Duration.ofMinutes(60)), Map.of("front", 0.0)),
        new Sample(NOW.minus(Duration.ofMinutes(30)), Map.of("front", 1.0, "back", 0.5)),
        new Sample(NOW.minus(Duration.ofMinutes(10)), Map.of("front", 1.0, "back", 0.5)));
    Map<String, List<double[]>> lines = AllocationChart.lines(samples, NOW, DecisionHistory.SPAN);
    // x runs from 40 (an hour ago) to 630 (now); y from 156 (share 0) to 10 (share 1).
    assertThat(lines.get("front")).containsExactly(
        new double[] {40, 156}, new double[] {335, 156}, new double[] {335, 10}, new double[] {630, 10});
    assertThat(lines.get("back")).containsExactly(new double[] {335, 83}, new double[] {630, 83});

    String html = PageHtml.render(page(List.of(), List.of(), samples, ""));
    assertThat(html).contains("data-tenant=\"front\" fill=\"none\" stroke=\"#d62728\" stroke-width=\"1.5\""
        + " points=\"40.0,156.0 335.0,156.0 335.0,10.0 630.0,10.0\"");
    assertThat(html).contains("data-tenant=\"back\"");
  }
}
