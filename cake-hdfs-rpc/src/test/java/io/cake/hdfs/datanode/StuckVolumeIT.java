package io.cake.hdfs.datanode;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.hdfs.TestCluster;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.junit.jupiter.api.Test;

/**
 * Hostile, on a real DataNode with two volumes: one volume stops answering while reads hold every
 * disk slot. Were stuck reads not written off, a read of the other volume would wait for the stall
 * timeout (here 10 minutes, the test gives it 60 s); written off, it waits about {@code stuck-read-ms}.
 */
class StuckVolumeIT {
  private static final int SLOTS = 2;

  @Test
  void aHungVolumeDoesNotStallReadsOfTheOtherVolume() throws Exception {
    Configuration conf = TestCluster.hookedConf("stuck-volume");
    conf.set(HdfsSchedulerConfig.BASE_FACTORY_KEY, HangingVolumeDatasetFactory.class.getName());
    conf.setInt(HdfsSchedulerConfig.SOFT_LIMIT_KEY, SLOTS);
    conf.setLong(HdfsSchedulerConfig.STUCK_READ_MS_KEY, 1_000);
    conf.setLong(HdfsSchedulerConfig.STALL_TIMEOUT_MS_KEY, 600_000);
    MiniDFSCluster cluster =
        new MiniDFSCluster.Builder(conf).numDataNodes(1).storagesPerDatanode(2).build();
    try {
      cluster.waitActive();
      DataNode dn = cluster.getDataNodes().get(0);
      DataNodeReadScheduler sched = TestCluster.schedulerOf(dn);
      FileSystem fs = cluster.getFileSystem();
      // One block per file; the DataNode spreads blocks over its volumes round robin.
      List<Path> files = new ArrayList<>();
      List<String> volumes = TestCluster.writeOneBlockFiles(dn, fs, "/f", 6, files);
      String hung = volumes.get(0);
      int healthy = volumes.indexOf(volumes.stream().filter(v -> !v.equals(hung)).findFirst().orElseThrow());
      List<Integer> onHung = new ArrayList<>();
      for (int i = 0; i < files.size(); i++) {
        if (volumes.get(i).equals(hung)) {
          onHung.add(i);
        }
      }
      assertThat(onHung).hasSizeGreaterThan(SLOTS);

      HangingVolumeDatasetFactory.hang(hung);
      List<CompletableFuture<Void>> stuck = new ArrayList<>();
      List<FileSystem> clients = new ArrayList<>();
      for (int k = 0; k < SLOTS; k++) {
        int i = onHung.get(k);
        FileSystem c = TestCluster.client(cluster, conf, null);
        clients.add(c);
        stuck.add(TestCluster.readAsync(c, files.get(i), i));
      }
      TestCluster.await("every slot held by a read of the hung volume", Duration.ofSeconds(30),
          () -> HangingVolumeDatasetFactory.blocked() == SLOTS);

      FileSystem reader = TestCluster.client(cluster, conf, null);
      clients.add(reader);
      long t0 = System.nanoTime();
      TestCluster.readAsync(reader, files.get(healthy), healthy).get(60, TimeUnit.SECONDS);
      long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
      System.out.printf("StuckVolumeIT: a read of the healthy volume took %d ms with %d slots stuck%n",
          waitedMs, SLOTS);
      assertThat(sched.stuckReads()).as("the slot it got was written off").isPositive();
      // The two stuck reads were granted a moment apart, so the watch (every quarter of
      // stuck-read-ms) may write them off on different ticks, and the healthy read needs only one.
      TestCluster.await("every stuck read written off", Duration.ofSeconds(30),
          () -> sched.stuckReads() >= SLOTS);
      assertThat(sched.stuckVolumes()).containsExactly(hung);

      // A further read of the hung volume skips the gate (and hangs in the volume, not in Cake).
      int third = onHung.get(SLOTS);
      FileSystem late = TestCluster.client(cluster, conf, null);
      clients.add(late);
      stuck.add(TestCluster.readAsync(late, files.get(third), third));
      TestCluster.await("a read of the hung volume going ungated", Duration.ofSeconds(30),
          () -> sched.ungatedReads() >= 1);
      assertThat(sched.holding()).as("no slot is held by the hung volume's reads").isZero();

      HangingVolumeDatasetFactory.release();
      for (CompletableFuture<Void> f : stuck) {
        f.get(60, TimeUnit.SECONDS); // every stuck read completes, with the right bytes
      }
      TestCluster.await("stuck volume cleared", Duration.ofSeconds(30), () -> sched.stuckVolumes().isEmpty());
      assertThat(sched.holding()).isZero();
      assertThat(sched.lent()).isZero();
      TestCluster.readAsync(reader, files.get(onHung.get(0)), onHung.get(0)).get(60, TimeUnit.SECONDS);
      assertThat(sched.gatedChunks()).as("the volume's reads are gated again").isPositive();
      for (FileSystem c : clients) {
        c.close();
      }
    } finally {
      HangingVolumeDatasetFactory.release();
      cluster.shutdown(true);
    }
  }
}
