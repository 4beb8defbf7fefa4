package io.cake.cli.it;

import io.cake.cli.CakeCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import picocli.CommandLine;

/** One run of the real {@code cake} command line in this JVM: its exit code, output and errors. */
record Cli(int exitCode, String out, String err) {
  static Cli run(String... args) {
    CommandLine cmd = CakeCli.commandLine();
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    long t0 = System.nanoTime();
    int code = cmd.execute(args);
    System.out.printf("$ cake %s   (exit %d, %d ms)%n%s%s", String.join(" ", args), code,
        (System.nanoTime() - t0) / 1_000_000, out, err);
    return new Cli(code, out.toString(), err.toString());
  }

  /** A command (and its arguments) followed by option lists, which come after the command. */
  static String[] with(String[] command, String[]... options) {
    List<String> all = new ArrayList<>(Arrays.asList(command));
    for (String[] o : options) {
      all.addAll(Arrays.asList(o));
    }
    return all.toArray(String[]::new);
  }
}
