package io.cake.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PolicyOverlayTest {
  private static final Map<String, String> SITE = Map.of(
      "cake.hbase.tenant.batch.share", "1",
      "cake.tenant.batch.reservation", "2",
      "cake.slo.front.latency-ms", "300",
      "cake.slo.front.percentile", "99.9",
      "cake.slo.front.weight", "2",
      "cake.hbase.enabled", "true");

  @Test
  void aStoredFieldWinsOverEverySiteKeyForItAndAnUnsetFieldKeepsTheFiles() {
    TenantEntry batch = TenantEntry.empty("batch").with("share", "3");
    Map<String, String> keys = PolicyOverlay.over(SITE, batch);
    assertThat(keys).containsEntry("cake.tenant.batch.share", "3").doesNotContainKey("cake.hbase.tenant.batch.share")
        .containsEntry("cake.tenant.batch.reservation", "2").containsEntry("cake.hbase.enabled", "true");
  }

  @Test
  void aStoredSloReplacesTheFilesWholeSloForTheTenant() {
    TenantEntry front = TenantEntry.empty("front").with("slo.throughput", "50");
    Map<String, String> keys = PolicyOverlay.over(SITE, front);
    assertThat(keys).containsEntry("cake.slo.front.throughput", "50").doesNotContainKeys(
        "cake.slo.front.latency-ms", "cake.slo.front.percentile", "cake.slo.front.weight");
  }

  @Test
  void anEntryTheServerRefusesIsSkippedAndTheRestApply() {
    StoredPolicy store = new StoredPolicy(3, List.of(TenantEntry.empty("a").with("share", "-1"),
        TenantEntry.empty("b").with("share", "2")), Map.of("c", "unknown field 'shares'"));
    PolicyOverlay.Merged m = PolicyOverlay.merge(Map.of(), store,
        keys -> keys.values().stream().anyMatch(v -> v.startsWith("-")) ? "negative" : null);
    assertThat(m.keys()).isEqualTo(Map.of("cake.tenant.b.share", "2"));
    assertThat(m.skipped()).isEqualTo(Map.of("a", "negative", "c", "unknown field 'shares'"));
  }
}
