package io.cake.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** --repeat's medians and spreads, compare's side by side and report.html, on hand-made results.json files. */
class RepeatReportTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** A consolidated results.json: isolated batch, and a cake-slo run whose name carries its SLO. */
  private static String run(double sloMs, double p99, double windows, double batch) {
    return "{\"schema\":\"cake-bench/1\",\"config\":{\"percentile\":99,\"scale\":\"default\",\"disk\":{\"kind\":\"memory\"}},"
        + "\"runs\":[{\"name\":\"isolated-batch\",\"slo_ms\":null,\"frontend\":null,\"batch\":{\"ops_per_s\":4.0,\"mb_per_s\":16,\"errors\":0}},"
        + "{\"name\":\"cake-slo-" + (long) sloMs + "\",\"slo_ms\":" + sloMs + ",\"frontend\":{\"p50_ms\":20,\"p99_ms\":" + p99
        + ",\"p999_ms\":300,\"server_p99_ms\":100,\"slo_window_fraction_met_after_convergence\":" + windows + "},"
        + "\"batch\":{\"ops_per_s\":" + batch + ",\"mb_per_s\":8,\"errors\":0}}]}";
  }

  private static void write(File dir, String name, String json) throws Exception {
    File d = new File(dir, name);
    Files.createDirectories(d.toPath());
    Files.writeString(new File(d, "results.json").toPath(), json);
  }

  @Test
  void mediansAndSpreadsLineUpRunsWhoseSloDiffers(@TempDir Path tmp) throws Exception {
    File dir = tmp.toFile();
    write(dir, "run-1", run(170, 150, 0.95, 2.0));
    write(dir, "run-2", run(180, 190, 0.80, 3.0));
    write(dir, "run-3", run(160, 140, 1.00, 2.4));

    RepeatReport.write(dir, 3, "./cake-bench --repeat 3");

    JsonNode root = JSON.readTree(new File(dir, "results.json"));
    assertThat(root.path("schema").asText()).isEqualTo(RepeatReport.SCHEMA);
    JsonNode p99 = root.path("figures").path("cake-slo").path("p99_ms");
    assertThat(p99.path("median").asDouble()).isEqualTo(150);
    assertThat(p99.path("min").asDouble()).isEqualTo(140);
    assertThat(p99.path("max").asDouble()).isEqualTo(190);
    // The second file's p99 (190) is over its SLO (180): two of three met.
    assertThat(root.path("figures").path("cake-slo").path("slo_met").path("values").toString()).isEqualTo("[1.0,0.0,1.0]");
    assertThat(root.path("figures").path("cake-slo").path("batch_of_isolated").path("median").asDouble()).isEqualTo(0.6);
    String md = Files.readString(new File(dir, "report.md").toPath());
    assertThat(md).contains("| cake-slo | 20.0 | 150 (140-190) | 170 (160-180) | 2 of 3 | 95% (80%-100%) | 2.40 (2.00-3.00) | 60% (50%-75%) |");
  }

  @Test
  void anEvenNumberOfRunsTakesTheMeanOfTheMiddleTwo() {
    assertThat(new RepeatReport.Stat(List.of(4.0, 1.0, 3.0, 2.0)).median()).isEqualTo(2.5);
  }

  @Test
  void compareSetsTheFiguresSideBySideAndReadsARepeatsMedians(@TempDir Path tmp) throws Exception {
    File dir = tmp.toFile();
    write(dir, "a", run(170, 100, 1.0, 2.0));
    write(dir, "rep/run-1", run(170, 200, 1.0, 3.0));
    write(dir, "rep/run-2", run(170, 300, 1.0, 3.0));
    RepeatReport.write(new File(dir, "rep"), 2, "x");

    String t = Compare.table(new File(dir, "a/results.json"), new File(dir, "rep/results.json"));

    assertThat(t).contains("| cake-slo | p99_ms | 100 | 250 | 2.50 |");
    assertThat(t).contains("| cake-slo | batch_ops_per_s | 2.00 | 3.00 | 1.50 |");
    assertThat(t).doesNotContain("only in");
  }

  @Test
  void compareListsFiguresOnlyOneFileHas() throws Exception {
    Figures a = Figures.of(JSON.readTree(run(170, 100, 1.0, 2.0)));
    Figures b = Figures.of(JSON.readTree("{\"runs\":[{\"name\":\"hbase-fifo\",\"frontend\":{\"p99_ms\":900}}]}"));
    assertThat(Compare.table(a, b, "a", "b")).contains("- hbase-fifo p99_ms: only in B").contains("- cake-slo p99_ms: only in A");
  }

  @Test
  void anExperimentsSummaryAndPointsAreFiguresToo() throws Exception {
    Figures f = Figures.of(JSON.readTree("{\"runs\":[],\"experiment\":{\"summary\":{\"cake_all_met\":true,\"slos_ms\":{\"a\":160}},"
        + "\"points\":[{\"run\":\"cake\",\"tenant\":\"a\",\"p99_ms\":120,\"label\":\"x\"}]}}"));
    assertThat(f.rows.get("summary")).containsEntry("cake_all_met", 1.0).containsEntry("slos_ms.a", 160.0);
    assertThat(f.rows.get("point cake / a")).containsOnlyKeys("p99_ms");
  }

  @Test
  void reportHtmlStandsAloneWithItsPlotsInlined(@TempDir Path tmp) throws Exception {
    File dir = tmp.toFile();
    byte[] png = {(byte) 0x89, 'P', 'N', 'G'};
    Files.write(new File(dir, "p99.png").toPath(), png);
    Files.writeString(new File(dir, "report.md").toPath(), "# T\n\n| a | b |\n|---|---:|\n| x | 1 |\n\n![p99.png](p99.png)\n");

    String html = Files.readString(HtmlReport.write(dir).toPath());

    assertThat(html).contains("<title>T</title>").contains("<table>").contains("<td>x</td>")
        .contains("src=\"data:image/png;base64,iVBORw==\"").doesNotContain("src=\"p99.png\"");
  }
}
