package io.cake.hdfs.datanode;

import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.DataStorage;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.FsDatasetFactory;

/**
 * Test support: the stock dataset, whose block reads on a {@link #hang hung} volume block until
 * {@link #release}, as reads of a disk that stopped answering do. Installed under Cake's hook as
 * {@code cake.hdfs.fsdataset.base-factory}, so Cake's gate sits above the hung volume.
 */
public final class HangingVolumeDatasetFactory extends FsDatasetSpi.Factory<FsDatasetSpi<?>> {
  private static final Set<String> HUNG = ConcurrentHashMap.newKeySet();
  private static final AtomicInteger BLOCKED = new AtomicInteger();
  private static volatile CountDownLatch release = new CountDownLatch(1);

  /** Reads of {@code storageId} block from now on. */
  public static void hang(String storageId) {
    release = new CountDownLatch(1);
    HUNG.add(storageId);
  }

  /** Every hung volume answers again. */
  public static void release() {
    HUNG.clear();
    release.countDown();
  }

  /** Reads blocked in a hung volume now. */
  public static int blocked() {
    return BLOCKED.get();
  }

  @Override
  public FsDatasetSpi<?> newInstance(DataNode datanode, DataStorage storage, Configuration conf)
      throws IOException {
    FsDatasetSpi<?> real = new FsDatasetFactory().newInstance(datanode, storage, conf);
    return BlockStreamDataset.wrap(real, (block, offset, in) -> {
      FsVolumeSpi v = real.getVolume(block);
      Hang hook = new Hang(v == null ? "" : v.getStorageID());
      return in instanceof FileInputStream f ? new HookedFileInputStream(f, hook) : new HookedInputStream(in, hook);
    });
  }

  private record Hang(String volume) implements BlockReadHook {
    @Override
    public int begin(long position, int wanted) throws IOException {
      if (HUNG.contains(volume)) {
        BLOCKED.incrementAndGet();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new InterruptedIOException("interrupted in a hung volume");
        } finally {
          BLOCKED.decrementAndGet();
        }
      }
      return wanted;
    }

    @Override
    public void end() {}

    @Override
    public void close() {}
  }
}
