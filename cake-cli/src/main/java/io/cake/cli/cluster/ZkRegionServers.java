package io.cake.cli.cluster;

import io.cake.cli.error.CliException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooKeeper;

/**
 * Every live RegionServer of a cluster, as HBase itself lists them: the ephemeral znodes under
 * {@code <znode parent>/rs}, read with ZooKeeper's client.
 */
public final class ZkRegionServers {
  private ZkRegionServers() {}

  public static List<RegionServerAddress> discover(ZkQuorum quorum, Duration timeout) {
    try (ZkSession session = ZkSession.open(quorum, timeout)) {
      ZooKeeper zk = session.zk();
      String rs = quorum.znodeParent() + "/rs";
      List<String> names;
      try {
        names = zk.getChildren(rs, false);
      } catch (KeeperException.NoNodeException e) {
        throw new CliException("ZooKeeper at " + quorum.connectString() + " has no " + rs
            + ": is HBase running there, and is --znode-parent its zookeeper.znode.parent?");
      }
      if (names.isEmpty()) {
        throw new CliException("no RegionServer is registered under " + rs + " in ZooKeeper at " + quorum.connectString());
      }
      List<RegionServerAddress> out = new ArrayList<>();
      for (String name : names) {
        try {
          out.add(RegionServerZnode.parse(name, zk.getData(rs + "/" + name, false, null)));
        } catch (KeeperException.NoNodeException gone) {
          // stopped between the listing and this read: no longer part of the cluster
        } catch (IllegalArgumentException e) {
          throw new CliException("ZooKeeper at " + quorum.connectString() + ": " + e.getMessage());
        }
      }
      out.sort(java.util.Comparator.comparing(RegionServerAddress::host).thenComparingInt(RegionServerAddress::port));
      return List.copyOf(out);
    } catch (KeeperException e) {
      throw new CliException("reading " + quorum.znodeParent() + "/rs from ZooKeeper at " + quorum.connectString() + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new CliException("interrupted while reading ZooKeeper");
    }
  }
}
