package io.cake.cli.cluster;

import io.cake.cli.error.CliException;
import java.time.Duration;
import java.util.Arrays;
import java.util.Optional;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ZooKeeperProtos.Master;
import org.apache.hbase.thirdparty.com.google.protobuf.InvalidProtocolBufferException;
import org.apache.zookeeper.KeeperException;

/**
 * The active HMaster's znode, {@code <znode parent>/master}: HBase's {@code Master} message (its
 * server name and web UI port) behind the same metadata and magic as a RegionServer's znode.
 */
public final class MasterZnode {
  private MasterZnode() {}

  /** The active HMaster, or empty while none is (between a master's death and the next one's start). */
  public static Optional<RegionServerAddress> discover(ZkQuorum quorum, Duration timeout) {
    String path = quorum.znodeParent() + "/master";
    try (ZkSession session = ZkSession.open(quorum, timeout)) {
      return Optional.of(parse(session.zk().getData(path, false, null)));
    } catch (KeeperException.NoNodeException e) {
      return Optional.empty();
    } catch (KeeperException e) {
      throw new CliException("reading " + path + " from ZooKeeper at " + quorum.connectString() + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CliException("interrupted while reading ZooKeeper");
    }
  }

  static RegionServerAddress parse(byte[] raw) {
    byte[] data = RegionServerZnode.withoutMetadata(raw);
    byte[] magic = RegionServerZnode.PB_MAGIC;
    if (data == null || data.length < magic.length || !Arrays.equals(data, 0, magic.length, magic, 0, magic.length)) {
      throw new IllegalArgumentException("the master znode holds no Master message (no PBUF magic)");
    }
    try {
      Master m = Master.parseFrom(Arrays.copyOfRange(data, magic.length, data.length));
      return new RegionServerAddress(m.getMaster().getHostName(), m.getMaster().getPort(),
          m.hasInfoPort() ? m.getInfoPort() : -1);
    } catch (InvalidProtocolBufferException e) {
      throw new IllegalArgumentException("the master znode: " + e.getMessage(), e);
    }
  }
}
