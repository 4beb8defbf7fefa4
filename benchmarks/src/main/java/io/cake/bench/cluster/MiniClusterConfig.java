package io.cake.bench.cluster;

import io.cake.bench.disk.EmulatedDiskDatasetFactory;
import io.cake.hdfs.datanode.CakeFsDatasetFactory;
import io.cake.hdfs.datanode.HdfsSchedulerConfig;
import org.apache.hadoop.conf.Configuration;

/** The keys the embedded mini-cluster starts with: Cake's DataNode hook, the disk, no background work. */
final class MiniClusterConfig {
  /** HDFS block size under the emulated disk. */
  static final long HDD_BLOCK_BYTES = 4L << 20;

  private MiniClusterConfig() {}

  /** Sets the cluster's keys in {@code c}, its HBaseTestingUtility's configuration, before it starts. */
  static void apply(Configuration c, EmbeddedCluster.Settings settings) {
    // DataNode: Cake's read hook, off until a Cake policy turns it on.
    c.set(HdfsSchedulerConfig.FSDATASET_FACTORY_KEY, CakeFsDatasetFactory.class.getName());
    c.setBoolean(HdfsSchedulerConfig.ENABLED_KEY, false);
    c.setLong(HdfsSchedulerConfig.METRICS_INTERVAL_MS_KEY, settings.metricsIntervalMs());
    c.setInt("dfs.replication", 1);
    if (settings.disk() != null) {
      c.set(HdfsSchedulerConfig.BASE_FACTORY_KEY, EmulatedDiskDatasetFactory.class.getName());
      settings.disk().toKeys(EmulatedDiskDatasetFactory.PREFIX).forEach(c::set);
      c.setLong("dfs.blocksize", HDD_BLOCK_BYTES);
    }
    // A small block cache so reads reach HDFS.
    c.setFloat("hfile.block.cache.size", settings.blockCacheFraction());
    c.setInt("hbase.regionserver.handler.count", settings.handlers());
    // The master always runs the stock scheduler and quotas (so hbase:quota exists).
    c.set("hbase.master.rpc.scheduler.factory.class",
        "org.apache.hadoop.hbase.regionserver.SimpleRpcSchedulerFactory");
    c.setBoolean("hbase.quota.enabled", true);
    c.setInt("hbase.quota.refresh.period", 1000);
    // No background work during measurements: no balancer moves, no splits, no periodic flushes.
    c.setInt("hbase.balancer.period", Integer.MAX_VALUE);
    c.setLong("hbase.regionserver.optionalcacheflushinterval", 0);
    c.setInt("hbase.client.retries.number", 30);
    c.setInt("hbase.regionserver.msginterval", 500); // load reports: quicker region moves
    // A region move returns when the master's next poll (every hbase.master.event.waiting.time,
    // default 1 s) finds its procedure done: at the default each takes a whole 1 or 2 s, a swap 3-4 s.
    c.setInt("hbase.master.event.waiting.time", 50);
  }
}
