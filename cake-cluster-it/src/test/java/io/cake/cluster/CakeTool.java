package io.cake.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs the {@code ./cake} launcher of the tree as an operator would, on the cake-cli jar this
 * reactor built, with the environment {@code cake-cluster env} printed (CAKE_ZK,
 * CAKE_DATANODE_HTTP, CAKE_JMX_USER, CAKE_JMX_PASSWORD_FILE), its class-data archive in {@code
 * cache} (CAKE_CLI_CACHE) rather than the user's home.
 */
final class CakeTool {
  record Run(int code, String out, String err, long millis) {}

  private final Path tree;
  private final Path jar;
  private final Map<String, String> env;
  private final Path cache;

  CakeTool(Path tree, Path jar, Map<String, String> clusterEnv, Path cache) {
    this.tree = tree;
    this.jar = jar;
    this.env = clusterEnv;
    this.cache = cache;
  }

  Run run(String... args) throws IOException, InterruptedException {
    return run(Map.of(), args);
  }

  /** With {@code extraEnv} added to the launcher's environment (e.g. CAKE_CLI_JAVA_OPTS). */
  Run run(Map<String, String> extraEnv, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(tree.resolve("cake").toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).directory(tree.toFile());
    for (String k : List.of("CAKE_ZK", "CAKE_DATANODE_HTTP", "CAKE_JMX_USER", "CAKE_JMX_PASSWORD_FILE")) {
      pb.environment().put(k, env.get(k));
    }
    pb.environment().put("CAKE_CLI_JAR", jar.toString());
    pb.environment().put("CAKE_CLI_CACHE", cache.toAbsolutePath().toString()); // the launcher runs in the tree
    pb.environment().putAll(extraEnv);
    Path out = Files.createTempFile("cake-tool", ".out");
    Path err = Files.createTempFile("cake-tool", ".err");
    pb.redirectOutput(out.toFile()).redirectError(err.toFile());
    long t0 = System.nanoTime();
    Process p = pb.start();
    if (!p.waitFor(60, TimeUnit.SECONDS)) {
      p.destroy();
      throw new IOException("cake " + String.join(" ", args) + " did not finish in 60 s");
    }
    long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
    Run r = new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8), millis);
    Files.delete(out);
    Files.delete(err);
    System.out.printf("cake-cluster-it: $ cake %s (exit %d, %d ms)%n%s%s", String.join(" ", args), r.code(), millis, r.out(), r.err());
    return r;
  }
}
