package io.cake.sim.scenario;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.stream.LongStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code ./cake-bench scenarios}: the scenario suite on the simulator, the controller's gate. */
@Command(name = "scenarios",
    description = {"Run the named, seeded scenarios on the simulator (no cluster): the controller and a static"
        + " 0.9/0.1 allocation over the same seeds. Writes NAME.json per scenario and summary.md to --out.",
        "",
        "Exit codes: 0 done (and, with --against, the gate passed); 1 a file unreadable or unwritable;"
            + " 2 a bad command line; 3 the gate failed."})
public final class ScenariosCommand implements Callable<Integer> {
  static final ObjectMapper JSON = new ObjectMapper()
      .enable(SerializationFeature.INDENT_OUTPUT);

  @Spec
  CommandSpec spec;

  @Option(names = "--seeds", defaultValue = "8", description = "seeds per scenario, 1, 2, ... (default ${DEFAULT-VALUE})")
  int seeds;

  @Option(names = "--only", split = ",", paramLabel = "NAME",
      description = "these scenarios only; a name ending in * is a prefix (grid-*)")
  List<String> only;

  @Option(names = "--out", defaultValue = "bench-out/scenarios", description = "where to write (default ${DEFAULT-VALUE})")
  File out;

  @Option(names = "--threads", description = "worker threads (default: the machine's cores)")
  Integer threads;

  @Option(names = "--against", paramLabel = "DIR",
      description = "a baseline's directory (e.g. cake-sim/baseline): print the gate and exit 3 if it fails")
  File against;

  @Option(names = "--conf", paramLabel = "KEY=VALUE",
      description = "a cake.controller.* key for the controller (repeatable): a screen of a key over the suite")
  java.util.Map<String, String> conf = new java.util.TreeMap<>();

  @Option(names = "--list", description = "list the scenarios and exit")
  boolean list;

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "this text")
  boolean help;

  @Override
  public Integer call() throws Exception {
    PrintWriter o = spec.commandLine().getOut();
    List<Scenario> chosen = choose();
    if (list) {
      chosen.forEach(s -> o.println(s.name() + "  " + s.summary()));
      o.flush();
      return 0;
    }
    if (seeds < 1) {
      throw new ParameterException(spec.commandLine(), "--seeds must be at least 1, got " + seeds);
    }
    int n = threads == null ? Runtime.getRuntime().availableProcessors() : threads;
    if (n < 1) {
      throw new ParameterException(spec.commandLine(), "--threads must be at least 1, got " + n);
    }
    Tuning tuning;
    try {
      tuning = Tuning.of(conf);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), "--conf: " + e.getMessage());
    }
    List<ScenarioResult> baseline;
    try {
      baseline = against == null ? List.of() : read(against);
    } catch (IOException e) {
      spec.commandLine().getErr().println("cake-bench: scenarios: " + e.getMessage()); // nothing has run
      spec.commandLine().getErr().flush();
      return 1;
    }
    List<Long> seedList = LongStream.rangeClosed(1, seeds).boxed().toList();
    List<ScenarioResult> results = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(n);
    try {
      Files.createDirectories(out.toPath());
      for (Scenario s : chosen) {
        long t0 = System.nanoTime();
        ScenarioResult r = ScenarioSuite.run(s, seedList, tuning, pool);
        JSON.writeValue(new File(out, s.name() + ".json"), r);
        results.add(r);
        o.printf("%-24s controller %d/%d met, static %d/%d (%.1f s)%n", s.name(), r.controller().seedsMet(),
            seeds, r.staticShares().seedsMet(), seeds, (System.nanoTime() - t0) / 1e9);
        o.flush();
      }
    } finally {
      pool.shutdownNow();
    }
    String table = SuiteReport.table(results);
    Files.writeString(new File(out, "summary.md").toPath(), "# Scenario suite\n\n" + table, StandardCharsets.UTF_8);
    o.println();
    o.print(table);
    if (against != null) {
      SuiteReport.Gate gate = SuiteReport.gate(baseline, results);
      o.println();
      o.print(gate.table());
      o.println(gate.failed() == 0 ? "gate: passed" : "gate: FAILED in " + gate.failed() + " scenario(s)");
      o.flush();
      return gate.failed() == 0 ? 0 : 3;
    }
    o.flush();
    return 0;
  }

  private List<Scenario> choose() {
    List<Scenario> all = Scenarios.all();
    if (only == null) {
      return all;
    }
    List<Scenario> out = new ArrayList<>();
    for (String name : only) {
      List<Scenario> hit = all.stream().filter(s -> name.endsWith("*")
          ? s.name().startsWith(name.substring(0, name.length() - 1)) : s.name().equals(name)).toList();
      if (hit.isEmpty()) {
        throw new ParameterException(spec.commandLine(), "--only: no scenario '" + name + "'; --list names them");
      }
      hit.stream().filter(s -> !out.contains(s)).forEach(out::add);
    }
    return out;
  }

  /** Every NAME.json in {@code dir}. */
  static List<ScenarioResult> read(File dir) throws IOException {
    File[] files = dir.listFiles((d, name) -> name.endsWith(".json"));
    if (files == null) {
      throw new IOException("--against: " + dir + " is not a readable directory");
    }
    List<ScenarioResult> out = new ArrayList<>();
    for (File f : files) {
      out.add(JSON.readValue(f, ScenarioResult.class));
    }
    return out;
  }
}
