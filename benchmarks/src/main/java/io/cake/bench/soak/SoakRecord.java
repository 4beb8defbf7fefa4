package io.cake.bench.soak;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The soak's minutes, each daemon's figures and the clients' counts, and the verdict on them. */
final class SoakRecord {
  private static final String[] METRICS = {"heap_mb", "old_gen_after_gc_mb", "threads", "cake_mbeans", "series"};

  private final List<DaemonProbe> probes;
  private final List<Integer> minutes = new ArrayList<>();
  private final Map<String, List<Double>> series = new LinkedHashMap<>();
  private final List<long[]> calls = new ArrayList<>(); // sent, completed, refused, names
  private long sent;
  private long completed;
  private long refused;
  private Map<String, Long> refusedBy = Map.of();
  private final List<String> grew = new ArrayList<>();

  SoakRecord(List<DaemonProbe> probes) {
    this.probes = probes;
    for (DaemonProbe p : probes) {
      for (String m : METRICS) {
        series.put(p.name() + "." + m, new ArrayList<>());
      }
    }
  }

  void sample(int minute, SoakLoad load) {
    minutes.add(minute);
    for (DaemonProbe p : probes) {
      DaemonProbe.Sample s = p.sample();
      double[] v = {s.heapMb(), s.oldGenAfterGcMb(), s.threads(), s.cakeMBeans(), s.series()};
      for (int i = 0; i < METRICS.length; i++) {
        series.get(p.name() + "." + METRICS[i]).add(v[i]);
      }
    }
    calls.add(new long[] {load.sent.sum(), load.completed.sum(), load.refusedTotal(), load.namesUsed()});
  }

  String lastLine() {
    int k = minutes.size() - 1;
    StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "soak: minute %d: calls %d sent, %d refused, %d names;",
        minutes.get(k), calls.get(k)[0], calls.get(k)[2], calls.get(k)[3]));
    for (DaemonProbe p : probes) {
      b.append(String.format(Locale.ROOT, " %s heap %.0f MB threads %.0f mbeans %.0f series %.0f;", p.name(),
          value(p, "heap_mb", k), value(p, "threads", k), value(p, "cake_mbeans", k), value(p, "series", k)));
    }
    return b.toString();
  }

  private double value(DaemonProbe p, String metric, int k) {
    return series.get(p.name() + "." + metric).get(k);
  }

  void finish(SoakLoad load) {
    sent = load.sent.sum();
    completed = load.completed.sum();
    refused = load.refusedTotal();
    refusedBy = load.refused();
  }

  long lost() {
    return sent - completed - refused;
  }

  String csv() {
    StringBuilder b = new StringBuilder("minute,calls_sent,calls_completed,calls_refused,tenant_names");
    series.keySet().forEach(k -> b.append(',').append(k));
    b.append('\n');
    for (int k = 0; k < minutes.size(); k++) {
      long[] c = calls.get(k);
      b.append(minutes.get(k)).append(',').append(c[0]).append(',').append(c[1]).append(',').append(c[2]).append(',').append(c[3]);
      for (List<Double> s : series.values()) {
        b.append(',').append(Double.isNaN(s.get(k)) ? "" : String.format(Locale.ROOT, "%.1f", s.get(k)));
      }
      b.append('\n');
    }
    return b.toString();
  }

  /** The Markdown verdict; fills {@link #passed}. */
  String verdict(Map<String, Double> slack, String restarted, String restartResult) {
    grew.clear();
    StringBuilder b = new StringBuilder("# Soak\n\n");
    b.append(String.format(Locale.ROOT, "%d minutes; %s restarted at minute %d: %s.%n%n", minutes.size(), restarted,
        Math.max(1, minutes.size() / 3), restartResult.lines().findFirst().orElse("?")));
    b.append(String.format(Locale.ROOT, "Calls: %d sent, %d completed, %d refused %s, **%d lost**.%n%n",
        sent, completed, refused, refusedBy, lost()));
    b.append("| series | first third, max | middle third, max | last third, max | grows |\n|---|---:|---:|---:|---|\n");
    series.forEach((name, xs) -> {
      String metric = name.substring(name.indexOf('.') + 1);
      boolean grows = Growth.grows(xs, slack.get(metric));
      if (grows) {
        grew.add(name);
      }
      int n = xs.size();
      b.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.0f | %s |%n", name, max(xs, 0, n / 3),
          max(xs, n / 3, 2 * n / 3), max(xs, 2 * n / 3, n), grows ? "**yes**" : "no"));
    });
    b.append(String.format(Locale.ROOT, "%nGrowth: the last third's largest above the largest before it by more than %.0f%%"
        + " plus %s.%n%nVerdict: %s.%n", Growth.RELATIVE * 100, slack,
        passed() ? "bounded, nothing lost" : "FAILED (" + (lost() != 0 ? lost() + " calls lost; " : "") + "grew: " + grew + ")"));
    return b.toString();
  }

  boolean passed() {
    return grew.isEmpty() && lost() == 0;
  }

  private static double max(List<Double> xs, int from, int to) {
    double m = Double.NaN;
    for (double x : xs.subList(from, to)) {
      if (!Double.isNaN(x) && (Double.isNaN(m) || x > m)) {
        m = x;
      }
    }
    return m;
  }
}
