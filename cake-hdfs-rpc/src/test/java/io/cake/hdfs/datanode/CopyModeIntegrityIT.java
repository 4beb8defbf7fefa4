package io.cake.hdfs.datanode;

import static io.cake.hdfs.TestCluster.KB;
import static io.cake.hdfs.TestCluster.MB;
import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.sched.Allocation;
import io.cake.hdfs.TestCluster;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.Test;

/**
 * Byte-for-byte integrity in the DataNode's copy mode ({@code dfs.datanode.transferTo.allowed=
 * false}: every chunk is a read into the packet buffer through {@link HookedFileInputStream}, not
 * a transferTo), under three tenants reading the same blocks at once, positional and streaming,
 * while the shares, reservations and the soft limit change under them.
 */
class CopyModeIntegrityIT {
  private static final Path FILE = new Path("/copy-mode");

  @Test
  void everyTenantReadsTheFilesBytesWhileTheAllocationChanges() throws Exception {
    Configuration conf = TestCluster.hookedConf("copy-mode");
    conf.setBoolean(DFSConfigKeys.DFS_DATANODE_TRANSFERTO_ALLOWED_KEY, false);
    MiniDFSCluster cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    ExecutorService pool = Executors.newFixedThreadPool(7);
    List<FileSystem> clients = new ArrayList<>();
    try {
      cluster.waitActive();
      byte[] data = TestCluster.data(12 * MB, 5);
      TestCluster.write(cluster.getFileSystem(), FILE, data, 4L * MB);
      DataNodeReadScheduler sched = TestCluster.schedulerOf(cluster.getDataNodes().get(0));
      AtomicInteger copied = new AtomicInteger();
      AtomicInteger transferred = new AtomicInteger();
      AtomicInteger sampled = new AtomicInteger();
      sched.setChunkListener((tenant, client, bytes, others, wait) -> {
        if (sampled.incrementAndGet() <= 50) { // which path passed the gate: a sample of stacks
          boolean transfer = Arrays.stream(Thread.currentThread().getStackTrace())
              .anyMatch(f -> f.getMethodName().equals("transferTo"));
          (transfer ? transferred : copied).incrementAndGet();
        }
      });
      AtomicBoolean reading = new AtomicBoolean(true);
      List<Future<?>> readers = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        String tenant = "t" + (i % 3);
        FileSystem fs = TestCluster.client(cluster, conf, ClientNameParser.attemptIdFor(tenant));
        clients.add(fs);
        int seed = i;
        readers.add(pool.submit(() -> {
          Random r = new Random(seed);
          try (FSDataInputStream in = fs.open(FILE)) {
            for (int k = 0; k < 40; k++) {
              int len = 1 + r.nextInt(300 * KB);
              long off = r.nextInt(data.length - len);
              byte[] b = new byte[len];
              in.readFully(off, b);
              assertThat(Arrays.equals(b, Arrays.copyOfRange(data, (int) off, (int) off + len)))
                  .as("%s pread of %d at %d", tenant, len, off).isTrue();
            }
            in.seek(0);
            byte[] all = new byte[data.length];
            for (int pos = 0; pos < all.length; ) {
              int n = in.read(all, pos, Math.min(all.length - pos, 1 + r.nextInt(200 * KB)));
              assertThat(n).isPositive();
              pos += n;
            }
            assertThat(Arrays.equals(all, data)).as("%s stream read of the whole file", tenant).isTrue();
          }
          return null;
        }));
      }
      Future<?> changer = pool.submit(() -> {
        Random r = new Random(42);
        while (reading.get()) {
          sched.setAllocation(Allocation.equalShares()
              .withShare("t0", 1 + r.nextInt(9)).withShare("t1", 1 + r.nextInt(9))
              .withReservation("t" + r.nextInt(3), r.nextInt(2)));
          sched.setLimit(2 + r.nextInt(5));
          Thread.sleep(20); // the pace of changes, not synchronisation
        }
        return null;
      });
      for (Future<?> f : readers) {
        f.get(120, TimeUnit.SECONDS);
      }
      reading.set(false);
      changer.get(10, TimeUnit.SECONDS);
      assertThat(copied.get()).as("chunks read by copy").isPositive();
      assertThat(transferred.get()).as("chunks sent by transferTo").isZero();
      assertThat(sched.holding()).isZero();
      // Not checked: reads in flight above a lowered limit (boundViolations). Lowering the limit
      // preempts nothing; the reads already holding slots finish.
    } finally {
      pool.shutdownNow();
      for (FileSystem fs : clients) {
        fs.close();
      }
      cluster.shutdown(true);
    }
  }
}
