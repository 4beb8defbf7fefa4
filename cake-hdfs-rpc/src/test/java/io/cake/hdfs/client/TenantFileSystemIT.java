package io.cake.hdfs.client;

import static io.cake.hdfs.TestCluster.KB;
import static io.cake.hdfs.TestCluster.MB;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.core.metrics.TenantMetrics;
import io.cake.core.tenant.CurrentTenant;
import io.cake.core.time.ManualClock;
import io.cake.hdfs.TestCluster;
import io.cake.hdfs.datanode.DataNodeReadScheduler;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The HBase-side wrapper against a real hooked MiniDFSCluster (no HBase needed). */
class TenantFileSystemIT {
  static final Path FILE = new Path("/routed");
  static Configuration conf;
  static MiniDFSCluster cluster;
  static DataNode dn;
  static DataNodeReadScheduler sched;
  static byte[] data;

  @BeforeAll
  static void start() throws Exception {
    conf = TestCluster.hookedConf("tenant-fs");
    cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    cluster.waitActive();
    dn = cluster.getDataNodes().get(0);
    sched = TestCluster.schedulerOf(dn);
    data = TestCluster.data(4 * MB, 9);
    TestCluster.write(cluster.getFileSystem(), FILE, data, 16L * MB);
  }

  @AfterAll
  static void stop() {
    cluster.shutdown(true);
  }

  @AfterEach
  void clearTenant() {
    CurrentTenant.clear();
  }

  static long chunks(String tenant) {
    TenantMetrics m = sched.queues().metrics(tenant);
    return m == null ? 0 : m.totalArrivals();
  }

  static CakeTenantFileSystem wrapper(Configuration c) throws IOException {
    return new CakeTenantFileSystem(FileSystem.newInstance(cluster.getURI(), c), c);
  }

  private void assertSlice(byte[] got, long off) {
    assertThat(Arrays.equals(got, Arrays.copyOfRange(data, (int) off, (int) off + got.length)))
        .as("bytes at %d", off).isTrue();
  }

  @Test
  void readsReachTheDataNodeUnderTheThreadsTenant() throws Exception {
    try (CakeTenantFileSystem fs = wrapper(conf)) {
      long default0 = chunks("default");
      FSDataInputStream in = fs.open(FILE);
      assertThat(fs.openStreams()).isEqualTo(1);
      byte[] b = new byte[64 * KB];

      long fe0 = chunks("fe");
      CurrentTenant.set("fe");
      in.readFully(128 * KB, b); // get: positional read
      assertSlice(b, 128 * KB);
      assertThat(chunks("fe") - fe0).isGreaterThanOrEqualTo(1);

      long scan0 = chunks("scan");
      CurrentTenant.set("scan");
      in.seek(MB);
      byte[] s = new byte[MB];
      in.readFully(s); // scan: stream read
      assertSlice(s, MB);
      assertThat(chunks("scan") - scan0).isGreaterThanOrEqualTo(16);

      long internal0 = chunks("internal");
      CurrentTenant.clear(); // flush/compaction threads
      in.readFully(0, b);
      assertSlice(b, 0);
      assertThat(chunks("internal") - internal0).isGreaterThanOrEqualTo(1);

      assertThat(fs.tenantClients()).isEqualTo(3);
      assertThat(fs.openStreams()).isEqualTo(4); // base + fe + scan + internal
      in.close();
      assertThat(fs.openStreams()).isZero();
      assertThatThrownBy(() -> in.readFully(0, b)).isInstanceOf(IOException.class);
      in.close(); // idempotent
      assertThat(fs.openStreams()).isZero();
      assertThat(chunks("default") - default0).as("nothing read as default").isZero();
    }
  }

  @Test
  void tenantsAnyClientCanNameDoNotCrowdOutConfiguredOnes() throws Exception {
    // Hostile: were the per-tenant clients first come, first served, junk tenants sent after a
    // restart would push the SLO tenant onto the base client, where the DataNode sees 'default'.
    Configuration c = new Configuration(conf);
    c.setInt(io.cake.hdfs.client.ClientKeys.MAX_TENANTS_KEY, 2);
    c.set("cake.hbase.tenant.front.share", "9");
    try (CakeTenantFileSystem fs = wrapper(c); FSDataInputStream in = fs.open(FILE)) {
      byte[] b = new byte[64 * KB];
      for (String junk : new String[] {"junk1", "junk2", "junk3"}) {
        CurrentTenant.set(junk);
        in.readFully(0, b);
      }
      assertThat(chunks("junk3")).as("past the bound").isZero();
      long front0 = chunks("front");
      CurrentTenant.set("front");
      in.readFully(0, b);
      assertThat(chunks("front") - front0).isPositive();
      assertThat(fs.tenantClients()).isEqualTo(3); // junk1, junk2, front
    }
  }

