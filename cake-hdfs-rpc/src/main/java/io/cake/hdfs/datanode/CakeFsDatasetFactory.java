package io.cake.hdfs.datanode;

import io.cake.core.level.FirstLevels;
import io.cake.core.time.Clock;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.DataStorage;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.FsDatasetFactory;
import org.apache.hadoop.util.ReflectionUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The DataNode hook, by configuration only (hdfs-site.xml):
 *
 * <pre>dfs.datanode.fsdataset.factory = io.cake.hdfs.datanode.CakeFsDatasetFactory</pre>
 *
 * Builds the real dataset with the stock factory (or {@link
 * HdfsSchedulerConfig#BASE_FACTORY_KEY}) and returns a {@link BlockStreamDataset} proxy that
 * forwards every call. It changes one result: the stream from {@code
 * getBlockInputStream(ExtendedBlock, long)} is wrapped in a stream hooked to Cake's gate (a {@link
 * DataNodeReadScheduler.ReadSession}) when the calling thread
 * is a DataXceiver serving a client's OP_READ_BLOCK, the only path by which BlockSender gets block
 * data. It also closes this DataNode's scheduler when the dataset shuts down.
 */
public class CakeFsDatasetFactory extends FsDatasetSpi.Factory<FsDatasetSpi<?>> {
  private static final Logger LOG = LoggerFactory.getLogger(CakeFsDatasetFactory.class);

  @Override
  public FsDatasetSpi<?> newInstance(DataNode datanode, DataStorage storage, Configuration conf)
      throws IOException {
    @SuppressWarnings("rawtypes")
    Class<? extends FsDatasetSpi.Factory> baseClass =
        conf.getClass(
            HdfsSchedulerConfig.BASE_FACTORY_KEY, FsDatasetFactory.class, FsDatasetSpi.Factory.class);
    if (CakeFsDatasetFactory.class.isAssignableFrom(baseClass)) {
      throw new IllegalArgumentException(
          HdfsSchedulerConfig.BASE_FACTORY_KEY + " must not name " + baseClass.getName());
    }
    FsDatasetSpi<?> real = ReflectionUtils.newInstance(baseClass, conf).newInstance(datanode, storage, conf);
    HdfsSchedulerConfig config;
    try {
      config = HdfsSchedulerConfig.from(conf);
    } catch (IllegalArgumentException e) {
      // As the RegionServer does: a bad Cake setting costs scheduling, never the DataNode.
      LOG.error("Cake: invalid configuration, this DataNode serves reads UNSCHEDULED (stock) until"
          + " it restarts with a valid one: {}", e.getMessage());
      return real;
    }
    config.overrides().forEach(o -> LOG.warn("Cake: {} (the DataNode's own key wins)", o));
    String domainSocket = conf.getTrimmed("dfs.domain.socket.path", "");
    if (!domainSocket.isEmpty()) {
      LOG.warn("Cake: this DataNode serves short-circuit reads (dfs.domain.socket.path={}): local"
          + " clients that turn them on read block files directly, past Cake's disk gate", domainSocket);
    }
    DataNodeReadScheduler scheduler =
        FirstLevels.create(
            "hdfs-" + datanode.getXferPort(),
            name -> new DataNodeReadScheduler(name, config, Clock.system()));
    scheduler.start(config.jmx() ? new HdfsSchedulerControl(scheduler) : null);
    return BlockStreamDataset.wrap(real, new Gate(scheduler, real, claims(datanode, conf, scheduler.name())));
  }

  /**
   * The proxy around {@code real}, honouring every tenant a client names; public for embedding
   * in other factories.
   */
  public static FsDatasetSpi<?> wrap(FsDatasetSpi<?> real, DataNodeReadScheduler scheduler) {
    return BlockStreamDataset.wrap(real, new Gate(scheduler, real, new TenantClaims(scheduler.name(), false, Set.of())));
  }

  /** Who may name a tenant: checked when block tokens tell who reads; see {@link TenantClaims}. */
  private static TenantClaims claims(DataNode datanode, Configuration conf, String name) {
    if (!conf.getBoolean(DFSConfigKeys.DFS_BLOCK_ACCESS_TOKEN_ENABLE_KEY, false)) {
      return new TenantClaims(name, false, Set.of());
    }
    Set<String> users = new HashSet<>(Arrays.asList(conf.getTrimmedStrings(
        HdfsSchedulerConfig.SERVICE_USERS_KEY, HdfsSchedulerConfig.DEFAULT_SERVICE_USERS)));
    try {
      TokenUsers.install(datanode);
    } catch (ReflectiveOperationException | RuntimeException e) {
      LOG.error("Cake: cannot see who reads on this Hadoop ({}): every tenant a client names reads"
          + " as default", e.toString());
      users = Set.of();
    }
    return new TenantClaims(name, true, users);
  }

  /** The scheduler behind a dataset built by this factory, or null for any other dataset. */
  public static DataNodeReadScheduler schedulerOf(FsDatasetSpi<?> dataset) {
    return BlockStreamDataset.wrapperOf(dataset) instanceof Gate g ? g.scheduler : null;
  }

  /** Hooks each client read's block stream to Cake's gate. */
  private record Gate(DataNodeReadScheduler scheduler, FsDatasetSpi<?> real, TenantClaims claims)
      implements BlockStreamDataset.Wrapper {
    @Override
    public void shutdown() {
      scheduler.close();
    }

    @Override
    public InputStream wrap(ExtendedBlock block, long offset, InputStream in) throws IOException {
      if (!scheduler.enabled()) {
        return in;
      }
      String thread = Thread.currentThread().getName();
      String client = ClientNameParser.readClientOfThread(thread);
      if (client == null) {
        if (ClientNameParser.isShortCircuitOpen(thread)) {
          scheduler.shortCircuitOpened(thread);
        }
        return in; // not a client read: balancer copy, replication, checksum, fd passing
      }
      DataNodeReadScheduler.ReadSession session =
          scheduler.openSession(scheduler.tenantOf(claims.admit(client, TokenUsers.verifiedUser())),
              client, volumeOf(block));
      if (in instanceof FileInputStream f) {
        return new HookedFileInputStream(f, session);
      }
      return new HookedInputStream(in, session);
    }

    /** The block's volume (storage ID), so that a hung volume's reads can skip the gate. */
    private String volumeOf(ExtendedBlock block) {
      try {
        FsVolumeSpi v = real.getVolume(block);
        return v == null ? null : v.getStorageID();
      } catch (RuntimeException e) {
        return null; // the read is still gated, only not per volume
      }
    }
  }
}
