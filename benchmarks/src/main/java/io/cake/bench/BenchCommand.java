package io.cake.bench;

import io.cake.bench.experiment.Options;
import io.cake.sim.scenario.ScenariosCommand;
import java.io.File;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.UsageMessageSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine.Spec;

/** {@code ./cake-bench}: the consolidated run, and the subcommands beside it (docs/evaluation.md). */
@Command(name = "cake-bench", abbreviateSynopsis = true, commandListHeading = "%nCommands:%n",
    description = {"Runs the consolidated Cake experiment and writes results.json, report.md and PNG plots."
        + " Without --zk it starts an embedded HBase + HDFS mini-cluster in this JVM, loads the data once and"
        + " measures every policy on it.",
        "",
        "Exit codes: 0 done; 1 the run failed; 2 a bad command line (nothing was started)."},
    subcommands = {ExperimentCommand.class, CompareCommand.class, ScenariosCommand.class, JmhCommand.class,
        io.cake.bench.soak.SoakCommand.class})
final class BenchCommand implements Callable<Integer> {
  /** What a run does with its options once they are checked: CakeBench's run, or a test's stand-in. */
  interface Runner {
    /** {@code args}: the command line as given, which --repeat hands its runs. */
    int run(Options o, List<String> args, PrintWriter out) throws Exception;
  }

  @Spec
  CommandSpec spec;

  @Mixin
  final RunOptions options = new RunOptions();

  final Runner runner;

  BenchCommand(Runner runner) {
    this.runner = runner;
  }

  @Override
  public Integer call() throws Exception {
    return run(spec, options.finish(null));
  }

  /** Runs {@code o} for the command of {@code spec} (the consolidated run or an experiment). */
  static Integer run(CommandSpec spec, Options o) throws Exception {
    CommandLine root = spec.root().commandLine();
    Runner runner = ((BenchCommand) root.getCommand()).runner;
    return runner.run(o, root.getParseResult().originalArgs(), spec.commandLine().getOut());
  }

  /** The run ./cake-bench makes: once, or --repeat times, each in a JVM of its own. */
  static int runBench(Options o, List<String> args, PrintWriter out) throws Exception {
    File dir = o.out;
    if (o.repeat > 1) {
      Repeat.run(args.toArray(String[]::new), o.out, o.repeat);
    } else if (o.experiment == io.cake.bench.experiment.Figure.HOTSPOT) {
      dir = new io.cake.bench.hotspot.HotspotExperiment(o).run();
    } else {
      dir = new CakeBench(o).run();
    }
    out.println("cake-bench: report in " + new File(dir, "report.md").getPath());
    out.flush();
    return 0;
  }

  /** The command line ./cake-bench executes. */
  static CommandLine commandLine() {
    return commandLine(BenchCommand::runBench);
  }

  /** The command line, running what it parses with {@code runner}; output and errors can be redirected. */
  static CommandLine commandLine(Runner runner) {
    CommandLine cmd = new CommandLine(new BenchCommand(runner));
    // A later option overrides an earlier one (--quick --default), and --cake-conf repeats.
    cmd.setOverwrittenOptionsAllowed(true);
    cmd.setUsageHelpWidth(helpWidth());
    cmd.setUsageHelpLongOptionsMaxWidth(28); // --controller-interval-ms=N beside its text
    for (CommandLine c : List.of(cmd, cmd.getSubcommands().get("experiment"))) {
      c.getHelpSectionMap().put(UsageMessageSpec.SECTION_KEY_OPTION_LIST, BenchCommand::sections);
    }
    ExperimentCommand.listFigures(cmd.getSubcommands().get("experiment"));
    cmd.setExecutionStrategy(r -> {
      refuseOptionsBeforeSubcommand(r);
      return new CommandLine.RunLast().execute(r);
    });
    // A bad command line: the message naming the option and where the options are; no page of usage.
    cmd.setParameterExceptionHandler((e, args) -> {
      CommandLine c = e.getCommandLine();
      PrintWriter err = c.getErr();
      err.println("cake-bench: " + message(e));
      CommandLine.UnmatchedArgumentException.printSuggestions(e, err);
      err.println("Try '" + c.getCommandSpec().qualifiedName() + " --help' for its options.");
      err.flush();
      return c.getCommandSpec().exitCodeOnInvalidInput();
    });
    cmd.setExecutionExceptionHandler((e, c, r) -> failed(e, c.getErr()));
    return cmd;
  }

  /** The terminal's width, which ./cake-bench passes (Java cannot ask the terminal), within [60, 100]. */
  private static int helpWidth() {
    try {
      return Math.max(60, Math.min(100, Integer.parseInt(System.getProperty(Progress.COLUMNS_PROPERTY, "").trim())));
    } catch (NumberFormatException e) {
      return 100;
    }
  }

  /** A failed run: the stack trace too, as what failed is inside HBase or HDFS more often than not. */
  static int failed(Throwable t, PrintWriter err) {
    err.println(); // the progress line may have left the cursor mid-line
    err.println("cake-bench: failed: " + t);
    t.printStackTrace(err);
    err.flush();
    return 1;
  }

  /** {@code e}'s message; for a missing parameter with a fixed set of values (NAME), those values too. */
  private static String message(ParameterException e) {
    String m = e.getMessage();
    if (e instanceof CommandLine.MissingParameterException missing) {
      for (ArgSpec a : missing.getMissing()) {
        if (a.completionCandidates() != null) {
          m += "; one of " + String.join(", ", a.completionCandidates());
        }
      }
    }
    return m;
  }

  /** picocli executes only the last command: options given before a subcommand would be silently dropped. */
  private static void refuseOptionsBeforeSubcommand(ParseResult r) {
    for (ParseResult p = r; p.hasSubcommand(); p = p.subcommand()) {
      if (p.isUsageHelpRequested() || p.subcommand().isUsageHelpRequested()) {
        return;
      }
      if (!p.matchedOptions().isEmpty()) {
        throw new ParameterException(p.commandSpec().commandLine(), "give the options after '"
            + p.subcommand().commandSpec().name() + "': " + p.matchedOptions().get(0).longestName() + " came before it");
      }
    }
  }

  /** The options under their sections' headings (RunOptions.Section), in place of one flat list. */
  private static String sections(Help help) {
    StringBuilder b = new StringBuilder();
    sections(help, help.commandSpec(), b);
    return b.toString();
  }

  private static void sections(Help help, CommandSpec spec, StringBuilder b) {
    for (CommandSpec mixin : spec.mixins().values()) {
      if (mixin.userObject() instanceof RunOptions.Section s) {
        b.append(help.createHeading("%n" + s.heading() + "%n")).append(help.optionListExcludingGroups(mixin.options()));
      }
      sections(help, mixin, b);
    }
  }

  /** What {@code options(args)} returns: the checked options of a run or an experiment, null for help. */
  static Options options(String... args) {
    ParseResult r = commandLine().parseArgs(args);
    ParseResult last = r;
    for (ParseResult p = r; p != null; p = p.hasSubcommand() ? p.subcommand() : null) {
      if (p.isUsageHelpRequested()) {
        return null;
      }
      last = p;
    }
    refuseOptionsBeforeSubcommand(r);
    Object command = last.commandSpec().userObject();
    if (command instanceof BenchCommand b) {
      return b.options.finish(null);
    }
    if (command instanceof ExperimentCommand e) {
      return e.options();
    }
    throw new IllegalArgumentException(last.commandSpec().name() + " takes no run options");
  }
}
