package io.cake.controller.web;

import io.cake.controller.web.DecisionHistory.Sample;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/**
 * The allocation over the last hour as an inline SVG: one step line per SLO tenant, its share
 * (0 to 1) held from each decision to the next and up to now. Drawn on the server, so the page
 * needs no script and reads the same in any browser, a text one included (the table says it too).
 */
final class AllocationChart {
  static final int WIDTH = 640;
  static final int HEIGHT = 180;
  private static final int LEFT = 40;
  private static final int RIGHT = 10;
  private static final int TOP = 10;
  private static final int BOTTOM = 24;
  private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"};

  private AllocationChart() {}

  static String svg(List<Sample> samples, Instant now, Duration span) {
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT,
        "<svg id=\"allocation\" xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" role=\"img\""
            + " aria-label=\"each SLO tenant's share over the last %d minutes\">", WIDTH, HEIGHT, span.toMinutes()));
    for (double y : new double[] {0, 0.5, 1}) {
      out.append(String.format(Locale.ROOT,
          "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#ddd\"/>"
              + "<text x=\"%d\" y=\"%.1f\" font-size=\"10\" text-anchor=\"end\">%.1f</text>",
          LEFT, y(y), WIDTH - RIGHT, y(y), LEFT - 4, y(y) + 3, y));
    }
    out.append(String.format(Locale.ROOT,
        "<text x=\"%d\" y=\"%d\" font-size=\"10\">-%d min</text><text x=\"%d\" y=\"%d\" font-size=\"10\""
            + " text-anchor=\"end\">now</text>", LEFT, HEIGHT - 6, span.toMinutes(), WIDTH - RIGHT, HEIGHT - 6));
    int i = 0;
    for (Map.Entry<String, List<double[]>> line : lines(samples, now, span).entrySet()) {
      String colour = COLOURS[i++ % COLOURS.length];
      StringBuilder points = new StringBuilder();
      for (double[] p : line.getValue()) {
        points.append(String.format(Locale.ROOT, "%.1f,%.1f ", p[0], p[1]));
      }
      out.append("<polyline class=\"share\" data-tenant=\"").append(PageHtml.escape(line.getKey()))
          .append("\" fill=\"none\" stroke=\"").append(colour).append("\" stroke-width=\"1.5\" points=\"")
          .append(points.toString().trim()).append("\"/>");
      out.append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"%s\">%s</text>",
          LEFT + 6 + 110 * (i - 1), TOP + 12, colour, PageHtml.escape(line.getKey())));
    }
    return out.append("</svg>").toString();
  }

  /**
   * Per tenant, the step line's points in pixels: each share held until the decision that changed
   * it, the last until now; a decision that kept the share adds no point.
   */
  static Map<String, List<double[]>> lines(List<Sample> samples, Instant now, Duration span) {
    TreeSet<String> tenants = new TreeSet<>();
    samples.forEach(s -> tenants.addAll(s.shares().keySet()));
    Map<String, List<double[]>> out = new LinkedHashMap<>();
    for (String t : tenants) {
      List<double[]> points = new ArrayList<>();
      Double held = null;
      for (Sample s : samples) {
        Double share = s.shares().get(t);
        double x = x(s.at(), now, span);
        if (held != null && !held.equals(share)) {
          points.add(new double[] {x, y(held)}); // the step: the old share up to this decision
        }
        if (share != null && !share.equals(held)) {
          points.add(new double[] {x, y(share)});
        }
        held = share;
      }
      if (held != null) {
        points.add(new double[] {x(now, now, span), y(held)});
      }
      out.put(t, points);
    }
    return out;
  }

  private static double x(Instant at, Instant now, Duration span) {
    double before = Duration.between(at, now).toMillis() / (double) span.toMillis();
    double fraction = 1 - Math.max(0, Math.min(1, before));
    return LEFT + fraction * (WIDTH - LEFT - RIGHT);
  }

  private static double y(double share) {
    double s = Math.max(0, Math.min(1, share));
    return TOP + (1 - s) * (HEIGHT - TOP - BOTTOM);
  }
}
