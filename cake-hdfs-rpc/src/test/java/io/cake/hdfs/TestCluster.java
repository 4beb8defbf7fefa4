package io.cake.hdfs;

import io.cake.hdfs.datanode.CakeFsDatasetFactory;
import io.cake.hdfs.datanode.ClientNameParser;
import io.cake.hdfs.datanode.DataNodeReadScheduler;
import io.cake.hdfs.datanode.HdfsSchedulerConfig;
import java.io.IOException;
import java.time.Duration;
import java.util.Random;
import java.util.function.BooleanSupplier;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;

/** Shared helpers for the mini-cluster tests. */
public final class TestCluster {
  public static final int KB = 1024;
  public static final int MB = 1024 * KB;

  private TestCluster() {}

  /** A MiniDFSCluster configuration with the Cake DataNode hook; metrics rolled by the tests. */
  public static Configuration hookedConf(String dir) {
    Configuration c = new HdfsConfiguration();
    c.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, "target/" + dir);
    c.set(HdfsSchedulerConfig.FSDATASET_FACTORY_KEY, CakeFsDatasetFactory.class.getName());
    c.setLong(HdfsSchedulerConfig.METRICS_INTERVAL_MS_KEY, 0);
    c.setInt("dfs.replication", 1);
    return c;
  }

  public static DataNodeReadScheduler schedulerOf(DataNode dn) {
    DataNodeReadScheduler s = CakeFsDatasetFactory.schedulerOf(dn.getFSDataset());
    if (s == null) {
      throw new AssertionError("DataNode " + dn + " is not hooked");
    }
    return s;
  }

  /** A new, uncached client whose DFSClient name carries {@code attemptId} (null: a plain one). */
  public static FileSystem client(MiniDFSCluster cluster, Configuration conf, String attemptId)
      throws IOException {
    Configuration c = new Configuration(conf);
    if (attemptId != null) {
      c.set(ClientNameParser.ATTEMPT_ID_KEY, attemptId);
    }
    return FileSystem.newInstance(cluster.getURI(), c);
  }

  public static byte[] data(int len, long seed) {
    byte[] b = new byte[len];
    new Random(seed).nextBytes(b);
    return b;
  }

  public static void write(FileSystem fs, Path p, byte[] b, long blockSize) throws IOException {
    try (FSDataOutputStream out = fs.create(p, true, 4096, (short) 1, blockSize)) {
      out.write(b);
    }
  }

  public static long crc(byte[] b, int off, int len) {
    CRC32 c = new CRC32();
    c.update(b, off, len);
    return c.getValue();
  }

  /** Waits for {@code condition}, failing with {@code what} after {@code timeout}. */
  public static void await(String what, Duration timeout, BooleanSupplier condition)
      throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError("timed out after " + timeout + " waiting for " + what);
      }
      Thread.sleep(10); // polling interval of a condition wait, not a synchronisation by time
    }
  }

  /**
   * Writes {@code n} one-block files of 1 MB ({@code prefix} + index, content {@link #data} seeded
   * by the index) and returns each file's volume (storage ID): the DataNode spreads blocks over
   * its volumes round robin.
   */
  public static java.util.List<String> writeOneBlockFiles(
      DataNode dn, FileSystem fs, String prefix, int n, java.util.List<Path> files) throws IOException {
    java.util.List<String> volumes = new java.util.ArrayList<>();
    for (int i = 0; i < n; i++) {
      Path p = new Path(prefix + i);
      write(fs, p, data(MB, i), MB);
      files.add(p);
      volumes.add(dn.getFSDataset().getVolume(org.apache.hadoop.hdfs.DFSTestUtil.getFirstBlock(fs, p)).getStorageID());
    }
    return volumes;
  }

  /** Reads a file {@link #writeOneBlockFiles} wrote with seed {@code seed}, checking its content. */
  public static java.util.concurrent.CompletableFuture<Void> readAsync(FileSystem fs, Path p, int seed) {
    return java.util.concurrent.CompletableFuture.runAsync(() -> {
      byte[] got = new byte[MB];
      try (org.apache.hadoop.fs.FSDataInputStream in = fs.open(p)) {
        in.readFully(got);
      } catch (Exception e) {
        throw new IllegalStateException("reading " + p, e);
      }
      if (!java.util.Arrays.equals(got, data(MB, seed))) {
        throw new AssertionError("content of " + p);
      }
    });
  }
}
