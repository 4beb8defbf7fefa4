package io.cake.cli.format;

import io.cake.cli.status.SloRow;
import java.util.List;

/** {@code cake slo show} for people: one row per SLO tenant of each RegionServer's controller. */
public final class SloText {
  private SloText() {}

  public static List<String> lines(List<SloRow> rows) {
    Table t = new Table().text("REGIONSERVER").text("TENANT").text("SLO").number("MEASURED").text("MET")
        .text("CONTROLLER").text("LAST REASONS");
    for (SloRow r : rows) {
      if (r.error() != null) {
        t.row(r.regionServer(), "-", "-", "-", "-", "-", r.error()); // the reason in the last, unpadded column
        continue;
      }
      String measured = r.measured() == null ? null
          : ("ms".equals(r.unit()) ? Numbers.millis(r.measured()) : Numbers.rate(r.measured())) + " " + r.unit()
              + (r.measuredAt() == null ? "" : " at " + Numbers.percentile(r.measuredAt()));
      t.row(r.regionServer(), r.tenant(), r.slo(), measured, StatusText.verdict(r.met()),
          Boolean.TRUE.equals(r.paused()) ? "PAUSED" : "running", String.join("; ", r.lastReasons()));
    }
    return t.lines("");
  }
}
