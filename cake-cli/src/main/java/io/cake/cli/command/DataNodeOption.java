package io.cake.cli.command;

import io.cake.cli.status.DataNodeAddresses;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code --datanode-http}: where each RegionServer's DataNode serves its web UI. */
public final class DataNodeOption {
  @Spec(Spec.Target.MIXEE)
  CommandSpec mixee;

  @Option(names = "--datanode-http", paramLabel = "PORT|HOST:PORT[,...]|none",
      defaultValue = "${env:CAKE_DATANODE_HTTP:-" + DataNodeAddresses.DEFAULT_PORT + "}",
      description = "each RegionServer's DataNode web UI: one port on every RegionServer's host, or HOST:PORT per"
          + " host, or none (default: $CAKE_DATANODE_HTTP, else " + DataNodeAddresses.DEFAULT_PORT + ")")
  String datanodeHttp;

  public DataNodeAddresses addresses() {
    try {
      return DataNodeAddresses.parse(datanodeHttp);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(mixee.commandLine(), e.getMessage());
    }
  }
}
