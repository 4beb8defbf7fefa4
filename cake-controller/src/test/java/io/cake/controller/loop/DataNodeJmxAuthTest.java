package io.cake.controller.loop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.controller.config.JmxConnection;
import io.cake.core.sched.Allocation;
import io.cake.hdfs.datanode.DataNodeReadScheduler;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The controller against a DataNode whose remote JMX asks for a password, as in production: a real
 * JMX connector server on 127.0.0.1 with password and access files, over a real DataNode read
 * scheduler's control MBean.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class DataNodeJmxAuthTest {
  static {
    // Stubs must name the address the server sockets are bound to (this class has its own JVM).
    System.setProperty("java.rmi.server.hostname", "127.0.0.1");
  }

  static final String SCHEDULER = "hdfs-9866";

  @TempDir static Path dir;
  static DataNodeReadScheduler scheduler;
  static LoopbackJmxServer datanode;

  private DataNodeLocator locator;
  private Path passwordFile;

  @BeforeAll
  static void startTheDataNodesJmx() throws Exception {
    scheduler = LoopbackJmxServer.scheduler(SCHEDULER, 7); // its MBeans on our server, not the platform one
    datanode = LoopbackJmxServer.withFiles(LoopbackJmxServer.carrying(scheduler), dir,
        "cake s3cret\nmonitor m0nitor\n", "cake readwrite\nmonitor readonly\n", null);
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

  @AfterEach
  void closeLocator() {
    if (locator != null) {
      locator.close();
    }
  }

  private DataNodeLocator locator(String user, String password) throws IOException {
    passwordFile = ownerOnly(Files.createTempFile(dir, "controller", ".password"), password + "\n");
    locator = new DataNodeLocator(new JmxConnection(datanode.url(), user, passwordFile, false), "");
    return locator;
  }

  @Test
  void theRightPasswordFindsTheSchedulerReadsAndSteersIt() throws Exception {
    FirstLevelPort port = locator("cake", "s3cret").get();
    assertThat(port).isNotNull();
    assertThat(port.name()).isEqualTo(SCHEDULER);
    assertThat(port.load().slots()).isEqualTo(7);
    port.setAllocation(Allocation.equalShares().withShare("front", 3.0).withReservation("front", 2));
    assertThat(scheduler.allocation().reservation("front")).isEqualTo(2);
    assertThat(locator.refusedLogins()).isZero();
    assertThat(locator.lastFailure()).isNull();
    scheduler.setAllocation(Allocation.equalShares());
  }

  @Test
  void aWrongPasswordIsRefusedSaysWhichKeysToCheckAndARotatedFileIsReadAtTheNextConnect() throws Exception {
    DataNodeLocator l = locator("cake", "wrong");
    assertThat(l.get()).isNull();
    assertThat(l.refusedLogins()).isEqualTo(1);
    assertThat(l.lastFailure())
        .contains("refused the login of user 'cake'")
        .contains("cake.controller.hdfs.jmx.user")
        .contains("cake.controller.hdfs.jmx.password-file");
    assertThat(l.get()).as("tried again next interval").isNull();
    assertThat(l.refusedLogins()).isEqualTo(2);

    // The operator fixes the file; no restart.
    Files.writeString(passwordFile, "s3cret\n");
    FirstLevelPort port = l.get();
    assertThat(port).isNotNull();
    assertThat(port.load().slots()).isEqualTo(7);
    assertThat(l.lastFailure()).isNull();
  }

  @Test
  void noCredentialsAgainstAProtectedDataNodeIsRefused() {
    locator = new DataNodeLocator(JmxConnection.plain(datanode.url()), "");
    assertThat(locator.get()).isNull();
    assertThat(locator.refusedLogins()).isEqualTo(1);
    assertThat(locator.lastFailure())
        .contains("refused a connection without credentials")
        .contains("cake.controller.hdfs.jmx.user");
  }

  @Test
  void aReadOnlyRoleReadsButCannotSteer() throws Exception {
    FirstLevelPort port = locator("monitor", "m0nitor").get();
    assertThat(port).isNotNull();
    assertThat(port.load().slots()).isEqualTo(7);
    assertThatThrownBy(() -> port.setAllocation(Allocation.equalShares().withReservation("front", 1)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("Access denied");
    assertThat(scheduler.allocation().reservation("front")).isZero();
  }

  static Path ownerOnly(Path file, String content) throws IOException {
    Files.writeString(file, content);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    return file;
  }
}
