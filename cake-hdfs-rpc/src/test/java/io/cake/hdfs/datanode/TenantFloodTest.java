package io.cake.hdfs.datanode;

import io.cake.core.level.SchedulerHost;
import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.tenant.TenantCap;
import io.cake.core.time.Clock;
import java.lang.management.ManagementFactory;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * Hostile: any HDFS client may name itself {@code DFSClient_cake_<t>_...}, and each new tenant
 * costs a queue, three histograms and about 22 MBeans, which must not be kept for every name.
 */
class TenantFloodTest {
  private static final int NAMES = 100_000;

  @Test
  void aHundredThousandClientNamedTenantsLeaveTenantsAndMBeansBounded() throws Exception {
    Configuration conf = new Configuration(false);
    conf.setLong(HdfsSchedulerConfig.METRICS_INTERVAL_MS_KEY, 0); // rolled by hand below
    conf.setInt(HdfsSchedulerConfig.MAX_TENANTS_KEY, 8);
    conf.set("cake.hdfs.tenant.frontend.share", "3");
    MBeanServer mbs = ManagementFactory.getPlatformMBeanServer();
    try (DataNodeReadScheduler s =
        new DataNodeReadScheduler("hdfs-flood", HdfsSchedulerConfig.from(conf), Clock.system())) {
      s.start(new HdfsSchedulerControl(s));
      ObjectName ours = new ObjectName("io.cake:*,scheduler=" + ObjectName.quote(s.name()));
      ObjectName ourMetrics = new ObjectName("io.cake:*,scheduler=hdfs-flood");
      for (int i = 0; i < NAMES; i++) {
        read(s, "DFSClient_cake_junk" + i + "_123_1");
        if (i % 10_000 == 0) {
          s.rollMetrics(); // publishes MBeans for every tenant in the interval
        }
      }
      s.rollMetrics();
      int mbeans = mbs.queryNames(ours, null).size() + mbs.queryNames(ourMetrics, null).size();
      System.out.printf("CAKE tenant flood: %d client names -> %d tenants, %d folded, %d MBeans%n",
          NAMES, s.tenants().size(), s.tenants().folded(), mbeans);

      assertThat(mbeans).as("MBeans of this scheduler").isLessThan(8 * 40);
      assertThat(s.queues().lastSnapshot().tenants().size()).isLessThanOrEqualTo(8);
      assertThat(s.tenants().size()).isEqualTo(8);
      assertThat(s.tenants().folded()).isEqualTo(NAMES - 5); // default, frontend, batch + 5 junk
      // The configured tenant is never crowded out.
      assertThat(s.tenantOf("DFSClient_cake_frontend_1_1")).isEqualTo("frontend");
      assertThat(s.tenantOf("DFSClient_attempt_1_0001_m_000001_0_1_1")).isEqualTo("batch");
      assertThat(s.tenantOf("DFSClient_cake_junk99999_1_1")).isEqualTo("default");
      assertThat(mbs.getAttribute(SchedulerHost.controlName("hdfs", s.name()), "TenantsFolded"))
          .isEqualTo(s.tenants().folded());

      // The junk stops. Once idle for IDLE_INTERVALS, its tenants are forgotten with their queues,
      // metrics and MBeans, and a new client's tenant gets a place of its own again.
      assertThat(s.tenantOf("DFSClient_cake_newjob_1_1")).isEqualTo("default");
      for (int i = 0; i <= TenantCap.IDLE_INTERVALS; i++) {
        read(s, "DFSClient_cake_frontend_1_1");
        s.rollMetrics();
      }
      s.rollMetrics(); // a snapshot without them: their MBeans go
      int after = mbs.queryNames(ours, null).size() + mbs.queryNames(ourMetrics, null).size();
      System.out.printf("CAKE tenant flood, idle: %d tenants, %d queues, %d forgotten, %d MBeans%n",
          s.tenants().size(), s.queues().tenantCount(), s.tenants().forgotten(), after);
      assertThat(s.tenants().forgotten()).isEqualTo(5);
      assertThat(s.tenants().size()).as("default, frontend, batch").isEqualTo(3);
      assertThat(s.queues().tenantCount()).as("default, frontend (batch never read)").isEqualTo(2);
      assertThat(after).isLessThan(mbeans);
      assertThat(s.queues().metrics("junk1")).isNull();
      assertThat(s.tenantOf("DFSClient_cake_newjob_1_1")).isEqualTo("newjob");
      assertThat(mbs.getAttribute(SchedulerHost.controlName("hdfs", s.name()), "TenantsForgotten"))
          .isEqualTo(5L);
    }
  }

  private static void read(DataNodeReadScheduler s, String client) throws Exception {
    try (DataNodeReadScheduler.ReadSession session = s.openSession(s.tenantOf(client), client)) {
      session.begin(64 * 1024);
      session.end();
    }
  }
}
