package io.cake.cli.jmx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.rmi.server.RMIServerSocketFactory;
import java.rmi.server.UnicastRemoteObject;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javax.management.MBeanServerFactory;
import javax.management.remote.JMXAuthenticator;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXConnectorServer;
import javax.management.remote.JMXPrincipal;
import javax.management.remote.JMXServiceURL;
import javax.management.remote.rmi.RMIConnectorServer;
import javax.management.remote.rmi.RMIJRMPServerImpl;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.rmi.ssl.SslRMIClientSocketFactory;
import javax.security.auth.Subject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 56, defect 2: under TLS the tool's password goes only to a server whose certificate names
 * the host it dialled, on the login's own connection too. The registry here answers with a
 * certificate for 127.0.0.1; the connector it hands out answers with another host's certificate
 * that the tool also trusts (another server of the same CA). Keys come from the JDK's keytool at
 * test time; this class runs in its own JVM, so the trust store properties are read here first.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class TlsLoginTest {
  static {
    System.setProperty("java.rmi.server.hostname", "127.0.0.1");
  }

  private static final char[] PASS = "changeit".toCharArray();
  private static final InetAddress LOOPBACK = InetAddress.getLoopbackAddress();

  @TempDir static Path dir;
  static SSLContext ownHost;
  static SSLContext otherHost;
  static Path passwordFile;
  static final List<Registry> registries = new ArrayList<>();
  static final List<JMXConnectorServer> connectors = new ArrayList<>();

  @BeforeAll
  static void keys() throws Exception {
    KeyStore own = keyPair("own", "san=ip:127.0.0.1");
    KeyStore other = keyPair("other", "san=dns:other.invalid");
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    trust.setCertificateEntry("own", own.getCertificate("own"));
    trust.setCertificateEntry("other", other.getCertificate("other"));
    Path trustStore = dir.resolve("trust.p12");
    try (OutputStream out = Files.newOutputStream(trustStore)) {
      trust.store(out, PASS);
    }
    System.setProperty("javax.net.ssl.trustStore", trustStore.toString());
    System.setProperty("javax.net.ssl.trustStorePassword", new String(PASS));
    System.setProperty("javax.net.ssl.trustStoreType", "PKCS12");
    ownHost = serverTls(own);
    otherHost = serverTls(other);
    passwordFile = dir.resolve("admin.password");
    Files.writeString(passwordFile, "s3cret\n");
    Files.setPosixFilePermissions(passwordFile, PosixFilePermissions.fromString("rw-------"));
  }

  @AfterAll
  static void stop() throws Exception {
    for (JMXConnectorServer c : connectors) {
      c.stop();
    }
    for (Registry r : registries) {
      UnicastRemoteObject.unexportObject(r, true);
    }
  }

  @Test
  void aConnectorAnsweringWithAnotherHostsCertificateGetsNoPassword() throws Exception {
    List<Object> seen = new CopyOnWriteArrayList<>();
    int port = server(ownHost, otherHost, seen);
    Map<String, Object> env = new JmxLogin("cakeadmin", passwordFile, true).environment(new JmxEndpoint("127.0.0.1", port, true));
    assertThatThrownBy(() -> JMXConnectorFactory.connect(new JMXServiceURL(url(port)), env).close())
        .hasStackTraceContaining("subject alternative");
    assertThat(seen).as("credentials the connector received").isEmpty();
  }

  @Test
  void aConnectorWithItsOwnHostsCertificateGetsTheLogin() throws Exception {
    List<Object> seen = new CopyOnWriteArrayList<>();
    int port = server(ownHost, ownHost, seen);
    Map<String, Object> env = new JmxLogin("cakeadmin", passwordFile, true).environment(new JmxEndpoint("127.0.0.1", port, true));
    try (JMXConnector c = JMXConnectorFactory.connect(new JMXServiceURL(url(port)), env)) {
      assertThat(c.getMBeanServerConnection().getMBeanCount()).isPositive();
    }
    assertThat(seen).hasSize(1);
    assertThat((String[]) seen.get(0)).containsExactly("cakeadmin", "s3cret");
  }

  private static String url(int port) {
    return "service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi";
  }

  /** A registry with {@code registryTls} handing out a connector with {@code connectorTls}. */
  private static int server(SSLContext registryTls, SSLContext connectorTls, List<Object> seen) throws Exception {
    JMXAuthenticator recording = credentials -> {
      seen.add(credentials);
      return new Subject(true, java.util.Set.of(new JMXPrincipal("cakeadmin")), java.util.Set.of(), java.util.Set.of());
    };
    Map<String, Object> env = Map.of(JMXConnectorServer.AUTHENTICATOR, recording);
    int port;
    try (ServerSocket s = new ServerSocket(0, 1, LOOPBACK)) {
      port = s.getLocalPort();
    }
    Registry registry = LocateRegistry.createRegistry(port, new SslRMIClientSocketFactory(), listen(registryTls));
    registries.add(registry);
    RMIJRMPServerImpl stubs = new RMIJRMPServerImpl(0, new SslRMIClientSocketFactory(), listen(connectorTls), env);
    RMIConnectorServer connector = new RMIConnectorServer(new JMXServiceURL("service:jmx:rmi://127.0.0.1"), env,
        stubs, MBeanServerFactory.newMBeanServer());
    connector.start();
    connectors.add(connector);
    registry.bind("jmxrmi", stubs.toStub());
    return port;
  }

  private static RMIServerSocketFactory listen(SSLContext tls) {
    return port -> tls.getServerSocketFactory().createServerSocket(port, 50, LOOPBACK);
  }

  private static SSLContext serverTls(KeyStore keys) throws Exception {
    KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
    kmf.init(keys, PASS);
    SSLContext tls = SSLContext.getInstance("TLS");
    tls.init(kmf.getKeyManagers(), null, null);
    return tls;
  }

  private static KeyStore keyPair(String alias, String san) throws Exception {
    Path store = dir.resolve(alias + ".p12");
    Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "keytool").toString(),
        "-genkeypair", "-alias", alias, "-keyalg", "EC", "-groupname", "secp256r1", "-dname", "CN=" + alias,
        "-ext", san, "-validity", "2", "-storetype", "PKCS12", "-keystore", store.toString(),
        "-storepass", new String(PASS), "-keypass", new String(PASS)).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("keytool finished").isTrue();
    assertThat(p.exitValue()).as("keytool: " + out).isZero();
    KeyStore keys = KeyStore.getInstance("PKCS12");
    try (InputStream in = Files.newInputStream(store)) {
      keys.load(in, PASS);
    }
    return keys;
  }
}
