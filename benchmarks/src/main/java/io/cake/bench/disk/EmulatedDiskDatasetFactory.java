package io.cake.bench.disk;

import io.cake.hdfs.datanode.BlockReadHook;
import io.cake.hdfs.datanode.BlockStreamDataset;
import io.cake.hdfs.datanode.HookedFileInputStream;
import io.cake.hdfs.datanode.HookedInputStream;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.server.datanode.DataStorage;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsDatasetSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.FsVolumeSpi;
import org.apache.hadoop.hdfs.server.datanode.fsdataset.impl.FsDatasetFactory;

/**
 * Puts an {@link EmulatedDisk} under a DataNode, for benchmarks only: builds the stock dataset and
 * returns a {@link BlockStreamDataset} proxy whose {@code getBlockInputStream} streams wait for the emulated device before
 * every read of block data (client reads, and also replication or scanner reads, as a disk would).
 * Metadata (checksum) files are not charged.
 *
 * <p>Each DataNode volume is one actuator: volumes numbered in the order of their directories
 * (data1, data2, ...), modulo the model's volume count. So the DataNode should have as many
 * volumes as the model (the benchmark's mini-cluster does), and Cake's gate, which knows blocks
 * by volume, sees the devices the model serves.
 *
 * <p>Installed with {@code dfs.datanode.fsdataset.factory} = this class, or under Cake's DataNode
 * hook with {@code cake.hdfs.fsdataset.base-factory} = this class, so Cake's gate sits above the
 * disk: Cake decides what goes to the disk, the model is the disk. Parameters: {@link #PREFIX} +
 * the {@link DiskModel} option names.
 */
public final class EmulatedDiskDatasetFactory extends FsDatasetSpi.Factory<FsDatasetSpi<?>> {
  public static final String PREFIX = "cake.bench.";
  private static final List<EmulatedDisk> LIVE = new CopyOnWriteArrayList<>();

  /** The emulated disks of this JVM's running DataNodes. */
  public static List<EmulatedDisk> disks() {
    return List.copyOf(LIVE);
  }

  @Override
  public FsDatasetSpi<?> newInstance(DataNode datanode, DataStorage storage, Configuration conf)
      throws IOException {
    DiskModel model = DiskModel.from(PREFIX, conf::get);
    FsDatasetSpi<?> real = new FsDatasetFactory().newInstance(datanode, storage, conf);
    EmulatedDisk disk = EmulatedDisk.parking(model);
    LIVE.add(disk);
    VolumeActuators actuators = new VolumeActuators(real, disk);
    return BlockStreamDataset.wrap(
        real,
        new BlockStreamDataset.Wrapper() {
          @Override
          public InputStream wrap(ExtendedBlock block, long offset, InputStream in) throws IOException {
            DiskHook hook = new DiskHook(disk, actuators.of(block), block.getBlockId(), offset);
            return in instanceof FileInputStream f ? new HookedFileInputStream(f, hook) : new HookedInputStream(in, hook);
          }

          @Override
          public void shutdown() {
            LIVE.remove(disk);
          }
        });
  }

  /** Which actuator serves a block: its volume's number, by directory name. */
  static final class VolumeActuators {
    private final FsDatasetSpi<?> dataset;
    private final EmulatedDisk disk;
    private final Map<String, Integer> byStorage = new ConcurrentHashMap<>();

    VolumeActuators(FsDatasetSpi<?> dataset, EmulatedDisk disk) {
      this.dataset = dataset;
      this.disk = disk;
    }

    int of(ExtendedBlock block) throws IOException {
      FsVolumeSpi v = dataset.getVolume(block);
      if (v == null) {
        return disk.actuatorOf(block.getBlockId());
      }
      Integer n = byStorage.get(v.getStorageID());
      if (n == null) {
        number();
        n = byStorage.getOrDefault(v.getStorageID(), disk.actuatorOf(block.getBlockId()));
      }
      return n;
    }

    /** Numbers the dataset's volumes in the order of their directories. */
    private synchronized void number() throws IOException {
      List<FsVolumeSpi> volumes = new ArrayList<>();
      try (FsDatasetSpi.FsVolumeReferences refs = dataset.getFsVolumeReferences()) {
        refs.forEach(volumes::add);
      }
      volumes.sort(Comparator.comparing(v -> v.getBaseURI().toString()));
      for (int i = 0; i < volumes.size(); i++) {
        byStorage.put(volumes.get(i).getStorageID(), i);
      }
    }
  }

  /** Charges each read of one block stream to the block's actuator. */
  static final class DiskHook implements BlockReadHook {
    private final EmulatedDisk disk;
    private final int actuator;
    private final long blockId;
    /** Where the next read starts when the stream cannot say (not a file). */
    private long next;

    DiskHook(EmulatedDisk disk, int actuator, long blockId, long start) {
      this.disk = disk;
      this.actuator = actuator;
      this.blockId = blockId;
      this.next = start;
    }

    @Override
    public int begin(long position, int wanted) throws InterruptedIOException {
      long at = position >= 0 ? position : next;
      disk.read(actuator, blockId, at, wanted);
      next = at + wanted;
      return wanted;
    }

    @Override
    public void end() {}

    @Override
    public void close() {}

    @Override
    public boolean wantsPosition() {
      return true;
    }
  }
}
