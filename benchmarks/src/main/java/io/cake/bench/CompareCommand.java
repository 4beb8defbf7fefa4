package io.cake.bench;

import io.cake.bench.report.Compare;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ./cake-bench compare A B}: two runs' figures side by side. */
@Command(name = "compare", parameterListHeading = "%n",
    description = {"Set two results.json side by side, figure by figure, with the ratio B/A.",
        "",
        "Prints a Markdown table of every figure the two files share; a file from --repeat contributes its medians,"
            + " and figures only one file has are listed apart.",
        "",
        "Exit codes: 0 done; 1 a file unreadable; 2 a bad command line."})
final class CompareCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "A", description = "the first run's results.json (e.g. bench-out/results.json)")
  File a;

  @Parameters(index = "1", paramLabel = "B", description = "the second run's results.json")
  File b;

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "this text")
  boolean help;

  @Override
  public Integer call() {
    try {
      spec.commandLine().getOut().print(Compare.table(a, b));
      spec.commandLine().getOut().flush();
      return 0;
    } catch (IOException e) {
      PrintWriter err = spec.commandLine().getErr();
      err.println("cake-bench: compare: " + e.getMessage());
      err.flush();
      return 1;
    }
  }
}
