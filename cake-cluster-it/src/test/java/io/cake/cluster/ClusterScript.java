package io.cake.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Drives {@code ./cake-cluster} (docker/cluster/cluster.sh) as an operator would: start, env,
 * stop, in a directory and on ports of this test's own. Only processes whose pid the script wrote
 * are ever touched, and only when their command line names this cluster's directory.
 */
final class ClusterScript {
  private final Path tree;
  private final Path dir;
  private final Map<String, String> environment = new LinkedHashMap<>();

  ClusterScript(Path tree, Path dir, Path jar, int portBase) {
    this.tree = tree;
    this.dir = dir;
    environment.put("CAKE_CLUSTER_DIR", dir.toString());
    environment.put("CAKE_JAR", jar.toString());
    environment.put("CAKE_CLUSTER_PORT_BASE", Integer.toString(portBase));
  }

  ClusterScript with(String name, String value) {
    environment.put(name, value);
    return this;
  }

  Path dir() {
    return dir;
  }

  /** Runs {@code cake-cluster ARGS}; returns its output; throws with the output if it failed. */
  String run(long timeoutSeconds, String... args) throws IOException, InterruptedException {
    List<String> command = new java.util.ArrayList<>(List.of(tree.resolve("cake-cluster").toString()));
    command.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(command).directory(tree.toFile()).redirectErrorStream(true);
    pb.environment().putAll(environment);
    Files.createDirectories(dir);
    Path out = dir.resolve("script-" + args[0] + ".out");
    pb.redirectOutput(out.toFile());
    Process p = pb.start();
    if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
      p.destroy();
      throw new IOException("cake-cluster " + String.join(" ", args) + " did not finish in " + timeoutSeconds + " s");
    }
    String text = Files.readString(out, StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("script.log"), "$ cake-cluster " + String.join(" ", args) + "\n" + text,
        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    if (p.exitValue() != 0) {
      throw new IOException("cake-cluster " + String.join(" ", args) + " exited " + p.exitValue() + ":\n" + text);
    }
    return text;
  }

  /** The addresses {@code cake-cluster env} prints. */
  Map<String, String> env() throws IOException, InterruptedException {
    Map<String, String> vars = new LinkedHashMap<>();
    for (String line : run(30, "env").split("\n")) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        vars.put(line.substring(0, eq), line.substring(eq + 1));
      }
    }
    return vars;
  }

  /** The live process of a role, if the pid file names a process of this cluster. */
  Optional<ProcessHandle> process(String role) throws IOException {
    Path pidFile = dir.resolve("pids").resolve(role + ".pid");
    if (!Files.exists(pidFile)) {
      return Optional.empty();
    }
    long pid = Long.parseLong(Files.readString(pidFile).trim());
    // The same test as the script's: the command line names this cluster's directory.
    Path cmdline = Path.of("/proc", Long.toString(pid), "cmdline");
    if (!Files.isReadable(cmdline)) {
      return Optional.empty();
    }
    String marker = "-Dcake.cluster.dir=" + dir;
    boolean ours;
    try {
      ours = List.of(new String(Files.readAllBytes(cmdline), StandardCharsets.UTF_8).split("\0")).contains(marker);
    } catch (IOException gone) {
      return Optional.empty();
    }
    return ours ? ProcessHandle.of(pid).filter(ProcessHandle::isAlive) : Optional.empty();
  }

  /** Exited: no such process, or a zombie (its parent, not us, reaps it). */
  static boolean exited(long pid) throws IOException {
    Path stat = Path.of("/proc", Long.toString(pid), "stat");
    try {
      String text = Files.readString(stat);
      return text.substring(text.lastIndexOf(')') + 2).startsWith("Z");
    } catch (java.nio.file.NoSuchFileException gone) {
      return true;
    }
  }

  String log(String role) throws IOException {
    return Files.readString(dir.resolve("logs").resolve(role + ".log"), StandardCharsets.UTF_8);
  }
}
