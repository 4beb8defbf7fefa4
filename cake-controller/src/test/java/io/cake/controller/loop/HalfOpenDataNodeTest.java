package io.cake.controller.loop;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.controller.config.JmxConnection;
import io.cake.controller.policy.ControllerParams;
import io.cake.controller.policy.SloTarget;
import io.cake.core.sched.FairQueueScheduler;
import io.cake.core.time.ManualClock;
import io.cake.hdfs.datanode.DataNodeReadScheduler;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile: the controller's connection to the DataNode's JMX goes half-open (the host vanished
 * without a reset, or its JVM was stopped and resumed): the first connection accepts and never
 * answers, while a fresh one would. The controller must not stay fail-static on the dead one: it
 * decides again within 3 intervals. The timeouts only detect a hang.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class HalfOpenDataNodeTest {
  static {
    // Stubs must name the address the server sockets are bound to (this class has its own JVM).
    System.setProperty("java.rmi.server.hostname", "127.0.0.1");
  }

  @TempDir static Path dir;
  static DataNodeReadScheduler scheduler;
  static LoopbackJmxServer datanode;

  private final ManualClock clock = new ManualClock();
  private final FairQueueScheduler<String> hbase = new FairQueueScheduler<>("hb", clock, 10, 1000, 1000);
  private final SecondLevelController.HBasePort hbasePort = SchedulerPort.of(hbase);

  @BeforeAll
  static void startTheDataNodesJmx() throws Exception {
    scheduler = LoopbackJmxServer.scheduler("hdfs-9866", 0);
    datanode = LoopbackJmxServer.withFiles(LoopbackJmxServer.carrying(scheduler), dir,
        "cake s3cret\n", "cake readwrite\n", null);
  }

  @AfterAll
  static void stop() throws Exception {
    if (datanode != null) {
      datanode.close();
    }
    if (scheduler != null) {
      scheduler.close();
    }
  }

  /**
   * In front of the DataNode's registry: the first connection is held open and never answered,
   * every later one is passed through.
   */
  private static final class HalfOpenFirst implements AutoCloseable {
    final ServerSocket listen = new ServerSocket(0, 50, LoopbackJmxServer.LOOPBACK);
    final List<Socket> sockets = new CopyOnWriteArrayList<>();
    final AtomicInteger accepted = new AtomicInteger();

    HalfOpenFirst(int target) throws IOException {
      Thread t = new Thread(() -> {
        try {
          while (true) {
            Socket in = listen.accept();
            sockets.add(in);
            if (accepted.incrementAndGet() == 1) {
              continue; // silent: reads nothing, answers nothing
            }
            Socket out = new Socket(LoopbackJmxServer.LOOPBACK, target);
            sockets.add(out);
            pipe(in.getInputStream(), out.getOutputStream());
            pipe(out.getInputStream(), in.getOutputStream());
          }
        } catch (IOException closed) {
          // test over
        }
      }, "half-open-first");
      t.setDaemon(true);
      t.start();
    }

    private static void pipe(InputStream from, OutputStream to) {
      Thread t = new Thread(() -> {
        try {
          from.transferTo(to);
        } catch (IOException closed) {
          // either end closed
        }
      }, "half-open-pipe");
      t.setDaemon(true);
      t.start();
    }

    @Override
    public void close() throws IOException {
      listen.close();
      for (Socket s : sockets) {
        s.close(); // breaks the parked RMI read
      }
    }
  }

  @Test
  void aSilentConnectionIsDroppedAndAFreshOneSteersWithinThreeIntervals() throws Exception {
    try (HalfOpenFirst proxy = new HalfOpenFirst(datanode.port());
        DataNodeLocator locator = new DataNodeLocator(new JmxConnection(
            "service:jmx:rmi:///jndi/rmi://127.0.0.1:" + proxy.listen.getLocalPort() + "/jmxrmi", "cake",
            DataNodeJmxAuthTest.ownerOnly(dir.resolve("controller.password"), "s3cret\n"), false), "");
        SecondLevelController c = new SecondLevelController(() -> hbasePort, locator, ControllerParams.DEFAULTS,
            List.of(SloTarget.latency("front", 99, 100)), Duration.ofSeconds(3))) {
      Outcome last = null;
      int intervals = 0;
      while (intervals < 3 && (last == null || last.plan() == null)) {
        hbase.rollMetrics(); // a new HBase interval, so the tick goes on to the DataNode
        last = c.tick();
        intervals++;
      }
      assertThat(proxy.accepted.get()).as("the silent connection, then a fresh one").isGreaterThanOrEqualTo(2);
      assertThat(last.plan()).as("a decision within 3 intervals; the last: %s", last.summary()).isNotNull();
      assertThat(c.failures()).as("only the interval on the silent connection failed").isEqualTo(1);
    }
  }
}
