package io.cake.hdfs.datanode;

import static io.cake.hdfs.TestCluster.MB;
import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.metrics.TenantMetrics;
import io.cake.hdfs.TestCluster;
import java.security.PrivilegedExceptionAction;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DFSConfigKeys;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Hostile (issue 56, defect 6): any HDFS user can put {@code cake_frontend} in its client name.
 * With block tokens on, the DataNode knows who reads: only the service user's claims count, others
 * read as default. Also pins the Hadoop internals {@link TokenUsers} reaches into.
 */
class TenantClaimsIT {
  private static final Path FILE = new Path("/claims");
  private static final String FRONT = ClientNameParser.attemptIdFor("frontend");
  private static Configuration conf;
  private static MiniDFSCluster cluster;
  private static DataNodeReadScheduler sched;
  private static byte[] data;

  @BeforeAll
  static void start() throws Exception {
    conf = TestCluster.hookedConf("tenant-claims");
    conf.setBoolean(DFSConfigKeys.DFS_BLOCK_ACCESS_TOKEN_ENABLE_KEY, true);
    conf.set(HdfsSchedulerConfig.SERVICE_USERS_KEY, "hbase");
    cluster = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    cluster.waitActive();
    data = TestCluster.data(2 * MB, 7);
    TestCluster.write(cluster.getFileSystem(), FILE, data, 16L * MB);
    sched = TestCluster.schedulerOf(cluster.getDataNodes().get(0));
  }

  @AfterAll
  static void stop() {
    if (cluster != null) {
      cluster.shutdown(true);
    }
  }

  @Test
  void theServiceUsersClaimCounts() throws Exception {
    long before = chunks("frontend");
    readAs("hbase", FRONT);
    assertThat(chunks("frontend")).isGreaterThan(before);
  }

  @Test
  void anotherUsersClaimReadsAsDefault() throws Exception {
    long front = chunks("frontend");
    long dflt = chunks("default");
    readAs("mallory", FRONT);
    assertThat(chunks("frontend")).as("mallory's reads as frontend").isEqualTo(front);
    assertThat(chunks("default")).isGreaterThan(dflt);
  }

  @Test
  void batchTasksNeedNoClaim() throws Exception {
    long before = chunks(sched.batchTenant());
    readAs("mallory", "attempt_1700000000000_0001_m_000001_0");
    assertThat(chunks(sched.batchTenant())).isGreaterThan(before);
  }

  private static void readAs(String user, String attemptId) throws Exception {
    UserGroupInformation ugi = UserGroupInformation.createRemoteUser(user);
    ugi.doAs((PrivilegedExceptionAction<Void>) () -> {
      try (FileSystem fs = TestCluster.client(cluster, conf, attemptId)) {
        byte[] got = new byte[data.length];
        try (FSDataInputStream in = fs.open(FILE)) {
          in.readFully(got);
        }
        assertThat(Arrays.equals(got, data)).as("bytes read as " + user).isTrue();
      }
      return null;
    });
  }

  private static long chunks(String tenant) {
    TenantMetrics m = sched.queues().metrics(tenant);
    return m == null ? 0 : m.totalArrivals();
  }
}
