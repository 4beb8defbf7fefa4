package io.cake.cli.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionServerInfo;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.zookeeper.ZKMetadata;
import org.junit.jupiter.api.Test;

/** The znode as HBase's own code writes it: RegionServerInfo, PBUF magic, RecoverableZooKeeper's metadata. */
class RegionServerZnodeTest {
  private static byte[] written(RegionServerInfo info) {
    byte[] value = ProtobufUtil.prependPBMagic(info.toByteArray());
    return ZKMetadata.appendMetaData(Bytes.toBytes("regionserver:16020"), value);
  }

  @Test
  void theNameGivesHostAndPortAndTheDataTheWebUiPort() {
    byte[] data = written(RegionServerInfo.newBuilder().setInfoPort(26621)
        .setVersionInfo(ProtobufUtil.getVersionInfo()).build());
    assertThat(RegionServerZnode.parse("127.0.0.2,26620,1795423110261", data))
        .isEqualTo(new RegionServerAddress("127.0.0.2", 26620, 26621));
  }

  @Test
  void aRegionServerWithoutAWebUiHasInfoPortMinusOne() {
    byte[] data = written(RegionServerInfo.newBuilder().setInfoPort(-1).build());
    assertThat(RegionServerZnode.parse("rs1,16020,1", data).infoPort()).isEqualTo(-1);
    // Data without RecoverableZooKeeper's metadata (another writer) reads the same.
    byte[] bare = ProtobufUtil.prependPBMagic(RegionServerInfo.newBuilder().setInfoPort(16030).build().toByteArray());
    assertThat(RegionServerZnode.parse("rs1,16020,1", bare).infoPort()).isEqualTo(16030);
  }

  @Test
  void malformedZnodesAreRefusedNamingThem() {
    assertThatThrownBy(() -> RegionServerZnode.parse("rs1:16020", new byte[0])).hasMessageContaining("'rs1:16020'");
    assertThatThrownBy(() -> RegionServerZnode.parse("rs1,port,1", new byte[0])).hasMessageContaining("no port");
    assertThatThrownBy(() -> RegionServerZnode.parse("rs1,16020,1", Bytes.toBytes("hello")))
        .hasMessageContaining("no PBUF magic");
  }
}
