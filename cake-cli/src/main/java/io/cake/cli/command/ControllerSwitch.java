package io.cake.cli.command;

import java.util.concurrent.Callable;
import picocli.CommandLine.Mixin;

/** {@code cake pause} and {@code cake resume}: the same write with the other direction. */
abstract class ControllerSwitch implements Callable<Integer> {
  @Mixin
  ClusterOptions cluster;

  @Mixin
  JmxOptions jmx;

  @Mixin
  Output output;

  abstract boolean pause();

  @Override
  public Integer call() {
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
