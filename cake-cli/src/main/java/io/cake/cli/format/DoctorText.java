package io.cake.cli.format;

import io.cake.cli.doctor.Finding;
import io.cake.cli.doctor.Finding.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** {@code cake doctor} for people: each server's checks under its name, then the count. */
public final class DoctorText {
  private DoctorText() {}

  public static List<String> lines(List<Finding> findings) {
    List<String> out = new ArrayList<>();
    String subject = null;
    for (Finding f : findings) {
      if (!f.subject().equals(subject)) {
        if (subject != null) {
          out.add("");
        }
        subject = f.subject();
        out.add(subject);
      }
      out.add(String.format("  %-5s %-14s %s", mark(f.verdict()), f.check(), f.detail()));
    }
    Map<Verdict, Integer> counts = new TreeMap<>();
    findings.forEach(f -> counts.merge(f.verdict(), 1, Integer::sum));
    out.add("");
    out.add(findings.size() + " checks: " + counts.getOrDefault(Verdict.OK, 0) + " ok, "
        + counts.getOrDefault(Verdict.WARN, 0) + (counts.getOrDefault(Verdict.WARN, 0) == 1 ? " warning, " : " warnings, ") + counts.getOrDefault(Verdict.FAIL, 0) + " FAILED");
    return out;
  }

  private static String mark(Verdict v) {
    return switch (v) {
      case OK -> "ok";
      case WARN -> "warn";
      case FAIL -> "FAIL";
    };
  }
}
