package io.cake.controller.hbase;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.controller.policy.HBaseInterval;
import io.cake.controller.policy.OperationLatencies;
import io.cake.core.metrics.LatencySummary;
import io.cake.core.sched.Allocation;
import io.cake.core.tenant.OperationType;
import io.cake.hbase.rpc.OperationStats;
import io.cake.hbase.rpc.CakeRpcSchedulerFactory;
import io.cake.hbase.rpc.RegionServerScheduler;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ipc.PriorityFunction;
import org.apache.hadoop.hbase.ipc.RpcScheduler;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The controller's port onto a real, started RegionServer scheduler (no cluster). */
class LocalHBasePortTest {
  private static final PriorityFunction NORMAL =
      new PriorityFunction() {
        @Override
        public int getPriority(RPCProtos.RequestHeader header, Message param, User user) {
          return HConstants.NORMAL_QOS;
        }

        @Override
        public long getDeadline(RPCProtos.RequestHeader header, Message param) {
          return 0;
        }
      };

  /** No JMX, AIMD off, then {@code kv} (key, value, ...). */
  private static Configuration conf(String... kv) {
    Configuration c = new Configuration(false);
    c.set("cake.hbase.jmx.enabled", "false");
    c.set("cake.hbase.aimd.enabled", "false");
    for (int i = 0; i < kv.length; i += 2) {
      c.set(kv[i], kv[i + 1]);
    }
    return c;
  }

  private static RpcScheduler started(Configuration conf) {
    RpcScheduler rpc = new CakeRpcSchedulerFactory().create(conf, NORMAL, null);
    rpc.init(
        new RpcScheduler.Context() {
          @Override
          public InetSocketAddress getListenerAddress() {
            return new InetSocketAddress("localhost", 0);
          }
        });
    rpc.start();
    return rpc;
  }

  @Test
  void aStoppingControllerLiftsTheOthersLimitOnTheRealScheduler() {
    RpcScheduler rpc = started(conf("cake.hbase.handlers.initial", "8"));
    try {
      RegionServerScheduler s = ((io.cake.hbase.rpc.CakeRpcScheduler) rpc).cake();
      LocalHBasePort port = new LocalHBasePort(s);
      port.setOthersLimit(java.util.Set.of("frontend"), 0.5);
      assertThat(s.othersLimit()).isEqualTo(0.5);
      assertThat(s.queues().limits().rate("batch")).as("half of one handler's time, in µs a second").isEqualTo(500_000.0);
      assertThat(s.queues().maxInService("batch")).isEqualTo(1);
      assertThat(s.queues().limits().rate("frontend")).isZero();
      port.setOthersLimit(java.util.Set.of("frontend"), 2.7);
      assertThat(s.queues().limits().rate("batch")).as("from one handler up, handlers in service only").isZero();
      assertThat(s.queues().maxInService("batch")).isEqualTo(2);
      io.cake.controller.loop.SecondLevelController c = new io.cake.controller.loop.SecondLevelController(
          () -> port, () -> null, io.cake.controller.policy.ControllerParams.DEFAULTS,
          java.util.List.of(io.cake.controller.policy.SloTarget.latency("frontend", 99, 100)));
      try {
        assertThat(c.liftLimits()).isTrue();
      } finally {
        c.close();
      }
      assertThat(s.othersLimit()).isZero();
      assertThat(s.queues().limits().rate("batch")).isZero();
      assertThat(s.queues().maxInService("batch")).isZero();
    } finally {
      rpc.stop();
    }
  }

  @Test
  void reservationsDecidedOnABiggerPoolAreClippedToThePoolAsItIsNow() {
    // Hostile: AIMD shrinks the pool from 5 to 4 between the interval the controller read and its
    // apply; unclipped, 4 reserved handlers would be refused and the interval lost.
    RpcScheduler rpc = started(conf("cake.hbase.aimd.min", "4", "cake.hbase.handlers.initial", "5"));
    try {
      RegionServerScheduler s = ((io.cake.hbase.rpc.CakeRpcScheduler) rpc).cake();
      LocalHBasePort port = new LocalHBasePort(s);
      Allocation decided = new Allocation(Map.of("frontend", 80.0), Map.of("frontend", 4), 20.0);
      assertThat(decided.fits(5)).isTrue();
      s.setPoolSize(4); // as AIMD would, after the decision
      port.setAllocation(decided);
      assertThat(s.allocation().reservation("frontend")).isEqualTo(3);
      assertThat(s.allocation().share("frontend")).isEqualTo(80.0);
      assertThat(s.slots()).isEqualTo(4);
    } finally {
      rpc.stop();
    }
  }

  @Test
  void theTenantsAndTheirLatenciesPerOperationAreReadOfTheSameInterval() {
    RpcScheduler rpc = started(conf());
    try {
      RegionServerScheduler s = ((io.cake.hbase.rpc.CakeRpcScheduler) rpc).cake();
      LocalHBasePort port = new LocalHBasePort(s);
      io.cake.core.metrics.SchedulerSnapshot rolled = s.rollMetrics();
      HBaseInterval last = port.lastInterval();
      assertThat(last.tenants()).isSameAs(rolled);
      assertThat(last.operations().endNanos()).isEqualTo(rolled.endNanos());
    } finally {
      rpc.stop();
    }
  }

  @Test
  void theLatenciesPerOperationAreTheSchedulersRowsHistograms() {
    Histogram gets = new Histogram(3);
    gets.recordValue(5_000_000);
    LatencySummary summary = LatencySummary.ofNanos(gets);
    OperationStats.Snapshot rows = new OperationStats.Snapshot("hbase-1", 10, 20, List.of(
        new OperationStats.Row("front", OperationType.GET, 1, 0, summary, summary, gets)));
    OperationLatencies l = LocalHBasePort.latencies(rows);
    assertThat(l.endNanos()).isEqualTo(20);
    assertThat(l.of("front", OperationType.GET)).containsSame(gets);
    assertThat(l.of("front", OperationType.SCAN)).isEmpty();
    assertThat(l.of("batch", OperationType.GET)).isEmpty();
  }
}
