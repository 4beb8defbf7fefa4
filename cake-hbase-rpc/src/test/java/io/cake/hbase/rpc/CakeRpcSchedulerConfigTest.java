package io.cake.hbase.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.core.sched.Allocation;
import io.cake.core.level.FirstLevels;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ipc.SimpleRpcScheduler;
import org.junit.jupiter.api.Test;

/** Configuration handling of the scheduler around a real (idle) stock SimpleRpcScheduler. */
class CakeRpcSchedulerConfigTest {
  private static int[] queueLimits(CakeRpcScheduler s) {
    return new int[] {s.cake().queues().tenantCapacity(), s.cake().queues().totalCapacity()};
  }

  private static CakeRpcScheduler started(Configuration conf) {
    return StartedSchedulers.start(conf, null);
  }

  private static Configuration conf(String... kv) {
    Configuration c = new Configuration(false);
    c.set("cake.hbase.jmx.enabled", "false");
    for (int i = 0; i < kv.length; i += 2) {
      c.set(kv[i], kv[i + 1]);
    }
    return c;
  }

  @Test
  void aBadFileAtStartupRunsStockSchedulingUntilAGoodReload() {
    CakeRpcScheduler s = started(conf("cake.hbase.tenant.a.share", "zero"));
    try {
      assertThat(s.cake().enabled()).isFalse();
      assertThat(s.cake().lastConfigurationError()).contains("cake.hbase.tenant.a.share");
      s.onConfigurationChange(conf("cake.hbase.tenant.a.share", "4"));
      assertThat(s.cake().enabled()).isTrue();
      assertThat(s.cake().lastConfigurationError()).isEmpty();
      assertThat(s.cake().allocation().share("a")).isEqualTo(4.0);
      assertThat(FirstLevels.all(RegionServerScheduler.class)).contains(s.cake());
    } finally {
      s.stop();
    }
    assertThat(FirstLevels.all(RegionServerScheduler.class)).doesNotContain(s.cake());
  }

  @Test
  void aBadReloadChangesNothingAndTheControllerApiValidates() {
    CakeRpcScheduler s =
        started(conf("cake.hbase.tenant.a.share", "4", "cake.hbase.handlers.initial", "6", "cake.hbase.queue.per-tenant", "7"));
    try {
      Allocation before = s.cake().allocation();
      s.onConfigurationChange(
          conf("cake.hbase.tenant.a.share", "1", "cake.hbase.queue.per-tenant", "-1"));
      assertThat(s.cake().lastConfigurationError()).contains("cake.hbase.queue.per-tenant");
      assertThat(s.cake().allocation()).isEqualTo(before);
      assertThat(queueLimits(s)).containsExactly(7, 10_000);

      // A reload with the same file allocation keeps what was set through the API since.
      s.cake().setAllocation(before.withShare("a", 9));
      s.onConfigurationChange(conf("cake.hbase.tenant.a.share", "4", "cake.hbase.queue.per-tenant", "8"));
      assertThat(s.cake().allocation().share("a")).isEqualTo(9.0);
      assertThat(queueLimits(s)).containsExactly(8, 10_000);

      assertThat(s.cake().slots()).isEqualTo(6);
      assertThatThrownBy(() -> s.cake().setPoolSize(100)).hasMessageContaining("[4, 72]");
      // The operator's cap shrinks the pool at once and never below the AIMD minimum.
      s.cake().setPoolCap(5);
      assertThat(s.cake().slots()).isEqualTo(5);
      s.cake().setPoolCap(1);
      assertThat(s.cake().slots()).isEqualTo(4);
      assertThatThrownBy(() -> s.cake().setPoolCap(-1)).hasMessageContaining("cap");
      assertThat(s.cake().poolCap()).isEqualTo(1);
      assertThatThrownBy(() -> s.cake().setPoolSize(6)).hasMessageContaining("cap 1");
      s.cake().setPoolCap(0);
      s.cake().setPoolSize(6);
      assertThat(s.cake().slots()).isEqualTo(6);
      assertThatThrownBy(() -> s.cake().setAllocation(Allocation.equalShares().withReservation("a", 6)))
          .hasMessageContaining("at most 5");
      assertThatThrownBy(() -> s.cake().setPoolBounds(3, 2)).hasMessageContaining("maxSize");
      Allocation withReservation = s.cake().allocation().withReservation("a", 2);
      s.cake().setAllocation(withReservation);
      assertThatThrownBy(() -> s.cake().setPoolBounds(2, 3)).hasMessageContaining("the pool's min must be >= 3");
      assertThat(s.cake().aimdConfig().minSize()).isEqualTo(4);
      s.cake().setAllocation(withReservation.withReservation("a", 0));
      s.cake().setPoolBounds(2, 3);
      assertThat(s.cake().slots()).as("clamped into the new bounds").isEqualTo(3);
      assertThat(s.getActiveRpcHandlerCount()).isZero();
      assertThat(s.getGeneralQueueLength()).isZero();
      assertThat(s.getCallQueueInfo().getCallQueueNames()).contains(CakeRpcScheduler.QUEUE_NAME);
    } finally {
      s.stop();
    }
  }

