package io.cake.director.master;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The operator's hook for RegionServers ({@code cake.director.server-command}): run as
 * {@code <command> add <reason>} for another server, or {@code <command> remove <server>} for a
 * drained one ({@code host,port,startcode}), split on spaces (no shell), its output logged. It must
 * return within the timeout; one that does not is killed. Whether it started or stopped a server,
 * the director sees in the servers it reads next.
 */
final class ServerCommand {
  private static final Logger LOG = LoggerFactory.getLogger(ServerCommand.class);

  private final List<String> command;
  private final Duration timeout;

  ServerCommand(String command, Duration timeout) {
    this.command = command.isBlank() ? List.of() : List.of(command.trim().split("\\s+"));
    this.timeout = timeout;
  }

  boolean configured() {
    return !command.isEmpty();
  }

  /** Runs {@code <command> <verb> <argument>}; what it did, in words for the log. */
  String run(String verb, String argument) {
    List<String> argv = new ArrayList<>(command);
    argv.add(verb);
    argv.add(argument);
    Path output = null;
    try {
      // To a file, not a pipe: a command that writes much would block on a pipe nobody reads.
      output = Files.createTempFile("cake-director", ".out");
      Process p = new ProcessBuilder(argv).redirectErrorStream(true).redirectOutput(output.toFile()).start();
      p.getOutputStream().close();
      if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        p.destroyForcibly();
        return argv.get(0) + " did not return within " + timeout.toMillis() + " ms; killed";
      }
      String out = Files.readString(output, StandardCharsets.UTF_8).strip();
      LOG.info("cake-director: {} {}: exit {}{}", argv.get(0), verb, p.exitValue(), out.isEmpty() ? "" : ", said: " + out);
      return argv.get(0) + " " + verb + " exited " + p.exitValue();
    } catch (IOException e) {
      return argv.get(0) + " could not run: " + e.getMessage();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return argv.get(0) + " interrupted";
    } finally {
      if (output != null) {
        output.toFile().delete();
      }
    }
  }
}
