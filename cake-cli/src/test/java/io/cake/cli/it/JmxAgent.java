package io.cake.cli.it;

import java.io.IOException;
import com.sun.tools.attach.VirtualMachine;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Properties;

/**
 * The JDK's own remote JMX agent in this JVM, started with the properties {@code
 * -Dcom.sun.management.jmxremote.*} would give it on a RegionServer, through the attach API (what
 * {@code jcmd <pid> ManagementAgent.start} does; the test JVM runs with {@code
 * -Djdk.attach.allowAttachSelf=true}): on 127.0.0.1 only, password and access files of mode 600.
 * Users: {@code cakeadmin} readwrite and {@code watcher} readonly. It stops with the JVM.
 */
final class JmxAgent {
  static final String ADMIN = "cakeadmin";
  static final String READONLY = "watcher";

  final int port;
  final Path adminPassword;
  final Path watcherPassword;
  final Path wrongPassword;

  private JmxAgent(int port, Path dir) {
    this.port = port;
    this.adminPassword = dir.resolve("admin.password");
    this.watcherPassword = dir.resolve("watcher.password");
    this.wrongPassword = dir.resolve("wrong.password");
  }

  static JmxAgent start(Path dir) throws Exception {
    Files.createDirectories(dir);
    JmxAgent a = new JmxAgent(freePort(), dir);
    secret(dir.resolve("jmxremote.password"), ADMIN + " s3cret-admin\n" + READONLY + " s3cret-watch\n");
    secret(dir.resolve("jmxremote.access"), ADMIN + " readwrite\n" + READONLY + " readonly\n");
    secret(a.adminPassword, "s3cret-admin\n");
    secret(a.watcherPassword, "s3cret-watch\n");
    secret(a.wrongPassword, "not-the-password\n");
    System.setProperty("java.rmi.server.hostname", "127.0.0.1"); // what the stubs name, as on a RegionServer
    Properties p = new Properties();
    String prefix = "com.sun.management.jmxremote.";
    p.setProperty(prefix + "port", String.valueOf(a.port));
    p.setProperty(prefix + "rmi.port", String.valueOf(freePort()));
    p.setProperty(prefix + "host", "127.0.0.1");
    p.setProperty(prefix + "authenticate", "true");
    p.setProperty(prefix + "ssl", "false");
    p.setProperty(prefix + "password.file", dir.resolve("jmxremote.password").toString());
    p.setProperty(prefix + "access.file", dir.resolve("jmxremote.access").toString());
    VirtualMachine self = VirtualMachine.attach(Long.toString(ProcessHandle.current().pid()));
    try {
      self.startManagementAgent(p);
    } finally {
      self.detach();
    }
    return a;
  }

  private static void secret(Path file, String text) throws IOException {
    Files.deleteIfExists(file);
    Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    Files.writeString(file, text);
  }

  static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }
}
