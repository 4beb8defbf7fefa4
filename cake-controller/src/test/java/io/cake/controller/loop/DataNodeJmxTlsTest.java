package io.cake.controller.loop;

import static io.cake.controller.loop.DataNodeJmxAuthTest.ownerOnly;
import static org.assertj.core.api.Assertions.assertThat;

import io.cake.controller.config.JmxConnection;
import io.cake.core.time.ManualClock;
import io.cake.hdfs.datanode.DataNodeReadScheduler;
import io.cake.hdfs.datanode.HdfsSchedulerConfig;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServer;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code cake.controller.hdfs.jmx.ssl=true} against a DataNode whose JMX registry and connection
 * both use TLS ({@code com.sun.management.jmxremote.registry.ssl=true}, {@code .ssl=true}), with
 * a key pair made by the JDK's keytool at test time (no keystore is committed) and the controller
 * side trusting it through the standard {@code javax.net.ssl.trustStore} properties. Those are read
 * once per JVM, at the first TLS connection: this class sets them before any, in its own JVM.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DataNodeJmxTlsTest {
  static {
    System.setProperty("java.rmi.server.hostname", "127.0.0.1");
  }

  static final String SCHEDULER = "hdfs-9866";
  static final char[] STORE_PASSWORD = "changeit".toCharArray();

  @TempDir static Path dir;
  static DataNodeReadScheduler scheduler;
  static LoopbackJmxServer tlsDataNode;
  static LoopbackJmxServer plainDataNode;
  /** TLS with a trusted certificate that names another host. */
  static LoopbackJmxServer misnamedDataNode;
  static Path passwordFile;

  private DataNodeLocator locator;

  @BeforeAll
  static void start() throws Exception {
    Path keyStore = dir.resolve("datanode.p12");
    keytool("-genkeypair", "-alias", "datanode", "-keyalg", "EC", "-groupname", "secp256r1",
        "-dname", "CN=127.0.0.1", "-ext", "san=ip:127.0.0.1", "-validity", "2",
        "-storetype", "PKCS12", "-keystore", keyStore.toString(),
        "-storepass", new String(STORE_PASSWORD), "-keypass", new String(STORE_PASSWORD));
    KeyStore keys = load(keyStore);
    Path otherStore = dir.resolve("other.p12");
    keytool("-genkeypair", "-alias", "other", "-keyalg", "EC", "-groupname", "secp256r1",
        "-dname", "CN=other.invalid", "-ext", "san=dns:other.invalid", "-validity", "2",
        "-storetype", "PKCS12", "-keystore", otherStore.toString(),
        "-storepass", new String(STORE_PASSWORD), "-keypass", new String(STORE_PASSWORD));
    KeyStore otherKeys = load(otherStore);
    // The controller's trust store: the DataNode's certificate, and another host's.
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    trust.setCertificateEntry("datanode", keys.getCertificate("datanode"));
    trust.setCertificateEntry("other", otherKeys.getCertificate("other"));
    Path trustStore = dir.resolve("controller-trust.p12");
    try (OutputStream out = Files.newOutputStream(trustStore)) {
      trust.store(out, STORE_PASSWORD);
    }
    System.setProperty("javax.net.ssl.trustStore", trustStore.toString());
    System.setProperty("javax.net.ssl.trustStorePassword", new String(STORE_PASSWORD));
    System.setProperty("javax.net.ssl.trustStoreType", "PKCS12");

    SSLContext serverTls = tls(keys);

    Configuration conf = new Configuration(false);
    conf.set(HdfsSchedulerConfig.JMX_KEY, "false");
    conf.set(HdfsSchedulerConfig.METRICS_INTERVAL_MS_KEY, "0");
    conf.set(HdfsSchedulerConfig.SOFT_LIMIT_KEY, "5");
    scheduler = new DataNodeReadScheduler(SCHEDULER, HdfsSchedulerConfig.from(conf), new ManualClock());
    MBeanServer mbeans = LoopbackJmxServer.carrying(scheduler);
    String serverPasswords = ownerOnly(dir.resolve("jmxremote.password"), "cake s3cret\n").toString();
    String access = ownerOnly(dir.resolve("jmxremote.access"), "cake readwrite\n").toString();
    tlsDataNode = new LoopbackJmxServer(mbeans, serverPasswords, access, serverTls);
    misnamedDataNode = new LoopbackJmxServer(mbeans, serverPasswords, access, tls(otherKeys));
    plainDataNode = new LoopbackJmxServer(mbeans, serverPasswords, access, null);
    passwordFile = ownerOnly(dir.resolve("controller.password"), "s3cret\n");
  }

  private static KeyStore load(Path store) throws Exception {
    KeyStore keys = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store)) {
      keys.load(in, STORE_PASSWORD);
    }
    return keys;
  }

  private static SSLContext tls(KeyStore keys) throws Exception {
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(keys, STORE_PASSWORD);
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(kmf.getKeyManagers(), null, null);
    return tls;
  }

  private static void keytool(String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("keytool finished").isTrue();
    assertThat(p.exitValue()).as("keytool: " + out).isZero();
  }

  @AfterAll
  static void stop() throws Exception {
    for (LoopbackJmxServer s : new LoopbackJmxServer[] {tlsDataNode, plainDataNode, misnamedDataNode}) {
      if (s != null) {
        s.close();
      }
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

  private DataNodeLocator locator(LoopbackJmxServer datanode, boolean ssl) {
    locator = new DataNodeLocator(new JmxConnection(datanode.url(), "cake", passwordFile, ssl), "");
    return locator;
  }

  @Test
  void overTlsTheControllerLogsInAndReadsTheScheduler() throws Exception {
    FirstLevelPort port = locator(tlsDataNode, true).get();
    assertThat(locator.lastFailure()).isNull();
    assertThat(port).isNotNull();
    assertThat(port.load().slots()).isEqualTo(5);
  }

  /**
   * Hostile (issue 56, defect 2): a certificate the controller trusts, but for another host, must
   * not receive the login. The JDK's SslRMIClientSocketFactory checks trust only.
   */
  @Test
  void aTrustedCertificateForAnotherHostIsRefusedBeforeAnyLogin() {
    assertThat(locator(misnamedDataNode, true).get()).isNull();
    assertThat(locator.refusedLogins()).as("no login was tried").isZero();
    assertThat(locator.lastFailure()).contains("127.0.0.1").contains("subject alternative name");
  }

  @Test
  void withoutTlsAgainstATlsDataNodeItSaysWhichKeyToCheck() {
    assertThat(locator(tlsDataNode, false).get()).isNull();
    assertThat(locator.refusedLogins()).isZero();
    assertThat(locator.lastFailure()).contains("cake.controller.hdfs.jmx.ssl");
  }

  @Test
  void withTlsAgainstAPlainDataNodeItSaysWhichKeyToCheck() {
    assertThat(locator(plainDataNode, true).get()).isNull();
    assertThat(locator.lastFailure())
        .contains("cake.controller.hdfs.jmx.ssl against the DataNode's com.sun.management.jmxremote.registry.ssl");
  }
}
