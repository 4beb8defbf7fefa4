package io.cake.cli.command;

import io.cake.cli.format.StatusText;
import io.cake.cli.status.ClusterStatus;
import io.cake.cli.status.ControllerView;
import io.cake.cli.status.RegionServerStatus;
import io.cake.controller.config.ControllerConfig;
import java.io.PrintWriter;
import java.time.LocalTime;
import java.time.temporal.ChronoUnit;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "status", mixinStandardHelpOptions = true,
    header = "Every RegionServer's Cake state, its controller and its DataNode.",
    description = "Every RegionServer: Cake's version and handler pool, each tenant's share, reservation, queue, occupancy, "
        + "throughput and p50/p99/p99.9 latency over the last interval, the controller's SLO (met or not), "
        + "its last decision and reasons, and the DataNode beside it. An unreachable RegionServer is "
        + "reported as such beside the others, and the exit code is then 1.")
public final class StatusCommand implements Callable<Integer> {
  /** ANSI: cursor home, clear the screen, as watch(1) does between frames. */
  static final String CLEAR = "\033[H\033[2J";

  @Spec
  CommandSpec spec;

  @Mixin
  ClusterOptions cluster;

  @Mixin
  DataNodeOption datanodes;

  @Mixin
  Output output;

  @Option(names = "--watch", description = "show it again at every controller interval (the shortest of the"
      + " running controllers', else their default) until interrupted;"
      + " with --json, one document a line")
  boolean watch;

  @Override
  public Integer call() {
    int code;
    do {
      ClusterStatus status = cluster.status(datanodes.addresses());
      long every = interval(status);
      if (watch && !output.json()) {
        PrintWriter out = spec.commandLine().getOut();
        out.print(CLEAR);
        out.println("cake status at " + LocalTime.now().truncatedTo(ChronoUnit.SECONDS) + ", every "
            + every / 1000.0 + " s (Ctrl-C to stop)");
        out.println();
      }
      output.print(status, () -> StatusText.lines(status), watch);
      code = Reachability.exitCode(status, output);
      if (watch) {
        try {
          TimeUnit.MILLISECONDS.sleep(every); // the controllers change what is shown once per interval
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return code;
        }
      }
    } while (watch);
    return code;
  }

  /** The shortest interval of the running controllers: no view changes faster than that. */
  static long interval(ClusterStatus status) {
    return status.regionServers().stream().map(RegionServerStatus::controller).filter(Objects::nonNull)
        .map(ControllerView::intervalMs).filter(Objects::nonNull).filter(ms -> ms > 0)
        .min(Long::compare).orElse(ControllerConfig.DEFAULT_INTERVAL_MS);
  }
}
