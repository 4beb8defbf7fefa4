package io.cake.hdfs.datanode;

import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who may name a Cake tenant to the DataNode. A DFS client names its tenant in its client name
 * ({@code DFSClient_cake_<tenant>_...}), which any HDFS user can set. With block tokens the
 * DataNode knows who reads ({@link TokenUsers}): then only {@link
 * HdfsSchedulerConfig#SERVICE_USERS_KEY} (the RegionServers' user) may name a tenant, and anyone
 * else's claim reads as {@code default}. Without block tokens the DataNode cannot tell users apart
 * (nor can HDFS, for any check at the DataNode), and every claim is honoured.
 */
final class TenantClaims {
  private static final Logger LOG = LoggerFactory.getLogger(DataNodeReadScheduler.class);

  private final String name;
  private final boolean checked;
  private final Set<String> serviceUsers;
  private final AtomicLong refused = new AtomicLong();
  private final AtomicBoolean logged = new AtomicBoolean();

  /**
   * {@code checked}: block tokens are on, so claims are checked against {@code serviceUsers}
   * (empty: every claim refused, as when the reading user cannot be seen).
   */
  TenantClaims(String name, boolean checked, Set<String> serviceUsers) {
    this.name = name;
    this.checked = checked;
    this.serviceUsers = Set.copyOf(serviceUsers);
  }

  /**
   * The client name to schedule a read by: {@code clientName}, or null (read as {@code default})
   * when it names a tenant and {@code user} may not.
   */
  String admit(String clientName, String user) {
    if (!checked || !ClientNameParser.namesTenant(clientName)
        || (user != null && serviceUsers.contains(user))) {
      return clientName;
    }
    refused.incrementAndGet();
    if (logged.compareAndSet(false, true)) {
      LOG.warn("Cake {}: user {} named a tenant ({}) but is not in {}={}: its reads are scheduled"
              + " as default. Further ones are only counted", name, user, clientName,
          HdfsSchedulerConfig.SERVICE_USERS_KEY, String.join(",", serviceUsers));
    }
    return null;
  }

  /** Claims read as default since start. */
  long refused() {
    return refused.get();
  }
}
