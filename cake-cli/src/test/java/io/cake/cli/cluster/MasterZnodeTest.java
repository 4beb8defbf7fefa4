package io.cake.cli.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ZooKeeperProtos;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.zookeeper.ZKMetadata;
import org.junit.jupiter.api.Test;

/** The master znode as HBase writes it (CakeCliIT reads a real one). */
class MasterZnodeTest {
  @Test
  void theMasterMessageGivesHostPortAndWebUiPort() {
    // What MasterAddressTracker.toByteArray (package-private) writes.
    byte[] value = ProtobufUtil.prependPBMagic(ZooKeeperProtos.Master.newBuilder()
        .setMaster(ProtobufUtil.toServerName(ServerName.valueOf("127.0.0.1", 25600, 1795423110261L)))
        .setRpcVersion(0).setInfoPort(25610).build().toByteArray());
    byte[] written = ZKMetadata.appendMetaData(Bytes.toBytes("master:25600"), value);
    assertThat(MasterZnode.parse(written)).isEqualTo(new RegionServerAddress("127.0.0.1", 25600, 25610));
  }

  @Test
  void aZnodeWithoutTheMessageIsRefused() {
    assertThatThrownBy(() -> MasterZnode.parse(Bytes.toBytes("hello"))).hasMessageContaining("no PBUF magic");
  }
}
