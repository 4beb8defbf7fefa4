package io.cake.controller.config;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;
import javax.rmi.ssl.SslRMIClientSocketFactory;

/**
 * How the controller reaches the DataNode's JMX: the service URL ({@code ""}: the scheduler is in
 * this JVM, reached without remoting), an optional user with the file holding its password, and
 * whether to use TLS. Immutable. It keeps the password file's path, never the password: the file
 * is read at each (re)connect, so a rotated password takes effect at the next reconnect without a
 * RegionServer restart.
 */
public final class JmxConnection {
  /**
   * JNDI's environment key for the socket factory of the RMI registry lookup. The registry hands
   * back the connector's stub, which carries the DataNode's own socket factory for the connection
   * itself: TLS there is the DataNode's {@code com.sun.management.jmxremote.ssl}.
   */
  public static final String REGISTRY_SOCKET_FACTORY = "com.sun.jndi.rmi.factory.socket";

  public static final JmxConnection IN_THIS_JVM = new JmxConnection("", null, null, false);

  private final String url;
  private final String user;
  private final Path passwordFile;
  private final boolean ssl;

  /**
   * @param user null for no credentials; then {@code passwordFile} is null too
   * @param ssl TLS for the registry lookup (and expects a DataNode whose stub uses TLS)
   */
  public JmxConnection(String url, String user, Path passwordFile, boolean ssl) {
    this.url = Objects.requireNonNull(url, "url").trim();
    if ((user == null) != (passwordFile == null)) {
      throw new IllegalArgumentException("a user needs a password file and a password file a user");
    }
    if (this.url.isEmpty() && (user != null || ssl)) {
      throw new IllegalArgumentException("credentials and TLS apply to a JMX URL only");
    }
    this.user = user;
    this.passwordFile = passwordFile;
    this.ssl = ssl;
  }

  /** A connection without credentials or TLS (an unauthenticated DataNode, tests). */
  public static JmxConnection plain(String url) {
    return new JmxConnection(url, null, null, false);
  }

  /** True: the DataNode scheduler is in this JVM (the platform MBeanServer), no URL. */
  public boolean inThisJvm() {
    return url.isEmpty();
  }

  public String url() {
    return url;
  }

  public Optional<String> user() {
    return Optional.ofNullable(user);
  }

  public Optional<Path> passwordFile() {
    return Optional.ofNullable(passwordFile);
  }

  public boolean ssl() {
    return ssl;
  }

  /** The connector's environment, the password read from its file now. */
  public Map<String, Object> environment() throws IOException {
    Map<String, Object> env = new HashMap<>();
    if (user != null) {
      env.put(JMXConnector.CREDENTIALS, new String[] {user, PasswordFile.read(passwordFile)});
    }
    if (ssl) {
      // Trusts what the JVM's default SSLContext trusts (javax.net.ssl.trustStore, else cacerts).
      env.put(REGISTRY_SOCKET_FACTORY, new SslRMIClientSocketFactory());
    }
    return env;
  }

  /**
   * Connects now.
   *
   * @throws SecurityException the DataNode refused the credentials (or their absence)
   */
  public JMXConnector connect() throws IOException {
    if (inThisJvm()) {
      throw new IllegalStateException("no JMX URL: the DataNode scheduler is in this JVM");
    }
    return JMXConnectorFactory.connect(new JMXServiceURL(url), environment());
  }

  /** Same URL, user, password file and TLS: a reload that names the same DataNode the same way. */
  @Override
  public boolean equals(Object o) {
    return o instanceof JmxConnection c
        && url.equals(c.url)
        && Objects.equals(user, c.user)
        && Objects.equals(passwordFile, c.passwordFile)
        && ssl == c.ssl;
  }

  @Override
  public int hashCode() {
    return Objects.hash(url, user, passwordFile, ssl);
  }

  /** For logs: never the password. */
  @Override
  public String toString() {
    if (inThisJvm()) {
      return "this JVM's MBeanServer";
    }
    return url + (user == null ? " without credentials" : " as user '" + user + "'") + (ssl ? " over TLS" : "");
  }
}
