package io.cake.hbase.rpc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.core.sched.Allocation;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ipc.SimpleRpcScheduler;
import org.junit.jupiter.api.Test;

/** Configuration handling of the scheduler around a real (idle) stock SimpleRpcScheduler. */
class CakeRpcSchedulerConfigTest {
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
      assertThat(s.enabled()).isFalse();
      assertThat(s.lastConfigurationError()).contains("cake.hbase.tenant.a.share");
      s.onConfigurationChange(conf("cake.hbase.tenant.a.share", "4"));
      assertThat(s.enabled()).isTrue();
      assertThat(s.lastConfigurationError()).isEmpty();
      assertThat(s.allocation().share("a")).isEqualTo(4.0);
      assertThat(CakeRpcSchedulers.all()).contains(s);
    } finally {
      s.stop();
    }
    assertThat(CakeRpcSchedulers.all()).doesNotContain(s);
  }

  @Test
  void aBadReloadChangesNothingAndTheControllerApiValidates() {
    CakeRpcScheduler s =
        started(conf("cake.hbase.tenant.a.share", "4", "cake.hbase.handlers.initial", "6", "cake.hbase.queue.per-tenant", "7"));
    try {
      Allocation before = s.allocation();
      s.onConfigurationChange(
          conf("cake.hbase.tenant.a.share", "1", "cake.hbase.queue.per-tenant", "-1"));
      assertThat(s.lastConfigurationError()).contains("cake.hbase.queue.per-tenant");
      assertThat(s.allocation()).isEqualTo(before);
      assertThat(s.queueLimits()).containsExactly(7, 10_000);

      // A reload with the same file allocation keeps what was set through the API since.
      s.setAllocation(before.withShare("a", 9));
      s.onConfigurationChange(conf("cake.hbase.tenant.a.share", "4", "cake.hbase.queue.per-tenant", "8"));
      assertThat(s.allocation().share("a")).isEqualTo(9.0);
      assertThat(s.queueLimits()).containsExactly(8, 10_000);

      assertThat(s.poolSize()).isEqualTo(6);
      assertThatThrownBy(() -> s.setPoolSize(100)).hasMessageContaining("[4, 72]");
      // The controller's cap shrinks the pool at once and never below the AIMD minimum.
      s.setPoolCap(5);
      assertThat(s.poolSize()).isEqualTo(5);
      s.setPoolCap(1);
      assertThat(s.poolSize()).isEqualTo(4);
      assertThatThrownBy(() -> s.setPoolCap(-1)).hasMessageContaining("cap");
      assertThat(s.poolCap()).isEqualTo(1);
      assertThatThrownBy(() -> s.setPoolSize(6)).hasMessageContaining("cap 1");
      s.setPoolCap(0);
      s.setPoolSize(6);
      assertThat(s.poolSize()).isEqualTo(6);
      assertThatThrownBy(() -> s.setAllocation(Allocation.equalShares().withReservation("a", 6)))
          .hasMessageContaining("at most 5");
      assertThatThrownBy(() -> s.setPoolBounds(3, 2)).hasMessageContaining("maxSize");
      Allocation withReservation = s.allocation().withReservation("a", 2);
      s.setAllocation(withReservation);
      assertThatThrownBy(() -> s.setPoolBounds(2, 3)).hasMessageContaining("the pool's min must be >= 3");
      assertThat(s.aimdConfig().minSize()).isEqualTo(4);
      s.setAllocation(withReservation.withReservation("a", 0));
      s.setPoolBounds(2, 3);
      assertThat(s.poolSize()).as("clamped into the new bounds").isEqualTo(3);
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
      assertThat(s.poolSize()).isEqualTo(4);
      // Raising both: 6 reservations need a pool of 7, so the pool must grow before they apply.
      s.onConfigurationChange(
          conf("cake.hbase.aimd.min", "8", "cake.hbase.aimd.max", "16", "cake.hbase.tenant.a.reservation", "6"));
      assertThat(s.lastConfigurationError()).isEmpty();
      assertThat(s.aimdConfig().minSize()).isEqualTo(8);
      assertThat(s.poolSize()).isEqualTo(8);
      assertThat(s.allocation().reservation("a")).isEqualTo(6);

      // Lowering both: the reservations must shrink before the minimum may.
      s.onConfigurationChange(
          conf("cake.hbase.aimd.min", "3", "cake.hbase.aimd.max", "4", "cake.hbase.tenant.a.reservation", "1"));
      assertThat(s.lastConfigurationError()).isEmpty();
      assertThat(s.aimdConfig().minSize()).isEqualTo(3);
      assertThat(s.poolSize()).as("clamped to the new maximum").isEqualTo(4);
      assertThat(s.allocation().reservation("a")).isEqualTo(1);

      // Invalid as a whole (5 reservations, a pool that may shrink to 5): refused, nothing changes.
      Allocation allocation = s.allocation();
      s.onConfigurationChange(
          conf(
              "cake.hbase.aimd.min", "5",
              "cake.hbase.aimd.max", "16",
              "cake.hbase.tenant.a.reservation", "5",
              "cake.hbase.queue.per-tenant", "9"));
      assertThat(s.lastConfigurationError()).contains("cake.hbase.aimd.min").contains("reservation");
      assertThat(s.allocation()).isEqualTo(allocation);
      assertThat(s.aimdConfig().minSize()).isEqualTo(3);
      assertThat(s.aimdConfig().maxSize()).isEqualTo(4);
      assertThat(s.poolSize()).isEqualTo(4);
      assertThat(s.queueLimits()).containsExactly(1_000, 10_000);

      // The file's allocation is unchanged, so the one set through the API stays in force: a
      // minimum it does not fit is refused too.
      s.setAllocation(allocation.withReservation("b", 1));
      s.onConfigurationChange(
          conf("cake.hbase.aimd.min", "2", "cake.hbase.aimd.max", "4", "cake.hbase.tenant.a.reservation", "1"));
      assertThat(s.lastConfigurationError())
          .contains("cake.hbase.aimd.min must be >= 3")
          .contains("set through JMX or the controller");
      assertThat(s.aimdConfig().minSize()).isEqualTo(3);
      assertThat(s.allocation().reservation("b")).isEqualTo(1);
    } finally {
      s.stop();
    }
  }
}
