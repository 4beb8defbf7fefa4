package io.cake.cli.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ZkQuorumTest {
  @Test
  void aHostWithoutAPortTakesTheNextOnesElse2181() {
    ZkQuorum q = ZkQuorum.parse("zk1,zk2,zk3:2182", "/hbase");
    assertThat(q.connectString()).isEqualTo("zk1:2182,zk2:2182,zk3:2182");
    assertThat(ZkQuorum.parse("a:1,b:2,c", "/hbase").ports()).containsExactly(1, 2, 2181);
    assertThat(ZkQuorum.parse(" 127.0.0.1:21181 ", "/hbase-unsecure").toString()).isEqualTo("127.0.0.1:21181/hbase-unsecure");
  }

  @Test
  void badQuorumsAndParentsAreRefusedNamingTheOption() {
    assertThatThrownBy(() -> ZkQuorum.parse("", "/hbase")).hasMessageStartingWith("--zk");
    assertThatThrownBy(() -> ZkQuorum.parse("zk1:abc", "/hbase")).hasMessageStartingWith("--zk").hasMessageContaining("zk1:abc");
    assertThatThrownBy(() -> ZkQuorum.parse("zk1:70000", "/hbase")).hasMessageContaining("out of range");
    assertThatThrownBy(() -> ZkQuorum.parse("zk1,,zk2", "/hbase")).hasMessageStartingWith("--zk");
    assertThatThrownBy(() -> ZkQuorum.parse("zk1", "hbase")).hasMessageStartingWith("--znode-parent");
    assertThatThrownBy(() -> ZkQuorum.parse("zk1", "/hbase/")).hasMessageStartingWith("--znode-parent");
  }
}
