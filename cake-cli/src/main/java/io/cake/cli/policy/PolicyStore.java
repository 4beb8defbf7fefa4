package io.cake.cli.policy;

import io.cake.cli.cluster.ZkQuorum;
import io.cake.cli.cluster.ZkSession;
import io.cake.cli.error.CliException;
import io.cake.core.policy.StoredPolicy;
import io.cake.core.policy.TenantEntry;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;

/**
 * The tool's side of the cluster's policy store ({@link StoredPolicy#path}): read, and write with
 * the version read, so two operators' writes never silently undo each other (the second is
 * refused and told to read again). With a JAAS login configured (a Kerberos cluster) entries are
 * created writable by their creator only and readable by all, as HBase's own znodes; otherwise
 * open, like the rest of an unsecured HBase.
 */
public final class PolicyStore implements AutoCloseable {
  private final ZkSession session;
  private final String path;

  /** One entry as stored, with when it was last written. */
  public record Stored(TenantEntry entry, Instant modified) {}

  /** Every entry; the znodes that do not parse, tenant to why. */
  public record Listing(List<Stored> entries, Map<String, String> unreadable) {}

  private PolicyStore(ZkSession session) {
    this.session = session;
    this.path = StoredPolicy.path(session.quorum().znodeParent());
  }

  public static PolicyStore open(ZkQuorum quorum, Duration timeout) {
    return new PolicyStore(ZkSession.open(quorum, timeout));
  }

  /** Where it is, for messages. */
  public String where() {
    return session.quorum().connectString() + " " + path;
  }

  public Listing list() {
    List<Stored> entries = new ArrayList<>();
    Map<String, String> unreadable = new TreeMap<>();
    List<String> names;
    try {
      names = new ArrayList<>(session.zk().getChildren(path, false));
    } catch (KeeperException.NoNodeException e) {
      return new Listing(List.of(), Map.of());
    } catch (KeeperException e) {
      throw failed("reading", e);
    } catch (InterruptedException e) {
      throw interrupted();
    }
    names.sort(null);
    for (String name : names) {
      try {
        read(name).ifPresent(entries::add);
      } catch (IllegalArgumentException e) {
        unreadable.put(name, e.getMessage());
      }
    }
    return new Listing(entries, unreadable);
  }

  /** The tenant's entry; IllegalArgumentException when it is there but does not parse. */
  public Optional<Stored> read(String tenant) {
    Stat stat = new Stat();
    try {
      byte[] data = session.zk().getData(path + "/" + tenant, false, stat);
      return Optional.of(new Stored(TenantEntry.parse(tenant, data == null ? new byte[0] : data, stat.getVersion()),
          Instant.ofEpochMilli(stat.getMtime())));
    } catch (KeeperException.NoNodeException e) {
      return Optional.empty();
    } catch (KeeperException e) {
      throw failed("reading", e);
    } catch (InterruptedException e) {
      throw interrupted();
    }
  }

  /** Writes {@code entry} if the store still holds the version it was read at; returns the new version. */
  public int write(TenantEntry entry) {
    String node = path + "/" + entry.tenant();
    try {
      if (entry.version() == TenantEntry.NEW) {
        ensureParents();
        session.zk().create(node, entry.toBytes(), acl(), CreateMode.PERSISTENT);
        return 0;
      }
      return session.zk().setData(node, entry.toBytes(), entry.version()).getVersion();
    } catch (KeeperException.NodeExistsException | KeeperException.BadVersionException
        | KeeperException.NoNodeException e) {
      throw changedMeanwhile(entry.tenant());
    } catch (KeeperException e) {
      throw failed("writing", e);
    } catch (InterruptedException e) {
      throw interrupted();
    }
  }

  /** Drops the tenant's entry if it is still at {@code version}. */
  public void delete(String tenant, int version) {
    try {
      session.zk().delete(path + "/" + tenant, version);
    } catch (KeeperException.BadVersionException | KeeperException.NoNodeException e) {
      throw changedMeanwhile(tenant);
    } catch (KeeperException e) {
      throw failed("writing", e);
    } catch (InterruptedException e) {
      throw interrupted();
    }
  }

  private void ensureParents() throws KeeperException, InterruptedException {
    StringBuilder at = new StringBuilder();
    for (String part : path.substring(1).split("/")) {
      at.append('/').append(part);
      try {
        session.zk().create(at.toString(), new byte[0], acl(), CreateMode.PERSISTENT);
      } catch (KeeperException.NodeExistsException exists) {
        // made by HBase, or by an earlier write
      }
    }
  }

  private static List<ACL> acl() {
    if (System.getProperty("java.security.auth.login.config") == null) {
      return ZooDefs.Ids.OPEN_ACL_UNSAFE;
    }
    List<ACL> acl = new ArrayList<>(ZooDefs.Ids.CREATOR_ALL_ACL);
    acl.addAll(ZooDefs.Ids.READ_ACL_UNSAFE);
    return acl;
  }

  private CliException changedMeanwhile(String tenant) {
    return new CliException("tenant '" + tenant + "' changed in the policy store since it was read (another"
        + " writer); nothing was written: run the command again");
  }

  private CliException failed(String doing, KeeperException e) {
    return new CliException(doing + " the policy store at " + where() + ": " + e.getMessage());
  }

  private static CliException interrupted() {
    Thread.currentThread().interrupt();
    return new CliException("interrupted while talking to ZooKeeper");
  }

  @Override
  public void close() {
    session.close();
  }
}
