package io.cake.cli.format;

import io.cake.cli.write.WriteResult;
import java.util.List;

/** What a write command did, one row per RegionServer. */
public final class WritesText {
  private WritesText() {}

  public static List<String> lines(List<WriteResult> results) {
    Table t = new Table().text("REGIONSERVER").text("RESULT");
    for (WriteResult r : results) {
      t.row(r.regionServer(), r.ok() ? r.state() : (r.attempted() ? "FAILED: " : "") + r.error());
    }
    return t.lines("");
  }
}
