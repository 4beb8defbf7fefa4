package io.cake.bench;

import io.cake.bench.load.Phase;
import java.io.PrintStream;
import java.util.Locale;

/**
 * The live progress line on stderr: what runs, its clock, live numbers, elapsed and an estimate of
 * what is left. On a terminal the line is redrawn in place; otherwise a line is printed every 10 s.
 * Finished runs are logged as ordinary lines on stdout.
 */
final class Progress {
  private final boolean enabled;
  /** Where ./cake-bench puts the terminal's width (Java cannot ask the terminal). */
  static final String COLUMNS_PROPERTY = "cake.bench.columns";
  /** When the width is unknown. */
  static final int DEFAULT_WIDTH = 160;

  private final boolean tty = System.console() != null;
  private final int width = width(System.getProperty(COLUMNS_PROPERTY));
  private final PrintStream err = System.err;
  private final PrintStream out = System.out;
  private final long start = System.nanoTime();
  private double planned = 1;
  private long lastPrint;
  private int lastLength;
  private String status = "";

  Progress(boolean enabled) {
    this.enabled = enabled;
  }

  /**
   * The longest line that fits: one less than the terminal's columns, as a line filling the last
   * column wraps on many terminals and then each redraw starts a new line.
   */
  static int width(String columns) {
    try {
      int c = Integer.parseInt(columns == null ? "" : columns.trim());
      return c > 1 ? c - 1 : DEFAULT_WIDTH;
    } catch (NumberFormatException e) {
      return DEFAULT_WIDTH;
    }
  }

  void plan(double seconds) {
    planned = Math.max(1, seconds);
  }

  private double elapsed() {
    return (System.nanoTime() - start) / 1e9;
  }

  synchronized void status(String s) {
    status = s;
    draw(s, true);
  }

  synchronized void phase(String name, Phase.Live l) {
    String fe = l.feOps() > 0 ? String.format(Locale.ROOT, "fe %d ops p99 %.1f ms", l.feOps(), l.feP99Ms()) : "fe -";
    String line =
        String.format(
            Locale.ROOT,
            "%s %3.0f/%.0fs | %s | batch %d scans",
            name,
            Math.min(l.t(), l.length()),
            l.length(),
            fe,
            l.batchOps());
    draw(line, false);
  }

  private void draw(String what, boolean force) {
    if (!enabled) {
      return;
    }
    double e = elapsed();
    double left = Math.max(0, planned - e);
    String line =
        String.format(
            Locale.ROOT,
            "[cake-bench %s elapsed, ~%s left] %s",
            clock(e),
            clock(left),
            what);
    long now = System.nanoTime();
    if (tty) {
      if (line.length() > width) {
        line = line.substring(0, width);
      }
      String pad = lastLength > line.length() ? " ".repeat(lastLength - line.length()) : "";
      err.print("\r" + line + pad);
      err.flush();
      lastLength = line.length();
    } else if (force || now - lastPrint > 10_000_000_000L) {
      err.println(line);
      lastPrint = now;
    }
  }

  /** A permanent line (a finished run). */
  synchronized void log(String line) {
    if (tty && enabled && lastLength > 0) {
      err.print("\r" + " ".repeat(lastLength) + "\r");
      err.flush();
      lastLength = 0;
    }
    out.println(line);
    out.flush();
  }

  void done(double seconds) {
    log(String.format(Locale.ROOT, "cake-bench: finished in %s", clock(seconds)));
  }

  synchronized void finish() {
    if (tty && enabled && lastLength > 0) {
      err.println();
      lastLength = 0;
    }
  }

  static String clock(double s) {
    long t = Math.round(s);
    return String.format(Locale.ROOT, "%d:%02d", t / 60, t % 60);
  }
}
