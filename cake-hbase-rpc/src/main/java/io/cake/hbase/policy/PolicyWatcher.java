package io.cake.hbase.policy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import io.cake.core.policy.PolicyOverlay;
import io.cake.core.policy.StoredPolicy;
import io.cake.core.policy.TenantEntry;
import java.util.function.Consumer;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.WatchedEvent;
import org.apache.zookeeper.Watcher;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the policy store, {@code <zookeeper.znode.parent>/cake/tenants/<tenant>}, and again each
 * time ZooKeeper says it changed. Every read sets a watch on the parent's children and on each
 * entry, and any event rereads the whole store: it holds at most a few dozen small entries, and one
 * rule for every change (created, edited, dropped, reconnected) is simpler than tracking each.
 *
 * <p>Mechanism only: it hands each changed read to its listener, on its own thread; what applies
 * is {@link PolicyOverlay}'s rule. A read that fails (ZooKeeper away) keeps the last one; the
 * client reconnects and the next SyncConnected reads again. An expired session starts a new one.
 */
public final class PolicyWatcher implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PolicyWatcher.class);

  private final String connectString;
  private final int sessionTimeoutMs;
  private final String path;
  private final Consumer<StoredPolicy> listener;
  private final ExecutorService thread;
  private final AtomicBoolean readQueued = new AtomicBoolean();
  private volatile ZooKeeper zk;
  private volatile boolean closed;
  private StoredPolicy last; // on the watcher's thread only; null until the first read
  private String lastFailure = "";

  public PolicyWatcher(String connectString, int sessionTimeoutMs, String path, Consumer<StoredPolicy> listener) {
    this.connectString = connectString;
    this.sessionTimeoutMs = sessionTimeoutMs;
    this.path = path;
    this.listener = listener;
    this.thread = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "cake-policy-watcher");
      t.setDaemon(true);
      return t;
    });
  }

  /** Connects; the first read follows as soon as the session is up. */
  public void start() {
    thread.execute(this::connect);
  }

  /** Where it reads, for logs and the MBean. */
  public String describe() {
    return "ZooKeeper " + connectString + " " + path;
  }

  private void connect() {
    if (closed) {
      return;
    }
    try {
      zk = new ZooKeeper(connectString, sessionTimeoutMs, this::process);
    } catch (IOException | IllegalArgumentException e) {
      LOG.error("Cake: cannot read the policy store at {}: {}; the site file alone applies", describe(), e.toString());
    }
  }

  private void process(WatchedEvent event) {
    if (closed) {
      return;
    }
    if (event.getState() == Watcher.Event.KeeperState.Expired) {
      thread.execute(() -> {
        closeSession();
        connect();
      });
      return;
    }
    if (event.getType() != Watcher.Event.EventType.None
        || event.getState() == Watcher.Event.KeeperState.SyncConnected) {
      queueRead();
    }
  }

  private void queueRead() {
    if (readQueued.compareAndSet(false, true)) {
      thread.execute(() -> {
        readQueued.set(false);
        read();
      });
    }
  }

  private void read() {
    ZooKeeper z = zk;
    if (z == null || closed) {
      return;
    }
    List<TenantEntry> entries = new ArrayList<>();
    Map<String, String> unreadable = new TreeMap<>();
    try {
      List<String> names;
      try {
        names = new ArrayList<>(z.getChildren(path, true));
      } catch (KeeperException.NoNodeException e) {
        z.exists(path, true); // told when the first entry's parents appear
        names = List.of();
      }
      names.sort(null);
      for (String name : names) {
        Stat stat = new Stat();
        byte[] data;
        try {
          data = z.getData(path + "/" + name, true, stat);
        } catch (KeeperException.NoNodeException gone) {
          continue; // dropped between the listing and this read; the children watch fires
        }
        try {
          entries.add(TenantEntry.parse(name, data == null ? new byte[0] : data, stat.getVersion()));
        } catch (IllegalArgumentException e) {
          unreadable.put(name, e.getMessage());
        }
      }
    } catch (KeeperException e) {
      failed(e.toString()); // connection loss: the next SyncConnected reads again
      return;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return;
    }
    if (!lastFailure.isEmpty()) {
      LOG.info("Cake: the policy store at {} reads again", describe());
      lastFailure = "";
    }
    StoredPolicy next = new StoredPolicy(last == null ? 1 : last.generation() + 1, entries, unreadable);
    if (last != null && next.sameAs(last)) {
      return;
    }
    last = next;
    try {
      listener.accept(next);
    } catch (RuntimeException e) {
      LOG.error("Cake: applying the policy store failed; the configuration in force stays", e);
    }
  }

  private void failed(String why) {
    if (!why.equals(lastFailure)) {
      LOG.warn("Cake: cannot read the policy store at {}, keeping what was read before: {}", describe(), why);
      lastFailure = why;
    }
  }

  private void closeSession() {
    ZooKeeper z = zk;
    zk = null;
    if (z != null) {
      try {
        z.close();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public void close() {
    closed = true;
    thread.execute(this::closeSession);
    thread.shutdown();
  }
}
