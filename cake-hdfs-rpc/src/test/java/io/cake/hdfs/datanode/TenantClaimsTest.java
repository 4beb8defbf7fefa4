package io.cake.hdfs.datanode;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class TenantClaimsTest {
  private static final String CLAIM = "DFSClient_cake_frontend_-12_3";
  private static final String TASK = "DFSClient_attempt_1700000000000_0001_m_000001_0_-12_3";

  @Test
  void withoutBlockTokensEveryClaimCounts() {
    TenantClaims c = new TenantClaims("dn", false, Set.of("hbase"));
    assertThat(c.admit(CLAIM, null)).isEqualTo(CLAIM);
    assertThat(c.admit(CLAIM, "mallory")).isEqualTo(CLAIM);
    assertThat(c.refused()).isZero();
  }

  @Test
  void withBlockTokensOnlyTheServiceUsersClaimCounts() {
    TenantClaims c = new TenantClaims("dn", true, Set.of("hbase"));
    assertThat(c.admit(CLAIM, "hbase")).isEqualTo(CLAIM);
    assertThat(c.admit(CLAIM, "mallory")).isNull();
    assertThat(c.admit(CLAIM, null)).as("no verified user").isNull();
    assertThat(c.admit(TASK, "mallory")).as("names no tenant").isEqualTo(TASK);
    assertThat(c.admit("DFSClient_NONMAPREDUCE_-1_2", "mallory")).isEqualTo("DFSClient_NONMAPREDUCE_-1_2");
    assertThat(c.refused()).isEqualTo(2);
  }

  @Test
  void noServiceUsersRefusesEveryClaim() {
    TenantClaims c = new TenantClaims("dn", true, Set.of());
    assertThat(c.admit(CLAIM, "hbase")).isNull();
  }
}
