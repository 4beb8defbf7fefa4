package io.cake.core.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TenantEntryTest {
  private static byte[] text(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }

  @Test
  void readsWhatItWritesAndEachFieldStandsForOneSiteKey() {
    TenantEntry e = TenantEntry.empty("front").with("share", "3").with("contract", "100:20")
        .with("slo.latency-ms", "200").with("allowed-users", "web,api");
    TenantEntry read = TenantEntry.parse("front", e.toBytes(), 4);
    assertThat(read.fields()).isEqualTo(e.fields());
    assertThat(read.version()).isEqualTo(4);
    assertThat(read.siteKeys()).isEqualTo(Map.of(
        "cake.tenant.front.share", "3",
        "cake.hbase.tenant.front.contract", "100:20",
        "cake.hbase.tenant.front.allowed-users", "web,api",
        "cake.slo.front.latency-ms", "200"));
    assertThat(read.hasSlo()).isTrue();
  }

  @Test
  void refusesUnknownFieldsEmptyValuesAndBadTenantsNamingThem() {
    assertThatThrownBy(() -> TenantEntry.parse("front", text("shares=2\n"), 0)).hasMessageContaining("unknown field 'shares'");
    assertThatThrownBy(() -> TenantEntry.parse("front", text("share=\n"), 0)).hasMessageContaining("field 'share' is empty");
    assertThatThrownBy(() -> TenantEntry.parse("front end", text("share=1\n"), 0)).hasMessageContaining("tenant");
    assertThatThrownBy(() -> TenantEntry.empty("a").with("share", "1\nreservation=3")).hasMessageContaining("one line");
  }

  @Test
  void anEntryWrittenByHBasesOwnZooKeeperClientReadsTheSame() throws Exception {
    // RecoverableZooKeeper's header: 0xFF, the id's length, the id, then the data.
    byte[] id = text("12345@rs1");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    out.write(0xFF);
    out.write(ByteBuffer.allocate(4).putInt(id.length).array());
    out.write(id);
    out.write(text("share=2\n"));
    assertThat(TenantEntry.parse("a", out.toByteArray(), 0).fields()).isEqualTo(Map.of("share", "2"));
  }
}
