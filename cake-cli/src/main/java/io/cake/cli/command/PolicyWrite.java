package io.cake.cli.command;

import io.cake.cli.error.CliException;
import io.cake.cli.format.PolicyText;
import io.cake.cli.policy.EntryCheck;
import io.cake.cli.policy.PolicyStore;
import io.cake.core.policy.TenantEntry;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * The steps every write to the policy store takes: read the tenant's entry, change it, check it as
 * the servers would, then write it at the version read (or, with {@code --dry-run}, only show the
 * change). A refusal at any step writes nothing.
 */
final class PolicyWrite {
  private PolicyWrite() {}

  /**
   * @param known refuses (throwing) when the tenant's current entry (empty: none) rules the write out
   * @param change the entry as it should be; with no field left the entry is dropped
   */
  static int run(ClusterOptions cluster, Output output, String tenant, boolean dryRun,
      Consumer<Optional<PolicyStore.Stored>> known, UnaryOperator<TenantEntry> change) {
    try {
      EntryCheck.checkFields(change.apply(TenantEntry.empty(tenant)));
    } catch (IllegalArgumentException e) {
      throw CliException.usage(e.getMessage() + "; nothing was written");
    }
    try (PolicyStore store = cluster.store()) {
      Optional<PolicyStore.Stored> now;
      try {
        now = store.read(tenant);
      } catch (IllegalArgumentException e) {
        throw new CliException("the policy store's entry for '" + tenant + "' does not parse (" + e.getMessage()
            + "); nothing was written: drop it with cake tenant drop " + tenant + " --force");
      }
      known.accept(now);
      TenantEntry before = now.map(PolicyStore.Stored::entry).orElse(TenantEntry.empty(tenant));
      TenantEntry after = change.apply(before);
      try {
        EntryCheck.check(after);
      } catch (IllegalArgumentException e) {
        throw CliException.usage(e.getMessage() + "; nothing was written");
      }
      boolean drop = after.fields().isEmpty();
      Integer version = null;
      if (!dryRun) {
        if (drop && now.isPresent()) {
          store.delete(tenant, before.version());
        } else if (!drop) {
          version = store.write(after);
        }
      }
      PolicyText.Change c = new PolicyText.Change(tenant, before.fields(), drop ? Map.of() : after.fields(),
          version, !dryRun, store.where());
      output.print(c, () -> PolicyText.change(c));
      return 0;
    }
  }
}
