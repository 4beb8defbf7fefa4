package io.cake.hbase.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class CakeSettingsTest {
  private static Configuration conf(String... kv) {
    Configuration c = new Configuration(false);
    for (int i = 0; i < kv.length; i += 2) {
      c.set(kv[i], kv[i + 1]);
    }
    return c;
  }

  @Test
  void defaults() {
    CakeSettings s = CakeSettings.from(conf());
    assertThat(s.enabled()).isTrue();
    assertThat(s.allocation().shares()).isEmpty();
    assertThat(s.allocation().defaultShare()).isEqualTo(1.0);
    assertThat(s.queuePerTenant()).isEqualTo(1000);
    assertThat(s.queueTotal()).isEqualTo(10000);
    assertThat(s.maxTenants()).isEqualTo(64);
    assertThat(s.aimd().minSize()).isEqualTo(4);
    assertThat(s.aimd().maxSize()).isEqualTo(72);
    assertThat(s.initialHandlers()).as("hbase.regionserver.handler.count default").isEqualTo(30);
    assertThat(s.metricsInterval()).isEqualTo(Duration.ofSeconds(10));
    assertThat(s.aclEnforced(false)).isFalse();
    assertThat(s.aclEnforced(true)).isTrue();
  }

  @Test
  void readsTenantsRulesAndBounds() {
    CakeSettings s =
        CakeSettings.from(
            conf(
                "cake.hbase.tenant.front.share", "9",
                "cake.hbase.tenant.front.reservation", "2",
                "cake.hbase.tenant.web.v2.share", "0.5",
                "cake.hbase.tenant.front.allowed-users", "alice, bob",
                "cake.hbase.user-rules", "carol:batch,dave:front",
                "cake.hbase.tenant-acl", "ENFORCE",
                "cake.hbase.queue.per-tenant", "5",
                "cake.hbase.aimd.min", "3",
                "cake.hbase.aimd.max", "8",
                "hbase.regionserver.handler.count", "100"));
    assertThat(s.allocation().share("front")).isEqualTo(9.0);
    assertThat(s.allocation().share("web.v2")).isEqualTo(0.5);
    assertThat(s.allocation().reservation("front")).isEqualTo(2);
    assertThat(s.allowedUsers()).containsEntry("front", Set.of("alice", "bob"));
    assertThat(s.userRules()).isEqualTo(Map.of("carol", "batch", "dave", "front"));
    assertThat(s.aclEnforced(false)).isTrue();
    assertThat(s.queuePerTenant()).isEqualTo(5);
    assertThat(s.initialHandlers()).as("clamped to aimd.max").isEqualTo(8);
  }

  @Test
  void readsContractsAndRefusesBadOnesNamingTheKey() {
    CakeSettings s = CakeSettings.from(conf("cake.hbase.tenant.front.contract", "200:50, 1000:10"));
    assertThat(s.contracts()).containsOnlyKeys("front");
    assertThat(s.contracts().get("front").buckets()).hasSize(2);
    assertThat(CakeSettings.from(conf()).contracts()).isEmpty();
    for (String bad : new String[] {"0:5", "-2:5", "200:0", "200", "fast:5", ""}) {
      assertThatThrownBy(() -> CakeSettings.from(conf("cake.hbase.tenant.front.contract", bad)))
          .as("'%s'", bad).hasMessageContaining("cake.hbase.tenant.front.contract");
    }
    assertThatThrownBy(() -> CakeSettings.from(conf("cake.hbase.tenant.best-effort.contract", "5:5")))
        .hasMessageContaining("cake.hbase.tenant.best-effort.contract");
  }

  @Test
  void readsBestEffortsHoldAndRefusesBadOnesNamingTheKey() {
    assertThat(CakeSettings.from(conf()).bestEffortHandlers()).isEqualTo(1.0);
    assertThat(CakeSettings.from(conf("cake.hbase.best-effort.handlers", "0.5")).bestEffortHandlers()).isEqualTo(0.5);
    assertThat(CakeSettings.from(conf("cake.hbase.best-effort.handlers", "0")).bestEffortHandlers()).as("no hold").isZero();
    for (String bad : new String[] {"-1", "NaN", "many", "73"}) {
      assertThatThrownBy(() -> CakeSettings.from(conf("cake.hbase.best-effort.handlers", bad)))
          .as("'%s'", bad).hasMessageContaining("cake.hbase.best-effort.handlers");
    }
  }

  @Test
  void badValuesNameTheKey() {
    assertThatThrownBy(() -> CakeSettings.from(conf("cake.hbase.tenant.a.share", "-1")))
        .hasMessageContaining("cake.hbase.tenant.a.share");
    assertThatThrownBy(() -> CakeSettings.from(conf("cake.hbase.tenant.a.share", "lots")))
        .hasMessageContaining("must be a number");
    assertThatThrownBy(() -> CakeSettings.from(conf("cake.hbase.tenant.a b.share", "1")))
        .hasMessageContaining("a b");
    assertThatThrownBy(() -> CakeSettings.from(conf("cake.hbase.tenant.a.shares", "1")))
        .hasMessageContaining("unknown key cake.hbase.tenant.a.shares");
    assertThatThrownBy(() -> CakeSettings.from(conf("cake.hbase.tenant.a.reservation", "-2")))
        .hasMessageContaining(">= 0");
    assertThatThrownBy(() -> CakeSettings.from(conf("cake.hbase.tenant.a.reservation", "4")))
        .hasMessageContaining("at most 3")
        .hasMessageContaining("cake.hbase.aimd.min (the smallest the handler pool may shrink to) must be >= 5");
    assertThatThrownBy(() -> CakeSettings.from(conf("cake.hbase.default-share", "0")))
        .hasMessageContaining("cake.hbase.default-share");
    assertThatThrownBy(() -> CakeSettings.from(conf("cake.hbase.user-rules", "carol")))
        .hasMessageContaining("user:tenant");
    assertThatThrownBy(() -> CakeSettings.from(conf("cake.hbase.tenant-acl", "sometimes")))
        .hasMessageContaining("permissive, enforce, auto");
    assertThatThrownBy(() -> CakeSettings.from(conf("cake.hbase.queue.total", "0")))
        .hasMessageContaining("cake.hbase.queue.total");
    assertThatThrownBy(() -> CakeSettings.from(conf("cake.hbase.aimd.min", "9", "cake.hbase.aimd.max", "8")))
        .hasMessageContaining("cake.hbase.aimd");
  }

  @Test
  void booleansAreTrueOrFalseAndNothingElse() {
    // Hadoop's getBoolean falls back to the default for these, silently.
    for (String key : new String[] {"cake.hbase.enabled", "cake.hbase.aimd.enabled", "cake.hbase.jmx.enabled"}) {
      for (String junk : new String[] {"yes", "ture", "1", "off", ""}) {
        assertThatThrownBy(() -> CakeSettings.from(conf(key, junk)))
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining(key)
            .hasMessageContaining("'" + junk + "'");
      }
    }
    CakeSettings s =
        CakeSettings.from(
            conf("cake.hbase.enabled", " FALSE ", "cake.hbase.aimd.enabled", "False", "cake.hbase.jmx.enabled", "TRUE"));
    assertThat(s.enabled()).isFalse();
    assertThat(s.aimdEnabled()).isFalse();
    assertThat(s.jmxEnabled()).isTrue();
  }

  @Test
  void sharedTenantKeysUnderTheRegionServersOwn() {
    Configuration conf = new Configuration(false);
    conf.set("cake.tenant.fe.share", "9");
    conf.set("cake.tenant.fe.reservation", "1");
    conf.set("cake.tenant.batch.share", "1");
    conf.set("cake.hbase.tenant.batch.share", "2");
    CakeSettings s = CakeSettings.from(conf);
    assertThat(s.allocation().share("fe")).isEqualTo(9.0);
    assertThat(s.allocation().reservation("fe")).isEqualTo(1);
    assertThat(s.allocation().share("batch")).isEqualTo(2.0);
    assertThat(s.overrides()).containsExactly("cake.hbase.tenant.batch.share=2.0 overrides cake.tenant.batch.share=1.0");
  }
}
