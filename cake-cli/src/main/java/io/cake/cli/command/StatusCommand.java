package io.cake.cli.command;

import io.cake.cli.format.StatusText;
import io.cake.cli.status.ClusterStatus;
import io.cake.cli.status.DataNodeAddresses;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "status", mixinStandardHelpOptions = true,
    header = "Every RegionServer's Cake state, its controller and its DataNode.",
    description = "Every RegionServer: Cake's handler pool, each tenant's share, reservation, queue, occupancy, "
        + "throughput and p50/p99/p99.9 latency over the last interval, the controller's SLO (met or not), "
        + "its last decision and reasons, and the DataNode beside it. An unreachable RegionServer is "
        + "reported as such beside the others, and the exit code is then 1.")
public final class StatusCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Mixin
  ClusterOptions cluster;

  @Mixin
  Output output;

  @Option(names = "--datanode-http", paramLabel = "PORT|HOST:PORT[,...]|none",
      defaultValue = "${env:CAKE_DATANODE_HTTP:-" + DataNodeAddresses.DEFAULT_PORT + "}",
      description = "each RegionServer's DataNode web UI: one port on every RegionServer's host, or HOST:PORT per"
          + " host, or none (default: $CAKE_DATANODE_HTTP, else " + DataNodeAddresses.DEFAULT_PORT + ")")
  String datanodeHttp;

  @Override
  public Integer call() {
    DataNodeAddresses datanodes;
    try {
      datanodes = DataNodeAddresses.parse(datanodeHttp);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(spec.commandLine(), e.getMessage());
    }
    ClusterStatus status = cluster.status(datanodes);
    output.print(status, () -> StatusText.lines(status));
    return Reachability.exitCode(status, output);
  }
}
