package io.cake.bench.report;

import java.io.File;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code ./cake-bench compare A/results.json B/results.json}: every figure the two files share,
 * side by side with the ratio B/A, row by row (policies, tenants' points, an experiment's summary).
 * A file from {@code --repeat} contributes its medians. Figures only one file has are listed apart,
 * so a renamed policy or a new figure is seen rather than silently dropped.
 */
public final class Compare {
  private Compare() {}

  public static String table(File a, File b) throws IOException {
    return table(Figures.read(a), Figures.read(b), a.getPath(), b.getPath());
  }

  static String table(Figures a, Figures b, String nameA, String nameB) {
    StringBuilder s = new StringBuilder();
    s.append("A: ").append(nameA).append("\nB: ").append(nameB).append("\n\n");
    s.append("| row | figure | A | B | B/A |\n|---|---|---:|---:|---:|\n");
    Set<String> rows = new LinkedHashSet<>(a.rows.keySet());
    rows.addAll(b.rows.keySet());
    StringBuilder onlyOne = new StringBuilder();
    for (String row : rows) {
      Map<String, Double> ra = a.rows.getOrDefault(row, Map.of());
      Map<String, Double> rb = b.rows.getOrDefault(row, Map.of());
      Set<String> figs = new LinkedHashSet<>(ra.keySet());
      figs.addAll(rb.keySet());
      for (String f : figs) {
        Double x = ra.get(f);
        Double y = rb.get(f);
        if (x == null || y == null) {
          onlyOne.append("- ").append(row).append(" ").append(f).append(": only in ").append(x == null ? "B" : "A").append('\n');
          continue;
        }
        s.append("| ").append(row).append(" | ").append(f).append(" | ").append(MarkdownReport.num(x)).append(" | ")
            .append(MarkdownReport.num(y)).append(" | ").append(ratio(x, y)).append(" |\n");
      }
    }
    if (onlyOne.length() > 0) {
      s.append("\nIn one file only:\n").append(onlyOne);
    }
    return s.toString();
  }

  private static String ratio(double a, double b) {
    if (a == 0) {
      return b == 0 ? "1" : "-";
    }
    return String.format(Locale.ROOT, "%.2f", b / a);
  }
}
