package io.cake.cli.command;

import io.cake.cli.format.SloText;
import io.cake.cli.status.ClusterStatus;
import io.cake.cli.status.DataNodeAddresses;
import io.cake.cli.status.SloRow;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "show", mixinStandardHelpOptions = true,
    header = "Each controller's SLO, whether it is met, and its last reasons.",
    description = "Each RegionServer's controller: its SLO, what was measured of that tenant over the last "
        + "interval (on every call, what the scheduler published at the SLO's percentile: p50, p99 and p99.9, or "
        + "ops/s; on one operation or in MB/s, what the controller's last decision measured, 'at pX' where "
        + "that is another percentile), whether that met it ('(no data)': unknown), paused or running, and "
        + "the reasons of its last decision.")
public final class SloShowCommand implements Callable<Integer> {
  @Mixin
  ClusterOptions cluster;

  @Mixin
  Output output;

  @Override
  public Integer call() {
    ClusterStatus status = cluster.status(DataNodeAddresses.NONE);
    List<SloRow> rows = SloRow.of(status);
    output.print(rows, () -> SloText.lines(rows));
    return Reachability.exitCode(status, output);
  }
}
