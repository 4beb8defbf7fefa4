package io.cake.cli.policy;

import io.cake.controller.config.ControllerConfig;
import io.cake.core.config.ConfigNumbers;
import io.cake.core.config.TenantKeys;
import io.cake.core.contract.Contract;
import io.cake.core.policy.TenantEntry;
import io.cake.core.tenant.TenantNames;
import java.util.Map;
import java.util.TreeMap;

/**
 * Checks an entry before it is written, with the checks the servers give the same keys in a site
 * file (share and reservation as {@link TenantKeys}, the contract as {@link Contract}, the SLO as
 * the controller's {@link ControllerConfig#parseSlos}), so a value the servers would refuse never
 * reaches the store. What depends on a server's own file (whether all reservations fit its pool)
 * is checked where it applies: such an entry is skipped there and logged.
 */
public final class EntryCheck {
  private static final TenantKeys SHARED = new TenantKeys(TenantKeys.SHARED_PREFIX, "cake.<level>.default-share");

  private EntryCheck() {}

  /** Throws IllegalArgumentException naming the field and the rule. */
  public static void check(TenantEntry e) {
    checkFields(e);
    checkSlo(e);
  }

  /**
   * Each field on its own, so a bad value is refused before the store is read; whether the SLO
   * fields make one goal needs the entry as stored ({@link #check}).
   */
  public static void checkFields(TenantEntry e) {
    for (Map.Entry<String, String> f : e.fields().entrySet()) {
      String field = f.getKey();
      String value = f.getValue();
      try {
        switch (field) {
          case TenantEntry.SHARE, TenantEntry.RESERVATION -> SHARED.parse(Map.of(e.tenant() + "." + field, value), null);
          case TenantEntry.CONTRACT -> {
            if (TenantNames.BEST_EFFORT.equals(e.tenant())) {
              throw new IllegalArgumentException("tenant '" + e.tenant()
                  + "' is where calls over their contract are served; it cannot have a contract itself");
            }
            Contract.parse(e.keyOf(field), value);
          }
          case "slo.weight" -> ConfigNumbers.positiveDouble(e.keyOf(field), value);
          default -> { } // allowed-users: any names; the SLO's goal fields together, in checkSlo
        }
      } catch (IllegalArgumentException x) {
        // Named as the option that sets it: cake tenant set --share, --weight, ...
        throw new IllegalArgumentException("--" + (field.equals("slo.weight") ? "weight" : field) + ": "
            + x.getMessage(), x);
      }
    }
  }

  private static void checkSlo(TenantEntry e) {
    if (e.hasSlo()) {
      Map<String, String> slo = new TreeMap<>();
      e.fields().forEach((f, v) -> {
        if (f.startsWith(TenantEntry.SLO)) {
          slo.put(e.keyOf(f), v);
        }
      });
      try {
        ControllerConfig.parseSlos(slo);
      } catch (IllegalArgumentException x) {
        throw new IllegalArgumentException("SLO: " + x.getMessage(), x);
      }
    }
  }
}
