package io.cake.cli.command;

import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** {@code cake pause} and {@code cake resume}: the same write with the other direction. */
abstract class ControllerSwitch implements Callable<Integer> {
  @Mixin
  ClusterOptions cluster;

  @Mixin
  JmxOptions jmx;

  @Mixin
  Output output;

  @Option(names = "--dry-run", description = "log in to every RegionServer and show each controller's state"
      + " now; change nothing")
  boolean dryRun;

  abstract boolean pause();

  @Override
  public Integer call() {
    if (dryRun) {
      int code = ControllerWrite.run(cluster, jmx, output, status -> {},
          c -> (c.isPaused() ? "paused" : "running") + " now; would be " + (pause() ? "paused" : "running"));
      output.warn("dry run: nothing was changed");
      return code;
    }
    return ControllerWrite.run(cluster, jmx, output, status -> {}, c -> {
      if (pause()) {
        c.pause();
      } else {
        c.resume();
      }
      return c.isPaused() ? "paused" : "running";
    });
  }
}
