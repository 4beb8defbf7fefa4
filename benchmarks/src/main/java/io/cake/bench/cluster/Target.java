package io.cake.bench.cluster;

import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.hbase.client.Connection;

/** The cluster under test: the embedded mini-cluster, or an existing one reached through ZooKeeper. */
public interface Target extends AutoCloseable {
  /** A new connection for {@code tenant}, as its own user, with the tenant connection attribute. */
  Connection connect(String tenant) throws IOException;

  /** The HBase client configuration of {@link #connect}'s connections (for client processes). */
  org.apache.hadoop.conf.Configuration clientConfiguration();

  /** Whether this target can switch policies (the embedded one can). */
  boolean canApplyPolicies();

  /** Sets the cluster up for {@code policy}; may restart the RegionServer. */
  void apply(Policy policy) throws Exception;

  /** Cake's allocation now, if Cake's schedulers are reachable from here. */
  Optional<AllocationPoint> allocation(double tSeconds);

  /**
   * The last closed metrics interval of the RegionServer's Cake scheduler while a Cake policy runs
   * (the server-side latencies the controller steers on), else empty.
   */
  default Optional<io.cake.core.metrics.SchedulerSnapshot> hbaseSnapshot() {
    return Optional.empty();
  }

  /** Loads {@code records} rows once (no-op if the table already has them). */
  void load(long records, ProgressSink progress) throws Exception;

  /** Where to report load progress. */
  interface ProgressSink {
    void update(String line);
  }

  /** One line describing the target (for results.json). */
  String describe();

  @Override
  void close() throws Exception;
}