  @Test
  void aReloadMovingPoolMinimumAndReservationsTogetherIsAppliedInASafeOrder() {
    CakeRpcScheduler s =
        started(
            conf(
                "cake.hbase.aimd.min", "4",
                "cake.hbase.aimd.max", "16",
                "cake.hbase.handlers.initial", "4",
                "cake.hbase.tenant.a.reservation", "2"));
    try {
      assertThat(s.cake().slots()).isEqualTo(4);
      // Raising both: 6 reservations need a pool of 7, so the pool must grow before they apply.
      s.onConfigurationChange(
          conf("cake.hbase.aimd.min", "8", "cake.hbase.aimd.max", "16", "cake.hbase.tenant.a.reservation", "6"));
      assertThat(s.cake().lastConfigurationError()).isEmpty();
      assertThat(s.cake().aimdConfig().minSize()).isEqualTo(8);
      assertThat(s.cake().slots()).isEqualTo(8);
      assertThat(s.cake().allocation().reservation("a")).isEqualTo(6);

      // Lowering both: the reservations must shrink before the minimum may.
      s.onConfigurationChange(
          conf("cake.hbase.aimd.min", "3", "cake.hbase.aimd.max", "4", "cake.hbase.tenant.a.reservation", "1"));
      assertThat(s.cake().lastConfigurationError()).isEmpty();
      assertThat(s.cake().aimdConfig().minSize()).isEqualTo(3);
      assertThat(s.cake().slots()).as("clamped to the new maximum").isEqualTo(4);
      assertThat(s.cake().allocation().reservation("a")).isEqualTo(1);

      // Invalid as a whole (5 reservations, a pool that may shrink to 5): refused, nothing changes.
      Allocation allocation = s.cake().allocation();
      s.onConfigurationChange(
          conf(
              "cake.hbase.aimd.min", "5",
              "cake.hbase.aimd.max", "16",
              "cake.hbase.tenant.a.reservation", "5",
              "cake.hbase.queue.per-tenant", "9"));
      assertThat(s.cake().lastConfigurationError()).contains("cake.hbase.aimd.min").contains("reservation");
      assertThat(s.cake().allocation()).isEqualTo(allocation);
      assertThat(s.cake().aimdConfig().minSize()).isEqualTo(3);
      assertThat(s.cake().aimdConfig().maxSize()).isEqualTo(4);
      assertThat(s.cake().slots()).isEqualTo(4);
      assertThat(queueLimits(s)).containsExactly(1_000, 10_000);

      // The file's allocation is unchanged, so the one set through the API stays in force: a
      // minimum it does not fit is refused too.
      s.cake().setAllocation(allocation.withReservation("b", 1));
      s.onConfigurationChange(
          conf("cake.hbase.aimd.min", "2", "cake.hbase.aimd.max", "4", "cake.hbase.tenant.a.reservation", "1"));
      assertThat(s.cake().lastConfigurationError())
          .contains("cake.hbase.aimd.min must be >= 3")
          .contains("set through JMX or the controller");
      assertThat(s.cake().aimdConfig().minSize()).isEqualTo(3);
      assertThat(s.cake().allocation().reservation("b")).isEqualTo(1);
    } finally {
      s.stop();
    }
  }
}
