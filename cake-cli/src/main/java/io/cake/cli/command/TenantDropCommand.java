package io.cake.cli.command;

import io.cake.cli.error.CliException;
import io.cake.core.policy.TenantEntry;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "drop", mixinStandardHelpOptions = true,
    header = "Drop a tenant from the policy store: each RegionServer goes back to its site file for it.")
public final class TenantDropCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "TENANT")
  String tenant;

  @Option(names = "--dry-run", description = "show what would be dropped; write nothing")
  boolean dryRun;

  @Option(names = "--force", description = "drop an entry that does not parse (edited by hand)")
  boolean force;

  @Mixin
  ClusterOptions cluster;

  @Mixin
  Output output;

  @Override
  public Integer call() {
    TenantArgument.check(spec, tenant);
    if (force) {
      try (var store = cluster.store()) {
        if (!dryRun) {
          store.delete(tenant, -1);
        }
        output.print(tenant, () -> java.util.List.of((dryRun ? "dry run: would drop " : "dropped ") + tenant
            + " from " + store.where()));
      }
      return 0;
    }
    return PolicyWrite.run(cluster, output, tenant, dryRun, now -> {
      if (now.isEmpty()) {
        throw CliException.usage("no entry for tenant '" + tenant + "' in the policy store (cake tenant list);"
            + " nothing was changed");
      }
    }, e -> TenantEntry.empty(tenant));
  }
}
