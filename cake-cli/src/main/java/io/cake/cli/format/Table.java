package io.cake.cli.format;

import java.util.ArrayList;
import java.util.List;

/**
 * A plain text table for people: a header row, columns two spaces apart, text left-aligned and
 * numbers right-aligned, no trailing spaces.
 */
public final class Table {
  private final List<String> headers = new ArrayList<>();
  private final List<Boolean> right = new ArrayList<>();
  private final List<List<String>> rows = new ArrayList<>();

  public Table text(String header) {
    return column(header, false);
  }

  public Table number(String header) {
    return column(header, true);
  }

  private Table column(String header, boolean alignRight) {
    if (!rows.isEmpty()) {
      throw new IllegalStateException("columns come before rows");
    }
    headers.add(header);
    right.add(alignRight);
    return this;
  }

  public Table row(String... cells) {
    if (cells.length != headers.size()) {
      throw new IllegalArgumentException(headers.size() + " columns, " + cells.length + " cells");
    }
    List<String> r = new ArrayList<>();
    for (String c : cells) {
      r.add(c == null ? "-" : c);
    }
    rows.add(r);
    return this;
  }

  public boolean isEmpty() {
    return rows.isEmpty();
  }

  /** The table's lines, each prefixed by {@code indent}. */
  public List<String> lines(String indent) {
    int[] width = new int[headers.size()];
    for (int c = 0; c < width.length; c++) {
      width[c] = headers.get(c).length();
      for (List<String> r : rows) {
        width[c] = Math.max(width[c], r.get(c).length());
      }
    }
    List<String> out = new ArrayList<>();
    out.add(line(indent, headers, width));
    for (List<String> r : rows) {
      out.add(line(indent, r, width));
    }
    return out;
  }

  private String line(String indent, List<String> cells, int[] width) {
    StringBuilder sb = new StringBuilder(indent);
    for (int c = 0; c < cells.size(); c++) {
      String v = cells.get(c);
      String pad = " ".repeat(width[c] - v.length());
      if (c > 0) {
        sb.append("  ");
      }
      sb.append(right.get(c) ? pad + v : v + pad);
    }
    return sb.toString().stripTrailing();
  }
}
