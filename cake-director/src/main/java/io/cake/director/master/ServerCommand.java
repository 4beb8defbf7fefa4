package io.cake.director.master;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The operator's hook for RegionServers ({@code cake.director.server-command}): run as
 * {@code <command> add <reason>} for another server, or {@code <command> remove <server>} for a
 * drained one ({@code host,port,startcode}), split on spaces (no shell), its output and exit
 * logged when it ends. Whether it started or stopped a server, the director sees in the servers
 * it reads next.
 *
 * <p>It runs beside the director's steps, one at a time, and is never killed: starting a server
 * can take longer than an interval (a RegionServer on ./cake-cluster takes 15-30 s, a new host
 * minutes), and a command killed half way can leave a server half started. An ask while one
 * runs is not run, and says so.
 */
final class ServerCommand {
  private static final Logger LOG = LoggerFactory.getLogger(ServerCommand.class);

  private final List<String> command;
  private Process last;
  private String runningWhat;

  ServerCommand(String command) {
    this.command = command.isBlank() ? List.of() : List.of(command.trim().split("\\s+"));
  }

  boolean configured() {
    return !command.isEmpty();
  }

  /** Starts {@code <command> <verb> <argument>} unless one still runs; what it did, in words for the log. */
  synchronized String run(String verb, String argument) {
    if (last != null && last.isAlive()) {
      return "not run: " + runningWhat + " still runs";
    }
    List<String> argv = new ArrayList<>(command);
    argv.add(verb);
    argv.add(argument);
    try {
      // To a file, not a pipe: a command that writes much would block on a pipe nobody reads.
      Path output = Files.createTempFile("cake-director", ".out");
      Process p = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(output.toFile()).start();
      p.getOutputStream().close();
      String what = argv.get(0) + " " + verb;
      last = p;
      runningWhat = what + " (pid " + p.pid() + ")";
      p.onExit().thenAccept(done -> ended(what, done, output));
      return what + " started (pid " + p.pid() + ")";
    } catch (IOException e) {
      return argv.get(0) + " could not run: " + e.getMessage();
    }
  }

  private static void ended(String what, Process p, Path output) {
    try {
      String out = Files.readString(output, StandardCharsets.UTF_8).strip();
      LOG.info("cake-director: {}: exit {}{}", what, p.exitValue(), out.isEmpty() ? "" : ", said: " + out);
    } catch (IOException e) {
      LOG.info("cake-director: {}: exit {} (its output is lost: {})", what, p.exitValue(), e.toString());
    } finally {
      output.toFile().delete();
    }
  }

  /** The last command started, running or ended (a test waits on it); null before the first. */
  synchronized Process last() {
    return last;
  }
}
