package io.cake.core.policy;

import io.cake.core.config.TenantKeys;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Consumer;

/**
 * How the policy store and the site file make one configuration: a field set in the store wins
 * over every site-file key for that tenant and field (the shared and the level's own), so an
 * operator's {@code cake tenant set} is what applies; a field the store does not set keeps the
 * site file's value. An SLO in the store replaces the site file's whole SLO for that tenant, so
 * a latency goal in the file and a throughput goal in the store never meet.
 *
 * <p>Entries are applied one at a time, in tenant order, and each server checks the result with
 * the validator a site file gets (the {@code accepts} function): an entry it refuses is skipped,
 * reported, and the rest still apply. So a hand-edited entry out of range costs its own tenant
 * only.
 */
public final class PolicyOverlay {
  private PolicyOverlay() {}

  /** What a server applies, and the entries it skipped (tenant to why). */
  public record Merged(Map<String, String> keys, Map<String, String> skipped) {}

  /** Returns why {@code keys} are refused, or null when they are accepted. */
  @FunctionalInterface
  public interface Check {
    String refusal(Map<String, String> keys);
  }

  /**
   * @param site the {@code cake.*} keys of the site file
   * @param check the server's validator over the {@code cake.*} keys
   */
  public static Merged merge(Map<String, String> site, StoredPolicy store, Check check) {
    Map<String, String> keys = new TreeMap<>(site);
    Map<String, String> skipped = new TreeMap<>(store.unreadable());
    for (TenantEntry e : store.entries()) {
      Map<String, String> next = over(keys, e);
      String why = check.refusal(next);
      if (why == null) {
        keys = next;
      } else {
        skipped.put(e.tenant(), why);
      }
    }
    return new Merged(keys, skipped);
  }

  /** {@code keys} with entry {@code e} laid over them. */
  public static Map<String, String> over(Map<String, String> keys, TenantEntry e) {
    Map<String, String> next = new TreeMap<>(keys);
    for (String field : e.fields().keySet()) {
      if (field.equals(TenantEntry.SHARE) || field.equals(TenantEntry.RESERVATION)) {
        next.remove(TenantKeys.HBASE_PREFIX + e.tenant() + "." + field);
        next.remove(TenantKeys.SHARED_PREFIX + e.tenant() + "." + field);
      }
    }
    if (e.hasSlo()) {
      String slo = TenantEntry.SLO_KEY_PREFIX + e.tenant() + ".";
      next.keySet().removeIf(k -> k.startsWith(slo));
    }
    next.putAll(e.siteKeys());
    return next;
  }

  /** Logs each skip once per reason: a store read again must not repeat the same ERROR. */
  public static Consumer<Map<String, String>> once(Consumer<String> log) {
    Map<String, String> said = new TreeMap<>();
    return skipped -> {
      skipped.forEach((tenant, why) -> {
        if (!why.equals(said.get(tenant))) {
          log.accept("policy store entry '" + tenant + "' skipped, the site file applies for it: " + why);
        }
      });
      said.clear();
      said.putAll(skipped);
    };
  }
}
