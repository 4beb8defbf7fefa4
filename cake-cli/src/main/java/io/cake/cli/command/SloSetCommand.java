package io.cake.cli.command;

import io.cake.cli.error.CliException;
import io.cake.cli.status.DataNodeAddresses;
import io.cake.cli.status.TenantSummary;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "set", mixinStandardHelpOptions = true,
    header = "Set a tenant's SLO in the cluster's policy store.",
    description = "Writes the tenant's SLO to the policy store in ZooKeeper: every RegionServer's controller steers"
        + " for it from its next decision, a RegionServer that starts later too, and it survives restarts. It"
        + " replaces the tenant's SLO from hbase-site.xml; its weight stays. Bad values and an unknown tenant"
        + " write nothing (docs/operations.md).")
public final class SloSetCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "TENANT", description = "the tenant the controllers steer for")
  String tenant;

  @Option(names = "--new-tenant",
      description = "allow a tenant neither in the policy store nor known to any RegionServer (no requests seen, none configured)")
  boolean newTenant;

  @Option(names = "--dry-run", description = "show the change; write nothing")
  boolean dryRun;

  @Mixin
  SloOptions slo;

  @Mixin
  ClusterOptions cluster;

  @Mixin
  Output output;

  @Override
  public Integer call() {
    TenantArgument.check(spec, tenant);
    if (!slo.given()) {
      throw new ParameterException(spec.commandLine(),
          "give one of --p99 MS (a latency SLO), --throughput OPS or --mbps MB, not neither");
    }
    return PolicyWrite.run(cluster, output, tenant, dryRun, now -> {
      if (now.isEmpty() && !newTenant && !knownToARegionServer()) {
        throw new CliException("unknown tenant '" + tenant + "': not in the policy store (cake tenant list) and no"
            + " RegionServer's Cake scheduler or controller knows it (cake tenants); give --new-tenant to steer for it"
            + " before its first request. Nothing was changed", CliException.USAGE);
      }
    }, slo::applyTo);
  }

  private boolean knownToARegionServer() {
    return TenantSummary.of(cluster.status(DataNodeAddresses.NONE)).stream().anyMatch(t -> t.tenant().equals(tenant));
  }
}
