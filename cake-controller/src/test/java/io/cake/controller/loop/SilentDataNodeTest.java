package io.cake.controller.loop;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.controller.config.JmxConnection;
import io.cake.controller.policy.SloTarget;
import io.cake.controller.policy.ControllerParams;
import io.cake.core.sched.Allocation;
import io.cake.core.sched.FairQueueScheduler;
import io.cake.core.time.ManualClock;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Hostile: the DataNode's JMX endpoint accepts connections and never answers (a hung DataNode
 * JVM). A tick without a bound would wait for it forever, and the operator's reads of the
 * controller (its MBean, /jmx) would wait behind the tick. The timeouts here only detect a hang; no assertion is on
 * time.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class SilentDataNodeTest {
  private final ManualClock clock = new ManualClock();
  private final FairQueueScheduler<String> hbase = new FairQueueScheduler<>("hb", clock, 10, 1000, 1000);
  private final List<Socket> accepted = new ArrayList<>();
  private final CountDownLatch connected = new CountDownLatch(1);
  private ServerSocket blackHole;
  private DataNodeLocator locator;

  private final SecondLevelController.HBasePort hbasePort = SchedulerPort.of(hbase);

  private SecondLevelController controllerAgainstABlackHole(Duration callTimeout) throws Exception {
    blackHole = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    Thread acceptor = new Thread(() -> {
      try {
        while (true) {
          Socket s = blackHole.accept(); // accept, read nothing, answer nothing
          synchronized (accepted) {
            accepted.add(s);
          }
          connected.countDown();
        }
      } catch (Exception closed) {
        // test over
      }
    }, "black-hole");
    acceptor.setDaemon(true);
    acceptor.start();
    locator = new DataNodeLocator(JmxConnection.plain(
        "service:jmx:rmi:///jndi/rmi://127.0.0.1:" + blackHole.getLocalPort() + "/jmxrmi"), "");
    hbase.rollMetrics(); // a new HBase interval, so the tick goes on to the DataNode
    return new SecondLevelController(
        () -> hbasePort, locator, ControllerParams.DEFAULTS,
        List.of(SloTarget.latency("front", 99, 100)), callTimeout);
  }

  @AfterEach
  void closeTheHole() throws Exception {
    if (blackHole != null) {
      blackHole.close();
    }
    synchronized (accepted) {
      for (Socket s : accepted) {
        s.close(); // breaks the parked RMI read
      }
    }
    if (locator != null) {
      locator.close();
    }
  }

  @Test
  void aTickAgainstASilentEndpointGivesUpTheNextTriesAFreshConnectionAndThenFailsAtOnce() throws Exception {
    try (SecondLevelController c = controllerAgainstABlackHole(Duration.ofMillis(300))) {
      Outcome first = c.tick();
      assertThat(connected.getCount()).as("the endpoint was reached").isZero();
      assertThat(first.summary())
          .contains("failed, allocation kept")
          .contains("finding the DataNode scheduler did not answer within 300 ms");
      hbase.rollMetrics();
      Outcome second = c.tick();
      assertThat(second.summary()).as("a fresh thread, on a fresh connection")
          .contains("finding the DataNode scheduler did not answer within 300 ms");
      hbase.rollMetrics();
      Outcome third = c.tick();
      assertThat(third.summary()).contains("has not returned yet").contains("nor has the call before it");
      synchronized (accepted) {
        assertThat(accepted).as("two connections, two threads parked on them, and no third").hasSize(2);
      }
      assertThat(c.failures()).isEqualTo(3);
      assertThat(hbase.allocation()).isEqualTo(Allocation.equalShares());
    }
  }

  @Test
  void whatAnOperatorReadsDoesNotWaitForATickStuckOnTheDataNode() throws Exception {
    try (SecondLevelController c = controllerAgainstABlackHole(Duration.ofMinutes(5))) {
      CompletableFuture<Outcome> tick = CompletableFuture.supplyAsync(c::tick);
      connected.await(); // the tick is now parked on the silent endpoint
      assertThat(tick).isNotDone();
      // None of these may wait for the tick (as they would, synchronized with it).
      assertThat(c.failures()).isZero();
      assertThat(c.allocation("front")).isNull();
      assertThat(c.last().summary()).isEqualTo("no decision yet");
      c.setSlo(SloTarget.latency("front", 99, 150));
      assertThat(c.slo().goal().toString()).contains("150");
      assertThat(tick).isNotDone();
    }
  }
}
