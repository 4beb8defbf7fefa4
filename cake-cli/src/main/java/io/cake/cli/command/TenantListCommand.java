package io.cake.cli.command;

import io.cake.cli.format.PolicyText;
import io.cake.cli.policy.PolicyStore;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "list", mixinStandardHelpOptions = true, header = "Every tenant in the policy store.")
public final class TenantListCommand implements Callable<Integer> {
  @Mixin
  ClusterOptions cluster;

  @Mixin
  Output output;

  @Override
  public Integer call() {
    try (PolicyStore store = cluster.store()) {
      PolicyStore.Listing listing = store.list();
      output.print(listing, () -> PolicyText.list(listing));
    }
    return 0;
  }
}
