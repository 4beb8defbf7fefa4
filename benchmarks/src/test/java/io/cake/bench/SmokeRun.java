package io.cake.bench;

import io.cake.bench.experiment.Options;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;

/** Runs the harness once for a smoke test and reads back its results.json. */
record SmokeRun(JsonNode results, double seconds) {
  static SmokeRun of(String label, File out, String... args) throws Exception {
    String[] all = new String[args.length + 3];
    System.arraycopy(args, 0, all, 0, args.length);
    all[args.length] = "--out";
    all[args.length + 1] = out.getPath();
    all[args.length + 2] = "--no-progress";
    Options o = BenchCommand.options(all);
    long t0 = System.nanoTime();
    new CakeBench(o).run();
    double seconds = (System.nanoTime() - t0) / 1e9;
    System.out.printf("smoke%s: the harness took %.1f s%n", label, seconds);
    return new SmokeRun(new ObjectMapper().readTree(new File(out, "results.json")), seconds);
  }

  /** The run named {@code name}. */
  JsonNode run(String name) {
    for (JsonNode r : results.get("runs")) {
      if (r.get("name").asText().equals(name)) {
        return r;
      }
    }
    throw new AssertionError("no run named " + name + " in results.json");
  }
}
