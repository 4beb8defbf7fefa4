package io.cake.hdfs.datanode;

import io.cake.core.level.FirstLevels;
import io.cake.core.time.Clock;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.DataStorage;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.FsDatasetFactory;
import org.apache.hadoop.util.ReflectionUtils;

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

  @Override
  public FsDatasetSpi<?> newInstance(DataNode datanode, DataStorage storage, Configuration conf)
      throws IOException {
    HdfsSchedulerConfig config = HdfsSchedulerConfig.from(conf); // fail fast on bad keys
    @SuppressWarnings("rawtypes")
    Class<? extends FsDatasetSpi.Factory> baseClass =
        conf.getClass(
            HdfsSchedulerConfig.BASE_FACTORY_KEY, FsDatasetFactory.class, FsDatasetSpi.Factory.class);
    if (CakeFsDatasetFactory.class.isAssignableFrom(baseClass)) {
      throw new IllegalArgumentException(
          HdfsSchedulerConfig.BASE_FACTORY_KEY + " must not name " + baseClass.getName());
    }
    FsDatasetSpi<?> real = ReflectionUtils.newInstance(baseClass, conf).newInstance(datanode, storage, conf);
    DataNodeReadScheduler scheduler =
        FirstLevels.create(
            "hdfs-" + datanode.getXferPort(),
            name -> new DataNodeReadScheduler(name, config, Clock.system()));
    scheduler.start(config.jmx() ? new HdfsSchedulerControl(scheduler) : null);
    return wrap(real, scheduler);
  }

  /** The proxy around {@code real}; public for embedding in other factories. */
  public static FsDatasetSpi<?> wrap(FsDatasetSpi<?> real, DataNodeReadScheduler scheduler) {
    return BlockStreamDataset.wrap(real, new Gate(scheduler));
  }

  /** The scheduler behind a dataset built by this factory, or null for any other dataset. */
  public static DataNodeReadScheduler schedulerOf(FsDatasetSpi<?> dataset) {
    return BlockStreamDataset.wrapperOf(dataset) instanceof Gate g ? g.scheduler : null;
  }

  /** Hooks each client read's block stream to Cake's gate. */
  private record Gate(DataNodeReadScheduler scheduler) implements BlockStreamDataset.Wrapper {
    @Override
    public void shutdown() {
      scheduler.close();
    }

    @Override
    public InputStream wrap(ExtendedBlock block, long offset, InputStream in) throws IOException {
      if (!scheduler.enabled()) {
        return in;
      }
      String client = ClientNameParser.readClientOfThread(Thread.currentThread().getName());
      if (client == null) {
        return in; // not a client read: balancer copy, replication, checksum, fd passing
      }
      DataNodeReadScheduler.ReadSession session = scheduler.openSession(scheduler.tenantOf(client), client);
      if (in instanceof FileInputStream f) {
        return new HookedFileInputStream(f, session);
      }
      return new HookedInputStream(in, session);
    }
  }
}
