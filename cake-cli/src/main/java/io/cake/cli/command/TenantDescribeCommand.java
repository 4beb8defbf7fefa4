package io.cake.cli.command;

import io.cake.cli.error.CliException;
import io.cake.cli.format.PolicyText;
import io.cake.cli.policy.PolicyStore;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

@Command(name = "describe", mixinStandardHelpOptions = true,
    header = "One tenant's entry in the policy store: each field, the site key it stands for, its version.")
public final class TenantDescribeCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "TENANT")
  String tenant;

  @Mixin
  ClusterOptions cluster;

  @Mixin
  Output output;

  @Override
  public Integer call() {
    try (PolicyStore store = cluster.store()) {
      PolicyStore.Stored s;
      try {
        s = store.read(tenant).orElseThrow(() -> CliException.usage(
            "no entry for tenant '" + tenant + "' in the policy store at " + store.where() + " (cake tenant list)"));
      } catch (IllegalArgumentException e) {
        throw new CliException("the policy store's entry for '" + tenant + "' does not parse: " + e.getMessage());
      }
      output.print(s, () -> PolicyText.describe(s));
    }
    return 0;
  }
}
