package io.cake.hbase.rpc;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.metrics.TenantMetrics;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Abortable;
import org.apache.hadoop.hbase.ipc.StubCalls;
import org.junit.jupiter.api.Test;

/**
 * An Error thrown by a call in a Cake handler is counted and aborts the server past stock HBase's
 * threshold, through the Abortable the factory is given. Real CakeRpcScheduler, real CallRunners
 * (HBase's run() rethrows the Error), a recording Abortable in place of the RegionServer.
 */
class HandlerErrorAbortTest {
  /** What the RegionServer would be asked. */
  static final class RecordingAbortable implements Abortable {
    final List<String> messages = new CopyOnWriteArrayList<>();
    final List<Throwable> causes = new CopyOnWriteArrayList<>();

    @Override
    public void abort(String why, Throwable e) {
      messages.add(why);
      causes.add(e);
    }

    @Override
    public boolean isAborted() {
      return !messages.isEmpty();
    }
  }

  private static CakeRpcScheduler started(Configuration conf, Abortable server) {
    return StartedSchedulers.start(conf, server);
  }

  /** Stock HBase's threshold is a fraction of hbase.regionserver.handler.count: 2 here. */
  private static final String HANDLER_COUNT = "hbase.regionserver.handler.count";

  @Test
  void errorsPastHalfThePoolAbortTheServerAsStockHandlersDo() throws Exception {
    RecordingAbortable server = new RecordingAbortable();
    CakeRpcScheduler s = started(StartedSchedulers.conf(HANDLER_COUNT, "2"), server);
    try {
      // Stock default 0.5 with 4 handlers: the third Error is more than 4 * 0.5.
      for (int i = 1; i <= 2; i++) {
        failWithError(s, "oom", new OutOfMemoryError("test: no heap left"), i);
      }
      assertThat(server.messages).as("two Errors are within the threshold").isEmpty();
      // The handlers carry on: a good call is still served.
      assertThat(s.dispatch(StubCalls.get("good", () -> {}))).isTrue();
      await("the good call done", () -> s.cake().queues().metrics("good") != null && s.cake().queues().metrics("good").totalCompletions() == 1);
      assertThat(s.cake().handlerThreads()).isEqualTo(4);

      failWithError(s, "oom", new OutOfMemoryError("test: no heap left"), 3);
      // The Error is counted once the call's bookkeeping is done: wait for the abort.
      await("the abort", server::isAborted);
      assertThat(server.messages).hasSize(1);
      assertThat(server.messages.get(0)).contains("exceeded").contains("0.5");
      assertThat(server.causes.get(0)).isInstanceOf(OutOfMemoryError.class).hasMessage("test: no heap left");
    } finally {
      s.stop();
    }
  }

  @Test
  void aNegativePercentNeverAborts() throws Exception {
    RecordingAbortable server = new RecordingAbortable();
    CakeRpcScheduler s = started(
        StartedSchedulers.conf(HANDLER_COUNT, "2", "hbase.regionserver.handler.abort.on.error.percent", "-1"), server);
    try {
      for (int i = 1; i <= 6; i++) {
        failWithError(s, "err", new StackOverflowError("test"), i);
      }
      assertThat(server.messages).isEmpty();
    } finally {
      s.stop();
    }
  }

  /** Dispatches a call that throws {@code error} and waits until its handler has run it. */
  private static void failWithError(CakeRpcScheduler s, String tenant, Error error, int n)
      throws InterruptedException {
    assertThat(s.dispatch(StubCalls.get(tenant, () -> {
      throw error;
    }))).isTrue();
    await("call " + n + " of " + tenant + " run", () -> {
      TenantMetrics m = s.cake().queues().metrics(tenant);
      return m != null && m.totalCompletions() == n;
    });
  }

  static void await(String what, BooleanSupplier condition) throws InterruptedException {
    long end = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() > end) {
        throw new AssertionError("timed out waiting for " + what);
      }
      Thread.sleep(1);
    }
  }
}
