package io.cake.bench;

import io.cake.bench.report.HtmlReport;
import io.cake.bench.report.RepeatReport;
import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code ./cake-bench --repeat N}: the same command N times, each in a JVM of its own under
 * OUT/run-1 .. run-N, then the median and spread of every figure (RepeatReport). A JVM per run,
 * not a loop in this one: a mini-cluster leaves threads and static state behind, and a run that
 * inherits them is not a repeat of the first.
 */
final class Repeat {
  private Repeat() {}

  /** Runs {@code args} (which hold the --repeat and --out as given) {@code n} times under {@code out}. */
  static void run(String[] args, File out, int n) throws IOException, InterruptedException {
    Files.createDirectories(out.toPath());
    for (int i = 1; i <= n; i++) {
      File dir = new File(out, "run-" + i);
      Files.createDirectories(dir.toPath());
      System.err.println("cake-bench: run " + i + " of " + n + " -> " + dir.getPath());
      Process p = new ProcessBuilder(command(childArgs(args, dir), dir)).inheritIO().start();
      int rc = p.waitFor();
      if (rc != 0) {
        throw new IllegalStateException("run " + i + " of " + n + " failed (exit " + rc + "); its output is in " + dir);
      }
    }
    RepeatReport.write(out, n, "./cake-bench " + String.join(" ", args));
    HtmlReport.write(out);
  }

  /** {@code args} without --repeat, with --out {@code dir}. */
  static List<String> childArgs(String[] args, File dir) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--repeat") || a.equals("--out")) {
        i++; // and its value
      } else if (!a.startsWith("--repeat=") && !a.startsWith("--out=")) {
        out.add(a);
      }
    }
    out.add("--out");
    out.add(dir.getPath());
    return out;
  }

  /** This JVM's java, flags and classpath, the child's log beside its report. */
  private static List<String> command(List<String> args, File dir) {
    List<String> cmd = new ArrayList<>();
    cmd.add(ProcessHandle.current().info().command().orElse(System.getProperty("java.home") + "/bin/java"));
    for (String f : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      cmd.add(f.startsWith("-Dcake.bench.log=") ? "-Dcake.bench.log=" + new File(dir, "cluster.log").getPath() : f);
    }
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(CakeBench.class.getName());
    cmd.addAll(args);
    return cmd;
  }
}
