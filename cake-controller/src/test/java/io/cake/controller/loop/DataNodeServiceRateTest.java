package io.cake.controller.loop;

import io.cake.controller.policy.ResourceLoad;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.cake.core.metrics.JmxPublisher;
import io.cake.core.tenant.ByteThroughputGoal;
import io.cake.core.time.ManualClock;
import io.cake.hdfs.datanode.DataNodeReadScheduler;
import io.cake.hdfs.datanode.HdfsSchedulerConfig;
import java.time.Duration;
import javax.management.MBeanServer;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * The bytes a DataNode in another JVM read for each tenant, as the controller sees them: a real
 * DataNode read scheduler on a manual clock, its gauges and control MBean on an MBeanServer of
 * their own, read through {@link JmxFirstLevelPort} as over a connector.
 */
class DataNodeServiceRateTest {
  private static final String SCHEDULER = "hdfs-9867";

  @Test
  void theLastIntervalsBytesPerSecondComeFromTheDataNodesServiceRateGauge() throws Exception {
    ManualClock clock = new ManualClock();
    Configuration conf = new Configuration(false);
    conf.set(HdfsSchedulerConfig.JMX_KEY, "false"); // its MBeans go on our server, not the platform one
    conf.set(HdfsSchedulerConfig.METRICS_INTERVAL_MS_KEY, "0");
    try (DataNodeReadScheduler dataNode = new DataNodeReadScheduler(SCHEDULER, HdfsSchedulerConfig.from(conf), clock)) {
      MBeanServer mbeans = LoopbackJmxServer.carrying(dataNode);
      try (JmxPublisher gauges = new JmxPublisher(
          SCHEDULER, () -> dataNode.queues().lastSnapshot(), dataNode.queues()::queued, mbeans)) {
        // 80 disk reads of one 64 KB chunk for batch, 10 of 4 KB for front, in a 5 s interval.
        read(dataNode, "batch", 80, 65_536);
        read(dataNode, "front", 10, 4_096);
        clock.advance(Duration.ofSeconds(5));
        dataNode.rollMetrics();
        gauges.refresh();

        ResourceLoad load = new JmxFirstLevelPort(mbeans, "hdfs", SCHEDULER).load();

        assertThat(load.tenant("batch").serviceRate()).isCloseTo(80 * 65_536 / 5.0, within(1e-6));
        assertThat(load.tenant("front").serviceRate()).isCloseTo(10 * 4_096 / 5.0, within(1e-6));
        assertThat(ByteThroughputGoal.megabytes(load.tenant("batch").serviceRate())).isCloseTo(1.048576, within(1e-9));
        assertThat(load.tenant("nobody").serviceRate()).as("no reads: none").isZero();

        // A DataNode whose Cake jar predates the gauge: no rate, not a failed read.
        mbeans.unregisterMBean(JmxPublisher.tenantMetricName(SCHEDULER, "batch", "serviceRate"));
        ResourceLoad old = new JmxFirstLevelPort(mbeans, "hdfs", SCHEDULER).load();
        assertThat(old.tenant("batch").serviceRate()).isNaN();
        assertThat(old.tenant("batch").occupancy()).isEqualTo(load.tenant("batch").occupancy());
      }
    }
  }

  private static void read(DataNodeReadScheduler dataNode, String tenant, int chunks, int bytes) throws Exception {
    DataNodeReadScheduler.ReadSession s = dataNode.openSession(tenant, "DFSClient_cake_" + tenant + "_1_1");
    for (int i = 0; i < chunks; i++) {
      assertThat(s.begin(bytes)).isEqualTo(bytes);
      s.end();
    }
    s.close();
  }
}
