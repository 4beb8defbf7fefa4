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
  void tenantsIdleForLongAreForgottenAndGiveTheirPlaceToNewOnes() {
    TenantCap cap = new TenantCap(3, "cake.x.max-tenants");
    cap.pin("frontend");
    assertThat(cap.admit("job1")).isEqualTo("job1");
    assertThat(cap.admit("job2")).isEqualTo("default");
    for (int i = 1; i < TenantCap.IDLE_INTERVALS; i++) {
      assertThat(cap.endInterval()).as("interval " + i).isEmpty();
    }
    assertThat(cap.admit("job1")).as("seen again in the last interval").isEqualTo("job1");
    for (int i = 1; i < TenantCap.IDLE_INTERVALS; i++) {
      assertThat(cap.endInterval()).isEmpty();
    }
    assertThat(cap.endInterval()).as("idle for IDLE_INTERVALS since its last call").containsExactly("job1");
    assertThat(cap.contains("job1")).isFalse();
    assertThat(cap.forgotten()).isEqualTo(1);
    assertThat(cap.admit("job2")).as("its place is free").isEqualTo("job2");
    assertThat(cap.contains("frontend")).as("pinned: never forgotten").isTrue();
    assertThat(cap.contains("default")).isTrue();
  }

  @Test
  void aJunkFloodFillsTheCapOnlyUntilItGoesIdle() {
    TenantCap cap = new TenantCap(64, "cake.x.max-tenants");
    for (int i = 0; i < 100_000; i++) {
      cap.admit("junk" + i);
    }
    assertThat(cap.admit("newjob")).isEqualTo("default");
    for (int i = 0; i < TenantCap.IDLE_INTERVALS; i++) {
      cap.endInterval();
    }
    assertThat(cap.size()).as("only default is left").isEqualTo(1);
    assertThat(cap.admit("newjob")).isEqualTo("newjob");
  }

  @Test
  void aCapBelowOneIsRefusedNamingTheKey() {
    assertThatThrownBy(() -> new TenantCap(0, "cake.hdfs.max-tenants"))
        .hasMessage("cake.hdfs.max-tenants must be >= 1, got 0");
    assertThatThrownBy(() -> new TenantCap(2, "k").pin("bad name")).hasMessageContaining("bad name");
  }
}
