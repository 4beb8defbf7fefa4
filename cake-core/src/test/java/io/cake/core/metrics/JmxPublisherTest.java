package io.cake.core.metrics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.cake.core.sched.FairQueueScheduler;
import io.cake.core.sched.Ticket;
import io.cake.core.time.ManualClock;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.junit.jupiter.api.Test;

class JmxPublisherTest {

  @Test
  void tenantMetricsOfTheLastIntervalAppearAsMBeans() throws Exception {
    ManualClock clock = new ManualClock();
    FairQueueScheduler<String> s = new FairQueueScheduler<>("jmx-test", clock, 2, 10, 10);
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    try (JmxPublisher jmx = new JmxPublisher(s.name(), s::lastSnapshot, s::queued, server)) {
      s.offer("fe", "x", 1);
      clock.advance(Duration.ofMillis(40));
      Ticket<String> t = s.poll(0);
      clock.advance(Duration.ofMillis(10));
      s.complete(t);
      s.offer("fe", "y", 1);
      clock.advance(Duration.ofMillis(50));
      s.rollMetrics();
      jmx.refresh();

      ObjectName completions = JmxPublisher.tenantMetricName("jmx-test", "fe", "completions");
      assertThat(completions.toString())
          .isEqualTo("io.cake:type=FirstLevel,scheduler=jmx-test,tenant=fe,name=completions");
      assertThat(((Number) server.getAttribute(completions, "Value")).longValue()).isEqualTo(1);
      ObjectName p99 = JmxPublisher.tenantMetricName("jmx-test", "fe", "latencyP99Ms");
      assertThat(((Number) server.getAttribute(p99, "Value")).doubleValue()).isBetween(49.5, 50.5);
      ObjectName queue = JmxPublisher.tenantMetricName("jmx-test", "fe", "queueLength");
      assertThat(((Number) server.getAttribute(queue, "Value")).intValue()).isEqualTo(1);

      // A second interval: the interval figures start again, the totals go on growing.
      Ticket<String> u = s.poll(0);
      clock.advance(Duration.ofMillis(30));
      s.complete(u);
      s.rollMetrics();
      jmx.refresh();
      assertThat(value(server, "completions")).isEqualTo(1.0);
      assertThat(value(server, "completionsTotal")).isEqualTo(2.0);
      assertThat(value(server, "arrivalsTotal")).isEqualTo(2.0);
      assertThat(value(server, "rejectionsTotal")).isZero();
      assertThat(value(server, "dropsTotal")).isZero();
      assertThat(value(server, "serviceUnitsTotal")).isEqualTo(2.0);
      assertThat(value(server, "serviceSecondsTotal")).as("10 ms + 30 ms of service").isCloseTo(0.040, within(1e-9));
    }
    assertThat(server.isRegistered(JmxPublisher.tenantMetricName("jmx-test", "fe", "completions")))
        .as("closed publishers unregister")
        .isFalse();
  }

  @Test
  void serviceUnitsPerSecondOfTheIntervalArePublished() throws Exception {
    // As at a DataNode, whose cost unit is bytes: 3 reads of 64 KB in a 2 s interval.
    ManualClock clock = new ManualClock();
    FairQueueScheduler<String> s = new FairQueueScheduler<>("jmx-rate", clock, 2, 10, 10);
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    try (JmxPublisher jmx = new JmxPublisher(s.name(), s::lastSnapshot, s::queued, server)) {
      for (int i = 0; i < 3; i++) {
        s.offer("batch", "chunk", 65_536);
        s.complete(s.poll(0));
      }
      clock.advance(Duration.ofSeconds(2));
      s.rollMetrics();
      jmx.refresh();
      ObjectName rate = JmxPublisher.tenantMetricName("jmx-rate", "batch", "serviceRate");
      assertThat(((Number) server.getAttribute(rate, "Value")).doubleValue()).isEqualTo(3 * 65_536 / 2.0);
      assertThat(s.lastSnapshot().tenant("batch").orElseThrow().serviceRate()).isEqualTo(3 * 65_536 / 2.0);
    }
  }

  private static double value(MBeanServer server, String metric) throws Exception {
    return ((Number) server.getAttribute(JmxPublisher.tenantMetricName("jmx-test", "fe", metric), "Value"))
        .doubleValue();
  }
}
