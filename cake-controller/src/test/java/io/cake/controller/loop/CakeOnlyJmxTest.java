package io.cake.controller.loop;

import static io.cake.controller.loop.DataNodeJmxAuthTest.ownerOnly;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.management.HotSpotDiagnosticMXBean;
import io.cake.controller.config.JmxConnection;
import io.cake.core.jmx.CakeOnlyGuard;
import io.cake.core.sched.Allocation;
import io.cake.hdfs.datanode.DataNodeReadScheduler;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServer;
import javax.management.MBeanServerConnection;
import javax.management.ObjectName;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Hostile (issue 56, defect 6): the controller's DataNode JMX user must be readwrite to steer Cake,
 * which in the JDK's access file means readwrite on every MBean, HotSpotDiagnostic's {@code
 * dumpHeap} included. Behind {@link CakeOnlyGuard}, over a real RMI connector with password and
 * access files, that user reaches Cake's MBeans only; another readwrite user is unchanged.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class CakeOnlyJmxTest {
  static {
    System.setProperty("java.rmi.server.hostname", "127.0.0.1");
  }

  private static final ObjectName HOTSPOT = name("com.sun.management:type=HotSpotDiagnostic");

  @TempDir static Path dir;
  static DataNodeReadScheduler scheduler;
  static LoopbackJmxServer datanode;

  @BeforeAll
  static void start() throws Exception {
    scheduler = LoopbackJmxServer.scheduler("hdfs-9866", 0);
    MBeanServer mbeans = LoopbackJmxServer.carrying(scheduler);
    mbeans.registerMBean(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class), HOTSPOT);
    datanode = LoopbackJmxServer.withFiles(CakeOnlyGuard.wrap(mbeans, Set.of("cake")), dir,
        "cake s3cret\nadmin 4dmin\n", "cake readwrite\nadmin readwrite\n", null);
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

  @Test
  void theControllersUserStillSteersCake() throws Exception {
    Path pw = ownerOnly(Files.createTempFile(dir, "controller", ".password"), "s3cret\n");
    try (DataNodeLocator locator = new DataNodeLocator(new JmxConnection(datanode.url(), "cake", pw, false), "")) {
      FirstLevelPort port = locator.get();
      assertThat(port).as(String.valueOf(locator.lastFailure())).isNotNull();
      port.setAllocation(Allocation.equalShares().withReservation("front", 1));
      assertThat(scheduler.allocation().reservation("front")).isEqualTo(1);
    } finally {
      scheduler.setAllocation(Allocation.equalShares());
    }
  }

  @Test
  void theControllersUserReachesNothingElse() throws Exception {
    try (JMXConnector c = connect("cake", "s3cret")) {
      MBeanServerConnection s = c.getMBeanServerConnection();
      assertThatThrownBy(() -> s.invoke(HOTSPOT, "getVMOption", new Object[] {"MaxHeapSize"},
          new String[] {String.class.getName()}))
          .isInstanceOf(SecurityException.class).hasMessageContaining("io.cake");
      assertThatThrownBy(() -> s.getAttribute(HOTSPOT, "DiagnosticOptions"))
          .isInstanceOf(SecurityException.class);
      assertThatThrownBy(() -> s.unregisterMBean(s.queryNames(null, null).iterator().next()))
          .isInstanceOf(SecurityException.class);
      assertThat(s.queryNames(null, null)).isNotEmpty().allMatch(n -> n.getDomain().equals("io.cake"));
      assertThat(s.getDomains()).containsExactly("io.cake");
    }
  }

  @Test
  void anotherReadWriteUserIsUnchanged() throws Exception {
    try (JMXConnector c = connect("admin", "4dmin")) {
      MBeanServerConnection s = c.getMBeanServerConnection();
      Object option = s.invoke(HOTSPOT, "getVMOption", new Object[] {"MaxHeapSize"},
          new String[] {String.class.getName()});
      assertThat(option).isNotNull();
      assertThat(s.queryNames(null, null)).contains(HOTSPOT);
    }
  }

  private static JMXConnector connect(String user, String password) throws Exception {
    return JMXConnectorFactory.connect(new JMXServiceURL(datanode.url()),
        Map.of(JMXConnector.CREDENTIALS, new String[] {user, password}));
  }

  private static ObjectName name(String s) {
    try {
      return new ObjectName(s);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
