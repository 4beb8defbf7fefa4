package io.cake.cli.command;

import io.cake.cli.format.TenantsText;
import io.cake.cli.status.ClusterStatus;
import io.cake.cli.status.DataNodeAddresses;
import io.cake.cli.status.TenantSummary;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "tenants", mixinStandardHelpOptions = true,
    header = "The tenants the cluster's Cake schedulers know, summed over the cluster.",
    description = "Every tenant the RegionServers' Cake schedulers know (configured, or seen since they started), "
        + "with its throughput over the last interval summed over the cluster, its weight and reservation, "
        + "and its SLO where a controller steers for it.")
public final class TenantsCommand implements Callable<Integer> {
  @Mixin
  ClusterOptions cluster;

  @Mixin
  Output output;

  @Override
  public Integer call() {
    ClusterStatus status = cluster.status(DataNodeAddresses.NONE);
    List<TenantSummary> tenants = TenantSummary.of(status);
    output.print(tenants, () -> TenantsText.lines(tenants, status.regionServers().size()));
    return Reachability.exitCode(status, output);
  }
}