  @Test
  void withTheNameNodeDownATenantsReadOfAnOpenFileStillReturnsItsBytes() throws Exception {
    // Hostile: a tenant's own stream of a file is opened on its first read, which asks the
    // NameNode. Stock HBase reads an open HFile without it; so must Cake, through the stream that
    // is already open.
    Configuration c = new Configuration(conf);
    c.setInt("ipc.client.connect.max.retries", 0);
    c.setInt("ipc.client.connect.max.retries.on.timeouts", 0);
    try (CakeTenantFileSystem fs = wrapper(c); FSDataInputStream in = fs.open(FILE)) {
      byte[] b = new byte[64 * KB];
      cluster.shutdownNameNode(0);
      try {
        CurrentTenant.set("late");
        in.readFully(MB, b);
        assertSlice(b, MB);
        in.readFully(2 * MB, b); // and again, without asking the NameNode a second time
        assertSlice(b, 2 * MB);
        assertThat(fs.fallbacks()).isEqualTo(1);
      } finally {
        cluster.restartNameNode(0, true);
      }
    }
  }

  @Test
  void aTenantNamedOnlyInTheUserRulesIsAConfiguredOne() throws Exception {
    // HBase maps user etl's untagged calls to tenant jobs; junk names must not push jobs onto
    // the base client, where the DataNode would see its reads as 'default'.
    Configuration c = new Configuration(conf);
    c.setInt(io.cake.hdfs.client.ClientKeys.MAX_TENANTS_KEY, 2);
    c.set("cake.hbase.user-rules", "etl:jobs");
    try (CakeTenantFileSystem fs = wrapper(c); FSDataInputStream in = fs.open(FILE)) {
      byte[] b = new byte[64 * KB];
      for (String junk : new String[] {"junk1", "junk2"}) {
        CurrentTenant.set(junk);
        in.readFully(0, b);
      }
      long jobs0 = chunks("jobs");
      CurrentTenant.set("jobs");
      in.readFully(0, b);
      assertThat(chunks("jobs") - jobs0).as("the DataNode sees jobs").isPositive();
    }
  }

  @Test
  void clientsAreMadeAsTheFileSystemsUserNotTheFirstReadersDoAs() throws Exception {
    // Hostile: a tenant's client made as whichever user first read for it, e.g. a bulk load's
    // doAs, would serve that tenant's reads of every file with that user's rights.
    Path secret = new Path("/owner-only");
    TestCluster.write(cluster.getFileSystem(), secret, TestCluster.data(64 * KB, 3), 16L * MB);
    cluster.getFileSystem().setPermission(secret, new org.apache.hadoop.fs.permission.FsPermission((short) 0600));
    try (CakeTenantFileSystem fs = wrapper(conf);
        FSDataInputStream open = fs.open(FILE);
        FSDataInputStream secretIn = fs.open(secret)) {
      byte[] b = new byte[64 * KB];
      org.apache.hadoop.security.UserGroupInformation.createRemoteUser("bulkloader").doAs(
          (java.security.PrivilegedExceptionAction<Void>) () -> {
            CurrentTenant.set("loader");
            open.readFully(0, b); // makes tenant loader's client on this thread
            return null;
          });
      CurrentTenant.set("loader");
      secretIn.readFully(0, b); // refused with the bug: the client is 'bulkloader', not the owner
      assertThat(chunks("loader")).isPositive();
    }
  }

  @Test
  void streamPositionIsOneForAllTenants() throws Exception {
    try (CakeTenantFileSystem fs = wrapper(conf); FSDataInputStream in = fs.open(FILE)) {
      Random r = new Random(4);
      String[] tenants = {"a", "b", null};
      long pos = 0;
      for (int i = 0; i < 40; i++) {
        String t = tenants[r.nextInt(3)];
        if (t == null) {
          CurrentTenant.clear();
        } else {
          CurrentTenant.set(t);
        }
        if (r.nextInt(4) == 0 || pos > data.length - 200 * KB) {
          pos = r.nextInt(data.length - 200 * KB);
          in.seek(pos);
        }
        byte[] b = new byte[1 + r.nextInt(100 * KB)];
        in.readFully(b);
        assertSlice(b, pos);
        pos += b.length;
        assertThat(in.getPos()).isEqualTo(pos);
      }
      CurrentTenant.set("a");
      in.seek(data.length - 10);
      assertThat(in.read(new byte[100], 0, 100)).isEqualTo(10);
      assertThat(in.read()).isEqualTo(-1);
    }
  }

