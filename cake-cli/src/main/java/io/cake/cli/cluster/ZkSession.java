package io.cake.cli.cluster;

import io.cake.cli.error.CliException;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;

/** One connected ZooKeeper session of the tool, or a CliException naming the quorum and {@code --zk}. */
public final class ZkSession implements AutoCloseable {
  private final ZooKeeper zk;
  private final ZkQuorum quorum;

  private ZkSession(ZooKeeper zk, ZkQuorum quorum) {
    this.zk = zk;
    this.quorum = quorum;
  }

  public static ZkSession open(ZkQuorum quorum, Duration timeout) {
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
        closeUnconnected(zk);
        throw new CliException("cannot reach ZooKeeper at " + quorum.connectString() + " (--zk) within "
            + timeout.toSeconds() + " s");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      closeUnconnected(zk);
      throw new CliException("interrupted while connecting to ZooKeeper");
    }
    return new ZkSession(zk, quorum);
  }

  /**
   * A client that never connected still queues a close-session request and waits for its retry
   * loop to give up on it (about a second): it is closed off the caller's thread, whose answer
   * (ZooKeeper unreachable) is already known. Its threads are daemons.
   */
  private static void closeUnconnected(ZooKeeper zk) {
    Daemons.POOL.execute(() -> close(zk));
  }

  private static void close(ZooKeeper zk) {
    try {
      zk.close();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  public ZooKeeper zk() {
    return zk;
  }

  public ZkQuorum quorum() {
    return quorum;
  }

  @Override
  public void close() {
    close(zk);
  }
}
