package io.cake.cli.command;

import io.cake.cli.cluster.HostList;
import io.cake.cli.cluster.MasterZnode;
import io.cake.cli.cluster.RegionServerAddress;
import io.cake.cli.cluster.ZkQuorum;
import io.cake.cli.cluster.ZkRegionServers;
import io.cake.cli.policy.PolicyStore;
import io.cake.cli.status.ClusterStatus;
import io.cake.cli.status.DataNodeAddresses;
import io.cake.cli.status.StatusReader;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** Which cluster: its ZooKeeper (every live RegionServer), or RegionServers named directly. */
public final class ClusterOptions {
  @Spec(Spec.Target.MIXEE)
  CommandSpec mixee;

  @Option(names = "--zk", paramLabel = "HOST[:PORT][,...]", defaultValue = "${env:CAKE_ZK:-localhost:2181}",
      description = "the cluster's ZooKeeper quorum; a host without a port takes the next one's, else 2181"
          + " (default: $CAKE_ZK, else ${DEFAULT-VALUE})")
  String zk;

  @Option(names = "--znode-parent", paramLabel = "PATH", defaultValue = ZkQuorum.DEFAULT_PARENT,
      description = "HBase's zookeeper.znode.parent (default ${DEFAULT-VALUE})")
  String znodeParent;

  @Option(names = "--hosts", paramLabel = "HOST[:INFO_PORT][,...]",
      description = "these RegionServers instead of ZooKeeper's list; the port is the web UI's"
          + " (hbase.regionserver.info.port, default " + RegionServerAddress.DEFAULT_INFO_PORT + ")")
  String hosts;

  @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "5",
      description = "how long to wait for ZooKeeper and for each server (default ${DEFAULT-VALUE})")
  int timeoutSeconds;

  public Duration timeout() {
    if (timeoutSeconds < 1 || timeoutSeconds > 600) {
      throw new ParameterException(mixee.commandLine(), "--timeout must be 1 to 600 seconds, got " + timeoutSeconds);
    }
    return Duration.ofSeconds(timeoutSeconds);
  }

  /** Every RegionServer's state, read at once (and each one's DataNode, as {@code datanodes} says). */
  public ClusterStatus status(DataNodeAddresses datanodes) {
    Optional<RegionServerAddress> master = master();
    return reader(datanodes).read(regionServers(), master == null ? null : master.orElse(null));
  }

  public StatusReader reader(DataNodeAddresses datanodes) {
    return new StatusReader(timeout(), datanodes);
  }

  /** The cluster's policy store, in its ZooKeeper ({@code --hosts} names no ZooKeeper, so it is refused). */
  public PolicyStore store() {
    if (hosts != null) {
      throw new ParameterException(mixee.commandLine(), "the policy store is in the cluster's ZooKeeper: give --zk, not --hosts");
    }
    try {
      return PolicyStore.open(ZkQuorum.parse(zk, znodeParent), timeout());
    } catch (IllegalArgumentException e) {
      throw new ParameterException(mixee.commandLine(), e.getMessage(), e);
    }
  }

  /**
   * The active HMaster as ZooKeeper names it (empty while there is none); null with {@code
   * --hosts}, which names no ZooKeeper to find it in.
   */
  public Optional<RegionServerAddress> master() {
    if (hosts != null) {
      return null;
    }
    try {
      return MasterZnode.discover(ZkQuorum.parse(zk, znodeParent), timeout());
    } catch (IllegalArgumentException e) {
      throw new ParameterException(mixee.commandLine(), e.getMessage(), e);
    }
  }

  /** The RegionServers to talk to: ZooKeeper's live list, or {@code --hosts}. */
  public List<RegionServerAddress> regionServers() {
    Duration timeout = timeout();
    try {
      if (hosts != null) {
        if (mixee.commandLine().getParseResult().hasMatchedOption("--zk")) {
          throw new IllegalArgumentException("give --zk or --hosts, not both");
        }
        return HostList.parse(hosts);
      }
      ZkQuorum quorum = ZkQuorum.parse(zk, znodeParent);
      return ZkRegionServers.discover(quorum, timeout);
    } catch (IllegalArgumentException e) {
      throw new ParameterException(mixee.commandLine(), e.getMessage(), e);
    }
  }
}
