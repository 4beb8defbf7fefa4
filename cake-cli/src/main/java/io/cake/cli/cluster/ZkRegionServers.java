package io.cake.cli.cluster;

import io.cake.cli.error.CliException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;

/**
 * Every live RegionServer of a cluster, as HBase itself lists them: the ephemeral znodes under
 * {@code <znode parent>/rs}, read with ZooKeeper's client.
 */
public final class ZkRegionServers {
  private ZkRegionServers() {}

  /**
   * A client that never connected still queues a close-session request and waits for its retry
   * loop to give up on it (about a second): then it is closed off the caller's thread, whose
   * answer (ZooKeeper unreachable) is already known. Its threads are daemons.
   */
  private static void close(ZooKeeper zk, boolean wasConnected) {
    Runnable close = () -> {
      try {
        zk.close();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    };
    if (wasConnected) {
      close.run();
    } else {
      Daemons.POOL.execute(close);
    }
  }

  public static List<RegionServerAddress> discover(ZkQuorum quorum, Duration timeout) {
    CountDownLatch connected = new CountDownLatch(1);
    ZooKeeper zk;
    try {
      zk = new ZooKeeper(quorum.connectString(), (int) Math.max(timeout.toMillis(), 4000), e -> {
        if (e.getState() == Watcher.Event.KeeperState.SyncConnected) {
          connected.countDown();
        }
      });
    } catch (IOException | IllegalArgumentException e) {
      throw new CliException("--zk " + quorum.connectString() + ": " + e.getMessage());
    }
    try {
      if (!connected.await(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new CliException("cannot reach ZooKeeper at " + quorum.connectString() + " (--zk) within "
            + timeout.toSeconds() + " s");
      }
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
    } finally {
      close(zk, connected.getCount() == 0);
    }
  }
}
