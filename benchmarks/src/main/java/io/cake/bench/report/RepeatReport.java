package io.cake.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What {@code ./cake-bench --repeat N} writes once its runs are done: results.json (schema {@link
 * #SCHEMA}) and report.md with each figure's median and spread (min to max) over the runs. The
 * median, not the mean: one run in a noisy session should not move the headline. The runs' own
 * reports stay in run-1 .. run-N beside it.
 */
public final class RepeatReport {
  public static final String SCHEMA = "cake-bench-repeat/1";

  /** The policy table's columns: figure, heading, shown as a percentage. */
  private static final String[][] POLICY_COLUMNS = {
    {"p50_ms", "front-end p50 (ms)", ""}, {"p99_ms", "p99 (ms)", ""}, {"slo_ms", "SLO (ms)", ""},
    {"slo_met", "SLO met", "count"}, {"windows_met", "windows met after convergence", "%"},
    {"batch_ops_per_s", "batch scans/s", ""}, {"batch_of_isolated", "batch % of isolated", "%"},
  };

  private RepeatReport() {}

  /** One figure over the runs that measured it. */
  public record Stat(List<Double> values) {
    public double median() {
      List<Double> s = values.stream().sorted().toList();
      int n = s.size();
      return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
    }

    public double min() {
      return values.stream().mapToDouble(Double::doubleValue).min().orElse(Double.NaN);
    }

    public double max() {
      return values.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }
  }

  /** Row, figure, stat over {@code runs}, in the first run's order (rows a later run adds go last). */
  public static Map<String, Map<String, Stat>> aggregate(List<Figures> runs) {
    Map<String, Map<String, Stat>> out = new LinkedHashMap<>();
    for (Figures f : runs) {
      f.rows.forEach((row, figs) -> figs.forEach((fig, v) -> out.computeIfAbsent(row, k -> new LinkedHashMap<>())
          .computeIfAbsent(fig, k -> new Stat(new ArrayList<>())).values().add(v)));
    }
    return out;
  }

  /** Reads {@code dir}/run-1 .. run-{@code n}/results.json, writes {@code dir}/results.json and report.md. */
  public static void write(File dir, int n, String command) throws IOException {
    List<Figures> runs = new ArrayList<>();
    List<String> names = new ArrayList<>();
    JsonNode first = null;
    for (int i = 1; i <= n; i++) {
      File json = new File(new File(dir, "run-" + i), "results.json");
      JsonNode root = new ObjectMapper().readTree(json);
      first = first == null ? root : first;
      runs.add(Figures.of(root));
      names.add("run-" + i);
    }
    Map<String, Map<String, Stat>> stats = aggregate(runs);
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("schema", SCHEMA);
    root.put("repeat", n);
    root.put("command", command);
    root.put("runs", names);
    root.put("config", first == null ? null : first.path("config"));
    Map<String, Object> figures = new LinkedHashMap<>();
    stats.forEach((row, figs) -> {
      Map<String, Object> r = new LinkedHashMap<>();
      figs.forEach((fig, s) -> {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("median", RunSummary.round(s.median()));
        m.put("min", RunSummary.round(s.min()));
        m.put("max", RunSummary.round(s.max()));
        m.put("values", s.values().stream().map(RunSummary::round).toList());
        r.put(fig, m);
      });
      figures.put(row, r);
    });
    root.put("figures", figures);
    ResultsJson.write(root, new File(dir, "results.json"));
    Files.writeString(new File(dir, "report.md").toPath(), markdown(stats, n, command, first), StandardCharsets.UTF_8);
  }

  static String markdown(Map<String, Map<String, Stat>> stats, int n, String command, JsonNode first) {
    StringBuilder b = new StringBuilder();
    String title = first == null ? "" : first.path("config").path("title").asText("");
    b.append("# Cake benchmark").append(title.isEmpty() ? "" : ": " + title).append(", ").append(n)
        .append(" runs\n\n`").append(command).append("`\n\n");
    b.append("Each cell is the median of the ").append(n).append(" runs, with the spread (lowest to highest) in brackets;"
        + " SLO met counts the runs that met it. Each run's own report: ");
    for (int i = 1; i <= n; i++) {
      b.append(i == 1 ? "" : ", ").append("[run-").append(i).append("](run-").append(i).append("/report.md)");
    }
    b.append(".\n\n");
    if (first != null) {
      JsonNode disk = first.path("config").path("disk");
      b.append("Disk: ").append(disk.path("kind").asText("?")).append(". Scale: ")
          .append(first.path("config").path("scale").asText("?")).append(".\n\n");
    }
    List<String> policyRows = stats.keySet().stream().filter(r -> !r.equals("summary") && !r.startsWith("point ")).toList();
    if (!policyRows.isEmpty()) {
      b.append("| policy |");
      for (String[] c : POLICY_COLUMNS) {
        b.append(' ').append(c[1]).append(" |");
      }
      b.append("\n|---|").append("---:|".repeat(POLICY_COLUMNS.length)).append('\n');
      for (String row : policyRows) {
        b.append("| ").append(row).append(" |");
        for (String[] c : POLICY_COLUMNS) {
          Stat s = stats.get(row).get(c[0]);
          b.append(' ').append(s == null ? "-" : cell(s, c[2])).append(" |");
        }
        b.append('\n');
      }
      b.append('\n');
    }
    List<String> others = stats.keySet().stream().filter(r -> !policyRows.contains(r)).toList();
    if (!others.isEmpty()) {
      b.append("| row | figure | median (spread) |\n|---|---|---:|\n");
      for (String row : others) {
        stats.get(row).forEach((fig, s) -> b.append("| ").append(row).append(" | ").append(fig).append(" | ")
            .append(cell(s, "")).append(" |\n"));
      }
      b.append('\n');
    }
    return b.toString();
  }

  static String cell(Stat s, String kind) {
    if (kind.equals("count")) {
      long met = s.values().stream().filter(v -> v >= 1).count();
      return met + " of " + s.values().size();
    }
    boolean pct = kind.equals("%");
    String med = fmt(s.median(), pct);
    return s.values().size() < 2 || s.min() == s.max() ? med : med + " (" + fmt(s.min(), pct) + "-" + fmt(s.max(), pct) + ")";
  }

  private static String fmt(double v, boolean pct) {
    return pct ? String.format(Locale.ROOT, "%.0f%%", 100 * v) : MarkdownReport.num(v);
  }
}
