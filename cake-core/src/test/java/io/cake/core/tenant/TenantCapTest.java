package io.cake.core.tenant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TenantCapTest {
  @Test
  void namesBeyondTheCapFoldIntoDefaultAndKnownOnesStay() {
    TenantCap cap = new TenantCap(3, "cake.x.max-tenants");
    assertThat(cap.admit("a")).isEqualTo("a");
    assertThat(cap.admit("b")).isEqualTo("b");
    assertThat(cap.admit("c")).isEqualTo("default");
    assertThat(cap.admit("a")).isEqualTo("a");
    assertThat(cap.size()).isEqualTo(3);
    assertThat(cap.folded()).isEqualTo(1);
  }

  @Test
  void pinnedTenantsEnterWhateverTheCapAndAreNeverCrowdedOut() {
    TenantCap cap = new TenantCap(2, "cake.x.max-tenants");
    cap.pin("frontend");
    for (int i = 0; i < 100_000; i++) {
      cap.admit("junk" + i);
    }
    cap.pin("batch");
    assertThat(cap.admit("frontend")).isEqualTo("frontend");
    assertThat(cap.admit("batch")).isEqualTo("batch");
    assertThat(cap.size()).as("default, frontend, batch").isEqualTo(3);
    assertThat(cap.folded()).isEqualTo(100_000);
  }

  @Test
  void aCapBelowOneIsRefusedNamingTheKey() {
    assertThatThrownBy(() -> new TenantCap(0, "cake.hdfs.max-tenants"))
        .hasMessage("cake.hdfs.max-tenants must be >= 1, got 0");
    assertThatThrownBy(() -> new TenantCap(2, "k").pin("bad name")).hasMessageContaining("bad name");
  }
}
