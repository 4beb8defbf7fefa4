package io.cake.hbase.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.metrics.TenantMetrics;
import io.cake.core.tenant.TenantNames;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.ipc.StubCalls;
import org.junit.jupiter.api.Test;

/**
 * Calls over their tenant's contract wait as tenant best-effort, which is held to one handler: its
 * queue has its own bound (cake.hbase.queue.best-effort), so a flood over a contract is refused
 * (CallQueueTooBigException to the client, which retries) rather than queued for minutes. Real
 * CakeRpcScheduler and CallRunners; the handler's call is held on a latch, not timed.
 */
class BestEffortQueueBoundTest {
  // One call in contract, then none for 1000 s: every later call of noisy is over it.
  private static final String CONTRACT = "cake.hbase.tenant.noisy.contract";
  private static final String ONE_CALL = "0.001:1";

  @Test
  void callsOverAContractBeyondBestEffortsBoundAreRefusedAndTheOthersAreServed() throws Exception {
    CakeRpcScheduler s = StartedSchedulers.start(
        StartedSchedulers.conf(CONTRACT, ONE_CALL, "cake.hbase.queue.best-effort", "3"), null);
    CountDownLatch release = new CountDownLatch(1);
    try {
      assertThat(s.dispatch(StubCalls.get("noisy", () -> {}))).as("in contract").isTrue();
      // Over the contract: best effort's one handler is held by this call...
      assertThat(s.dispatch(StubCalls.get("noisy", () -> await(release)))).isTrue();
      HandlerErrorAbortTest.await("best effort's call in service",
          () -> s.cake().queues().metrics(TenantNames.BEST_EFFORT) != null
              && s.cake().queues().metrics(TenantNames.BEST_EFFORT).totalArrivals() == 1
              && s.cake().queues().queued(TenantNames.BEST_EFFORT) == 0);
      // ...so the next three wait in its queue, and the fourth finds it full.
      for (int i = 0; i < 3; i++) {
        assertThat(s.dispatch(StubCalls.get("noisy", () -> {}))).as("queued %d", i).isTrue();
      }
      assertThat(s.dispatch(StubCalls.get("noisy", () -> {}))).as("best effort's queue is full").isFalse();
      assertThat(s.cake().queues().tenantCapacity(TenantNames.BEST_EFFORT)).isEqualTo(3);
      // Another tenant is served meanwhile, with its own (default) bound.
      assertThat(s.dispatch(StubCalls.get("front", () -> {}))).isTrue();
      HandlerErrorAbortTest.await("front served", () -> completions(s, "front") == 1);

      release.countDown();
      HandlerErrorAbortTest.await("every accepted over-contract call served", () -> completions(s, TenantNames.BEST_EFFORT) == 4);
      HandlerErrorAbortTest.await("the in-contract call served as noisy", () -> completions(s, "noisy") == 1);
      assertThat(s.cake().queues().metrics("noisy").totalArrivals()).as("only the one in contract").isEqualTo(1);
    } finally {
      release.countDown();
      s.stop();
    }
  }

  @Test
  void bestEffortsBoundIsNeverAboveThePerTenantBoundAndABadValueIsRefusedByKey() {
    CakeRpcScheduler s = StartedSchedulers.start(
        StartedSchedulers.conf(CONTRACT, ONE_CALL, "cake.hbase.queue.per-tenant", "20"), null);
    try {
      assertThat(s.cake().queues().tenantCapacity(TenantNames.BEST_EFFORT)).isEqualTo(20);
      assertThat(s.cake().queues().tenantCapacity("front")).isEqualTo(20);
    } finally {
      s.stop();
    }
    CakeRpcScheduler d = StartedSchedulers.start(StartedSchedulers.conf(CONTRACT, ONE_CALL), null);
    try {
      assertThat(d.cake().queues().tenantCapacity(TenantNames.BEST_EFFORT)).isEqualTo(100);
      assertThat(d.cake().queues().tenantCapacity("front")).isEqualTo(1_000);
    } finally {
      d.stop();
    }
    CakeRpcScheduler bad = StartedSchedulers.start(
        StartedSchedulers.conf(CONTRACT, ONE_CALL, "cake.hbase.queue.best-effort", "0"), null);
    try {
      assertThat(bad.cake().enabled()).as("stock scheduling, as for any bad file").isFalse();
      assertThat(bad.cake().lastConfigurationError()).contains("cake.hbase.queue.best-effort");
    } finally {
      bad.stop();
    }
  }

  private static long completions(CakeRpcScheduler s, String tenant) {
    TenantMetrics m = s.cake().queues().metrics(tenant);
    return m == null ? 0 : m.totalCompletions();
  }

  private static void await(CountDownLatch latch) {
    try {
      latch.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
