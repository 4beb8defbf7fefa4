package io.cake.cli.command;

import io.cake.cli.format.Json;
import java.io.PrintWriter;
import java.util.List;
import java.util.function.Supplier;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code --json} for scripts, else a table for people, on the command's standard output. */
public final class Output {
  @Spec(Spec.Target.MIXEE)
  CommandSpec mixee;

  @Option(names = "--json", description = "print JSON for scripts instead of a table")
  boolean json;

  public boolean json() {
    return json;
  }

  public void print(Object model, Supplier<List<String>> table) {
    print(model, table, false);
  }

  /** @param stream one of many documents: JSON on one line */
  public void print(Object model, Supplier<List<String>> table, boolean stream) {
    PrintWriter out = mixee.commandLine().getOut();
    if (json) {
      out.println(stream ? Json.line(model) : Json.write(model));
    } else {
      table.get().forEach(out::println);
    }
    out.flush();
  }

  /** A warning on standard error, so it never mixes with JSON on standard output. */
  public void warn(String message) {
    PrintWriter err = mixee.commandLine().getErr();
    err.println("cake: " + message);
    err.flush();
  }
}
