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
 * {@code cake.hdfs.soft-limit.per-volume} on a real DataNode with two volumes: while one volume is
 * busy (here: its reads hang), a second read of it waits at the gate, and the free slot serves a
 * read of the other volume. Without the limit that second read takes the slot into the busy
 * volume's own queue and the other volume's read waits behind it.
 */
class VolumeLimitIT {

  @Test
  void aFreeSlotServesTheIdleVolumeWhileTheBusyOnesNextReadWaitsAtTheGate() throws Exception {
    Configuration conf = TestCluster.hookedConf("volume-limit");
    conf.set(HdfsSchedulerConfig.BASE_FACTORY_KEY, HangingVolumeDatasetFactory.class.getName());
    conf.setInt(HdfsSchedulerConfig.SOFT_LIMIT_KEY, 2);
    conf.setInt(HdfsSchedulerConfig.VOLUME_LIMIT_KEY, 1);
    conf.setLong(HdfsSchedulerConfig.STUCK_READ_MS_KEY, 0); // only the volume limit may free the way
    conf.setLong(HdfsSchedulerConfig.STALL_TIMEOUT_MS_KEY, 600_000);
    MiniDFSCluster cluster =
        new MiniDFSCluster.Builder(conf).numDataNodes(1).storagesPerDatanode(2).build();
    List<FileSystem> clients = new ArrayList<>();
    try {
      cluster.waitActive();
      DataNode dn = cluster.getDataNodes().get(0);
      DataNodeReadScheduler sched = TestCluster.schedulerOf(dn);
      assertThat(sched.volumeLimit()).isEqualTo(1);
      FileSystem fs = cluster.getFileSystem();
      List<Path> files = new ArrayList<>();
      List<String> volumes = TestCluster.writeOneBlockFiles(dn, fs, "/v", 4, files);
      String busy = volumes.get(0);
      int second = volumes.subList(1, volumes.size()).indexOf(busy) + 1;
      int other = volumes.indexOf(volumes.stream().filter(v -> !v.equals(busy)).findFirst().orElseThrow());
      assertThat(second).as("two files on one volume").isPositive();

      HangingVolumeDatasetFactory.hang(busy);
      List<CompletableFuture<Void>> hanging = new ArrayList<>();
      hanging.add(TestCluster.readAsync(client(cluster, conf, clients), files.get(0), 0));
      TestCluster.await("a read holding the busy volume", Duration.ofSeconds(30),
          () -> HangingVolumeDatasetFactory.blocked() == 1);
      hanging.add(TestCluster.readAsync(client(cluster, conf, clients), files.get(second), second));
      TestCluster.await("the busy volume's next read waiting at the gate", Duration.ofSeconds(30),
          () -> sched.waiting() == 1);
      assertThat(sched.holding()).as("one of two slots taken").isEqualTo(1);

      TestCluster.readAsync(client(cluster, conf, clients), files.get(other), other).get(60, TimeUnit.SECONDS);
      assertThat(HangingVolumeDatasetFactory.blocked()).as("the second read never reached the volume").isEqualTo(1);
      assertThat(sched.waiting()).isEqualTo(1);

      HangingVolumeDatasetFactory.release();
      for (CompletableFuture<Void> f : hanging) {
        f.get(60, TimeUnit.SECONDS);
      }
      assertThat(sched.holding()).isZero();
      assertThat(sched.ungatedReads()).as("every read passed the gate").isZero();
    } finally {
      HangingVolumeDatasetFactory.release();
      for (FileSystem c : clients) {
        c.close();
      }
      cluster.shutdown(true);
    }
  }

  private static FileSystem client(MiniDFSCluster cluster, Configuration conf, List<FileSystem> clients)
      throws Exception {
    FileSystem c = TestCluster.client(cluster, conf, null);
    clients.add(c);
    return c;
  }
}
