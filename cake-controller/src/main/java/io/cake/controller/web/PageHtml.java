package io.cake.controller.web;

import io.cake.controller.web.CakePage.DecisionRow;
import io.cake.controller.web.CakePage.TenantRow;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import org.apache.hbase.thirdparty.com.google.common.html.HtmlEscapers;

/**
 * Draws {@link CakePage} as one self-contained HTML document: no script, no file beside it, in the
 * plain style of HBase's own status pages. It refreshes itself every controller interval. Every
 * string from outside (tenant names, reasons, errors) is escaped.
 */
public final class PageHtml {
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneOffset.UTC);

  private PageHtml() {}

  public static String render(CakePage p) {
    StringBuilder h = new StringBuilder(8192);
    long refresh = Math.max(1, p.interval().toSeconds());
    h.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<meta http-equiv=\"refresh\" content=\"").append(refresh).append("\">")
        .append("<title>Cake on ").append(escape(p.server())).append("</title><style>")
        .append("body{font-family:sans-serif;margin:1em 2em}table{border-collapse:collapse;margin-bottom:1em}")
        .append("th,td{border:1px solid #ccc;padding:2px 6px;text-align:right}th{background:#eee}")
        .append("td.t{text-align:left}.met{color:#2a7d2a}.missed{color:#c00;font-weight:bold}")
        .append("</style></head><body>");
    h.append("<h1>Cake on ").append(escape(p.server())).append("</h1>");
    h.append("<p id=\"summary\">Cake ").append(escape(p.version())).append(" &middot; scheduler: ")
        .append(escape(p.scheduler())).append(" &middot; controller: <span id=\"controller\">")
        .append(escape(p.controller())).append("</span> &middot; ").append(TIME.format(p.now())).append(" UTC</p>");
    if (!p.configurationError().isEmpty()) {
      h.append("<p class=\"missed\" id=\"configuration-error\">configuration refused: ")
          .append(escape(p.configurationError())).append("</p>");
    }
    tenants(h, p);
    h.append("<h2>Allocation, last ").append(DecisionHistory.SPAN.toMinutes()).append(" minutes</h2>");
    if (p.allocation().isEmpty()) {
      h.append("<p>no decision in the last hour</p>");
    } else {
      h.append(AllocationChart.svg(p.allocation(), p.now(), DecisionHistory.SPAN));
    }
    decisions(h, p);
    return h.append("</body></html>").toString();
  }

  private static void tenants(StringBuilder h, CakePage p) {
    h.append("<h2>Tenants</h2>");
    if (p.tenants().isEmpty()) {
      h.append("<p>no tenant in the scheduler's last interval</p>");
      return;
    }
    h.append("<table id=\"tenants\"><tr><th>tenant</th><th>share</th><th>reserved</th><th>DataNode share</th>")
        .append("<th>DataNode reserved</th><th>queued</th><th>ops/s</th><th>p50 ms</th><th>p99 ms</th>")
        .append("<th>p99.9 ms</th><th>SLO</th><th>measured</th><th>met</th></tr>");
    for (TenantRow t : p.tenants()) {
      h.append("<tr data-tenant=\"").append(escape(t.tenant())).append("\"><td class=\"t\">").append(escape(t.tenant()))
          .append("</td>").append(cell(fraction(t.share()))).append(cell(Integer.toString(t.reserved())))
          .append(cell(fraction(t.dataNodeShare())))
          .append(cell(t.dataNodeReserved() < 0 ? "-" : Integer.toString(t.dataNodeReserved())))
          .append(cell(Integer.toString(t.queued()))).append(cell(number(t.opsPerSecond(), "%.1f")))
          .append(cell(number(t.p50Ms(), "%.1f"))).append(cell(number(t.p99Ms(), "%.1f")))
          .append(cell(number(t.p999Ms(), "%.1f"))).append("<td class=\"t\">").append(escape(t.goal()))
          .append("</td><td class=\"t\">").append(escape(t.measured())).append("</td>").append(met(t.met()))
          .append("</tr>");
    }
    h.append("</table>");
  }

  private static void decisions(StringBuilder h, CakePage p) {
    h.append("<h2>Last ").append(DecisionHistory.DECISIONS).append(" decisions</h2>");
    if (p.decisions().isEmpty()) {
      h.append("<p>no decision yet</p>");
      return;
    }
    h.append("<table id=\"decisions\"><tr><th>time (UTC)</th><th>interval</th><th>decision and reasons</th></tr>");
    for (DecisionRow d : p.decisions()) {
      h.append("<tr><td>").append(TIME.format(d.at())).append("</td><td>").append(d.tick())
          .append("</td><td class=\"t\">");
      if (d.reasons().isEmpty()) {
        h.append(escape(d.summary()));
      } else {
        h.append("<ul>");
        d.reasons().forEach(r -> h.append("<li>").append(escape(r)).append("</li>"));
        h.append("</ul>");
      }
      h.append("</td></tr>");
    }
    h.append("</table>");
  }

  private static String cell(String text) {
    return "<td>" + escape(text) + "</td>";
  }

  private static String met(double met) {
    if (Double.isNaN(met)) {
      return "<td class=\"t\">-</td>";
    }
    return met >= 1 ? "<td class=\"t met\">met</td>" : "<td class=\"t missed\">MISSED</td>";
  }

  private static String fraction(double f) {
    return Double.isNaN(f) ? "-" : String.format(Locale.ROOT, "%.1f%%", f * 100);
  }

  private static String number(double v, String format) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, format, v);
  }

  /** The text with HTML's special characters escaped, for element content and quoted attributes. */
  static String escape(String s) {
    // HBase's own shaded Guava, on every RegionServer's classpath: nothing to ship.
    return s == null ? "" : HtmlEscapers.htmlEscaper().escape(s);
  }
}