  /**
   * Hostile (issue 56, defect 7): junk names used to keep their places until restart, while the
   * RegionServer's tenant cap forgets them after 5 idle minutes and admits new tenants, which then
   * read as default at the DataNode. Now an idle place goes to the next tenant, and the retired
   * client's stream of the open file closes.
   */
  @Test
  void anIdleTenantsPlaceGoesToTheNextTenantAndItsStreamCloses() throws Exception {
    Configuration c = new Configuration(conf);
    c.setInt(io.cake.hdfs.client.ClientKeys.MAX_TENANTS_KEY, 2);
    ManualClock clock = new ManualClock();
    try (CakeTenantFileSystem fs = new CakeTenantFileSystem(FileSystem.newInstance(cluster.getURI(), c), c, clock);
        FSDataInputStream in = fs.open(FILE)) {
      byte[] b = new byte[64 * KB];
      for (String junk : List.of("junk1", "junk2")) {
        CurrentTenant.set(junk);
        in.readFully(0, b);
        clock.advance(Duration.ofSeconds(1));
      }
      assertThat(fs.openStreams()).isEqualTo(3);
      clock.advance(Duration.ofMinutes(1));
      CurrentTenant.set("adhoc");
      in.readFully(0, b);
      assertThat(chunks("adhoc")).as("no place idle long enough yet").isZero();

      clock.advance(Duration.ofMinutes(5));
      in.readFully(64 * KB, b);
      assertSlice(b, 64 * KB);
      assertThat(chunks("adhoc")).as("junk1's place, idle 6 minutes").isPositive();
      assertThat(fs.retiredClients()).isEqualTo(1);
      assertThat(fs.tenantClients()).isEqualTo(2);
      assertThat(fs.openStreams()).as("base, junk2, adhoc: junk1's stream closed").isEqualTo(3);
      CurrentTenant.set("junk2");
      in.readFully(0, b);
      assertSlice(b, 0);
    }
  }

  @Test
  void tenantClientsAreBoundedAndLaterTenantsUseTheBaseClient() throws Exception {
    Configuration c = new Configuration(conf);
    c.setInt(io.cake.hdfs.client.ClientKeys.MAX_TENANTS_KEY, 2);
    try (CakeTenantFileSystem fs = wrapper(c); FSDataInputStream in = fs.open(FILE)) {
      byte[] b = new byte[64 * KB];
      for (String t : List.of("t1", "t2")) {
        CurrentTenant.set(t);
        in.readFully(0, b);
      }
      long def0 = chunks("default");
      CurrentTenant.set("t3");
      in.readFully(0, b);
      assertSlice(b, 0);
      assertThat(fs.tenantClients()).isEqualTo(2);
      assertThat(chunks("t3")).isZero();
      assertThat(chunks("default") - def0).isGreaterThanOrEqualTo(1);
      assertThat(fs.openStreams()).isEqualTo(3); // base (shared by t3) + t1 + t2
    }
  }

  @Test
  void closeClosesEveryClientAndLeavesNoSocketAtTheDataNode() throws Exception {
    int baseline = dn.getXceiverCount();
    CakeTenantFileSystem fs = wrapper(conf);
    List<FileSystem> tenantClients = new ArrayList<>();
    ExecutorService pool = Executors.newFixedThreadPool(6);
    List<FSDataInputStream> streams = new ArrayList<>();
    try {
      for (int f = 0; f < 3; f++) {
        streams.add(fs.open(FILE));
      }
      List<Future<?>> fut = new ArrayList<>();
      for (int i = 0; i < 6; i++) {
        String tenant = "t" + (i % 3);
        FSDataInputStream in = streams.get(i % streams.size());
        int seed = i;
        fut.add(pool.submit(() -> {
          CurrentTenant.set(tenant);
          Random r = new Random(seed);
          byte[] b = new byte[64 * KB];
          for (int k = 0; k < 30; k++) {
            long off = r.nextInt(data.length - b.length);
            in.readFully(off, b);
            assertSlice(b, off);
          }
          return null;
        }));
      }
      for (Future<?> f : fut) {
        f.get(60, TimeUnit.SECONDS);
      }
      for (int i = 0; i < 3; i++) {
        tenantClients.add(fs.clientFor("t" + i).fs());
      }
      assertThat(fs.openStreams()).isBetween(3 + 3, 3 + 9);
      for (FSDataInputStream in : streams) {
        in.close();
      }
      assertThat(fs.openStreams()).isZero();
    } finally {
      pool.shutdownNow();
      fs.close();
    }
    for (FileSystem c : tenantClients) {
      assertThat(((DistributedFileSystem) c).getClient().isClientRunning()).isFalse();
    }
    assertThatThrownBy(() -> fs.clientFor("t9")).isInstanceOf(IOException.class);
    // Closed streams return their sockets to the client's peer cache, which expires them (3 s).
    TestCluster.await("DataNode xceivers back to " + baseline, Duration.ofSeconds(60),
        () -> dn.getXceiverCount() <= baseline);
  }

  @Test
  void missingFilesFailAtOpenAndEveryOpenIsRouted() throws Exception {
    try (CakeTenantFileSystem fs = wrapper(conf)) {
      assertThatThrownBy(() -> fs.open(new Path("/nope"))).isInstanceOf(FileNotFoundException.class);
      assertThat(fs.openStreams()).isZero();
      try (FSDataInputStream in = fs.openFile(FILE).build().get()) {
        assertThat(in.getWrappedStream()).isInstanceOf(TenantRoutingInputStream.class);
      }
    }
  }
}
