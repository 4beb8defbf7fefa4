package io.cake.hdfs.datanode;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class HdfsSchedulerConfigTest {
  @Test
  void theDefaultBaseFactoryIsHadoopsOwnByName() {
    assertThat(HdfsSchedulerConfig.DEFAULT_BASE_FACTORY)
        .isEqualTo(org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.FsDatasetFactory.class.getName());
  }

  @Test
  void defaults() {
    HdfsSchedulerConfig c = HdfsSchedulerConfig.defaults();
    assertThat(c.softLimit()).isEqualTo(6);
    assertThat(c.chunkSize()).isEqualTo(64 * 1024);
    assertThat(c.batchTenant()).isEqualTo("batch");
    assertThat(c.enabled()).isTrue();
    assertThat(c.lendBetweenChunks()).isFalse();
    assertThat(c.metricsIntervalMs()).isEqualTo(10_000L);
    assertThat(c.stallTimeoutMs()).isEqualTo(10_000L);
    assertThat(c.stuckReadMs()).isEqualTo(1_000L);
    assertThat(c.allocation().shares()).isEmpty();
    assertThat(c.allocation().defaultShare()).isEqualTo(1.0);
  }

  @Test
  void sharedTenantKeysUnderTheDataNodesOwn() {
    Configuration conf = new Configuration(false);
    conf.set("cake.tenant.fe.share", "9");
    conf.set("cake.tenant.fe.reservation", "1");
    conf.set("cake.hdfs.tenant.fe.share", "4");
    HdfsSchedulerConfig c = HdfsSchedulerConfig.from(conf);
    assertThat(c.allocation().share("fe")).isEqualTo(4.0);
    assertThat(c.allocation().reservation("fe")).isEqualTo(1);
    assertThat(c.overrides()).containsExactly("cake.hdfs.tenant.fe.share=4.0 overrides cake.tenant.fe.share=9.0");
    conf.set("cake.tenant.fe.reservation", "6");
    assertThatThrownBy(() -> HdfsSchedulerConfig.from(conf)).hasMessageContaining("cake.hdfs.soft-limit");
  }

  @Test
  void tenantKeys() {
    Configuration conf = new Configuration(false);
    conf.set("cake.hdfs.tenant.fe.share", "4");
    conf.set("cake.hdfs.tenant.fe.reservation", "2");
    conf.set("cake.hdfs.tenant.batch.v2.share", "0.5");
    conf.set("cake.hdfs.default-share", "2");
    conf.set("cake.hdfs.soft-limit", "8");
    conf.set("cake.hdfs.soft-limit.per-volume", " 2 ");
    HdfsSchedulerConfig c = HdfsSchedulerConfig.from(conf);
    assertThat(c.volumeLimit()).isEqualTo(2);
    assertThat(HdfsSchedulerConfig.defaults().volumeLimit()).as("off by default").isZero();
    assertThat(c.allocation().share("fe")).isEqualTo(4.0);
    assertThat(c.allocation().share("batch.v2")).isEqualTo(0.5);
    assertThat(c.allocation().share("other")).isEqualTo(2.0);
    assertThat(c.allocation().reservation("fe")).isEqualTo(2);
    assertThat(c.softLimit()).isEqualTo(8);
  }

  @Test
  void badValuesNameTheKey() {
    assertRefused("cake.hdfs.tenant.fe.share", "x", "cake.hdfs.tenant.fe.share");
    // These two name the key, not only the tenant ("share of 'fe'", "reservation of 'fe'").
    assertRefused("cake.hdfs.tenant.fe.share", "-1", "cake.hdfs.tenant.fe.share must be a positive");
    assertRefused("cake.hdfs.tenant.fe.reservation", "-1", "cake.hdfs.tenant.fe.reservation must be >= 0");
    assertRefused("cake.hdfs.tenant.fe.reservation", "x", "cake.hdfs.tenant.fe.reservation");
    assertRefused("cake.hdfs.tenant.fe.reservation", "6", "at most 5");
    assertRefused("cake.hdfs.tenant.fe.reservation", "6", "cake.hdfs.soft-limit must be >= 7");
    assertRefused("cake.hdfs.default-share", "x", "cake.hdfs.default-share");
    assertRefused("cake.hdfs.default-share", "0", "cake.hdfs.default-share");
    assertRefused("cake.hdfs.tenant.fe.weight", "1", "unknown key cake.hdfs.tenant.fe.weight");
    assertRefused("cake.hdfs.tenant.b c.share", "1", "cake.hdfs.tenant.b c.share");
    assertRefused("cake.hdfs.soft-limit", "0", "cake.hdfs.soft-limit");
    assertRefused("cake.hdfs.chunk-size", "100", "cake.hdfs.chunk-size");
    assertRefused("cake.hdfs.soft-limit.per-volume", "-1", "cake.hdfs.soft-limit.per-volume must be within [0, 1024]");
    assertRefused("cake.hdfs.soft-limit.per-volume", "one", "cake.hdfs.soft-limit.per-volume must be an integer");
    assertRefused("cake.hdfs.batch-tenant", "a b", "cake.hdfs.batch-tenant");
    assertRefused("cake.hdfs.metrics.interval-ms", "-1", "cake.hdfs.metrics.interval-ms");
    // Not Hadoop's bare NumberFormatException (For input string: "lots"): the key is named.
    assertRefused("cake.hdfs.soft-limit", "lots", "cake.hdfs.soft-limit must be an integer, got 'lots'");
    assertRefused("cake.hdfs.chunk-size", "64k", "cake.hdfs.chunk-size must be an integer");
    assertRefused("cake.hdfs.max-tenants", "many", "cake.hdfs.max-tenants must be an integer");
    assertRefused("cake.hdfs.stall-timeout-ms", "10s", "cake.hdfs.stall-timeout-ms must be an integer");
    assertRefused("cake.hdfs.stuck-read-ms", "-1", "cake.hdfs.stuck-read-ms must be >= 0");
    assertRefused("cake.hdfs.stuck-read-ms", "1s", "cake.hdfs.stuck-read-ms must be an integer");
    assertRefused("cake.hdfs.metrics.interval-ms", "1.5", "cake.hdfs.metrics.interval-ms must be an integer");
  }

  @Test
  void booleansAreTrueOrFalseAndNothingElse() {
    // Hadoop's getBoolean falls back to the default for these, silently.
    for (String key : new String[] {"cake.hdfs.enabled", "cake.hdfs.lend-between-chunks", "cake.hdfs.jmx.enabled"}) {
      for (String junk : new String[] {"yes", "ture", "0", ""}) {
        assertRefused(key, junk, key);
        assertRefused(key, junk, "'" + junk + "'");
      }
    }
    Configuration conf = new Configuration(false);
    conf.set("cake.hdfs.enabled", " FALSE ");
    conf.set("cake.hdfs.lend-between-chunks", "True");
    HdfsSchedulerConfig c = HdfsSchedulerConfig.from(conf);
    assertThat(c.enabled()).isFalse();
    assertThat(c.lendBetweenChunks()).isTrue();
  }

  private static void assertRefused(String key, String value, String message) {
    Configuration conf = new Configuration(false);
    conf.set(key, value);
    assertThatThrownBy(() -> HdfsSchedulerConfig.from(conf))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }
}
