package io.cake.director.master;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server command runs beside the director's steps, one at a time, and is never killed. */
class ServerCommandTest {
  @TempDir
  Path dir;

  @Test
  void aSlowCommandRunsOnAndTheNextAskWaitsForIt() throws Exception {
    Path gate = dir.resolve("gate");
    Path log = dir.resolve("asked");
    Path script = dir.resolve("add-server");
    Files.writeString(script, "#!/bin/sh\necho \"$@\" >> " + log + "\nwhile [ ! -e " + gate + " ]; do sleep 0.05; done\n");
    Files.setPosixFilePermissions(script, PosixFilePermissions.fromString("rwx------"));
    ServerCommand command = new ServerCommand(" " + script + " ");

    assertThat(command.run("add", "the first reason")).startsWith(script + " add started (pid ");
    Process first = command.last();
    assertThat(first.isAlive()).as("still running, waiting for its gate").isTrue();
    assertThat(command.run("add", "a second reason")).startsWith("not run: " + script + " add (pid " + first.pid() + ") still runs");

    Files.createFile(gate);
    assertThat(first.onExit().get(30, TimeUnit.SECONDS).exitValue()).isZero();
    assertThat(command.run("remove", "h,1,2")).startsWith(script + " remove started");
    assertThat(command.last()).isNotSameAs(first);
    assertThat(command.last().onExit().get(30, TimeUnit.SECONDS).exitValue()).isZero();
    assertThat(Files.readAllLines(log)).containsExactly("add the first reason", "remove h,1,2");
  }

  @Test
  void aMissingCommandSaysSoAndNothingRuns() {
    ServerCommand command = new ServerCommand(dir.resolve("no-such-command").toString());
    assertThat(command.run("add", "why")).contains("could not run");
    assertThat(command.last()).isNull();
    assertThat(new ServerCommand("  ").configured()).isFalse();
  }
}
