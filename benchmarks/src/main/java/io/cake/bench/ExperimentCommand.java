package io.cake.bench;

import io.cake.bench.experiment.Options;
import io.cake.bench.experiment.Figure;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Help;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.UsageMessageSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code ./cake-bench experiment NAME}: one of Cake's section 6 figures instead of the consolidated run. */
@Command(name = "experiment", abbreviateSynopsis = true, parameterListHeading = "%n",
    description = {"Run one of Cake's section 6 experiments, scaled to this machine.",
        "",
        "Writes its results.json, plots and a table beside the paper's numbers (docs/paper.md); those beyond the"
            + " paper are described in docs/evaluation.md. They run on the embedded cluster (no --zk), under --disk"
            + " hdd unless --disk memory is given; --quick runs each in under 4 minutes. hotspot alone drives a"
            + " cluster of its own (--zk; benchmarks/hotspot.sh starts it)."})
final class ExperimentCommand implements Callable<Integer> {
  private static final String FIGURES_SECTION = "figures";

  @Spec
  CommandSpec spec;

  private Figure figure;

  @Parameters(index = "0", paramLabel = "NAME", completionCandidates = FigureIds.class,
      description = "the experiment, one of:")
  void name(String id) {
    try {
      figure = Figure.parse(id);
    } catch (IllegalArgumentException e) { // names the known ones
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
  }

  @Mixin
  final RunOptions options = new RunOptions();

  @Override
  public Integer call() throws Exception {
    return BenchCommand.run(spec, options());
  }

  Options options() {
    return options.finish(figure);
  }

  /** The experiments and their titles in {@code experiment}'s help, below NAME. */
  static void listFigures(CommandLine experiment) {
    List<String> keys = new ArrayList<>(experiment.getHelpSectionKeys());
    keys.add(keys.indexOf(UsageMessageSpec.SECTION_KEY_PARAMETER_LIST) + 1, FIGURES_SECTION);
    experiment.setHelpSectionKeys(keys);
    experiment.getHelpSectionMap().put(FIGURES_SECTION, help -> {
      int width = help.commandSpec().usageMessage().width();
      Help.TextTable t = Help.TextTable.forColumns(help.colorScheme(),
          new Help.Column(22, 8, Help.Column.Overflow.SPAN), new Help.Column(width - 22, 0, Help.Column.Overflow.WRAP));
      for (Figure f : Figure.values()) {
        t.addRowValues(f.id(), f.title());
      }
      return t.toString();
    });
  }

  /** NAME's values, for the error when it is missing. */
  static final class FigureIds implements Iterable<String> {
    @Override
    public Iterator<String> iterator() {
      return Arrays.stream(Figure.values()).map(Figure::id).iterator();
    }
  }
}
