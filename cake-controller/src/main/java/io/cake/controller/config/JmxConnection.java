package io.cake.controller.config;

import io.cake.core.config.ConfigBoolean;
import java.io.IOException;
import java.net.MalformedURLException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

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
      // Trusts what the JVM's default SSLContext trusts (javax.net.ssl.trustStore, else cacerts),
      // for the host dialled only.
      env.put(REGISTRY_SOCKET_FACTORY, new HostCheckingSslSockets());
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

  /**
   * The DataNode's JMX from the controller's keys. A user and a password file go together: either alone cannot log in, and
   * silently connecting without credentials would only fail later, less clearly. Credentials and
   * TLS with no URL are refused too: they would be ignored (the scheduler in this JVM is reached
   * without remoting).
   */
  static JmxConnection fromKeys(Map<String, String> conf) {
    String url = conf.getOrDefault(ControllerConfig.HDFS_JMX_URL, ControllerConfig.DEFAULT_HDFS_JMX_URL).trim();
    String user = conf.getOrDefault(ControllerConfig.HDFS_JMX_USER, ControllerConfig.DEFAULT_HDFS_JMX_USER).trim();
    String file = conf.getOrDefault(ControllerConfig.HDFS_JMX_PASSWORD_FILE, ControllerConfig.DEFAULT_HDFS_JMX_PASSWORD_FILE).trim();
    boolean ssl = ConfigBoolean.parse(ControllerConfig.HDFS_JMX_SSL, conf.get(ControllerConfig.HDFS_JMX_SSL), ControllerConfig.DEFAULT_HDFS_JMX_SSL);
    if (url.isEmpty()) {
      String ignored = !user.isEmpty() ? ControllerConfig.HDFS_JMX_USER : !file.isEmpty() ? ControllerConfig.HDFS_JMX_PASSWORD_FILE : ssl ? ControllerConfig.HDFS_JMX_SSL : null;
      if (ignored != null) {
        throw new IllegalArgumentException(ignored + " is set but " + ControllerConfig.HDFS_JMX_URL + " is empty (the DataNode scheduler"
            + " in this JVM, reached without JMX remoting): set " + ControllerConfig.HDFS_JMX_URL + " or remove " + ignored);
      }
      return IN_THIS_JVM;
    }
    JMXServiceURL parsed;
    try {
      parsed = new JMXServiceURL(url);
    } catch (MalformedURLException e) {
      throw new IllegalArgumentException(
          ControllerConfig.HDFS_JMX_URL + " must be a JMX service URL such as service:jmx:rmi:///jndi/rmi://127.0.0.1:9999/jmxrmi, got '"
              + url + "': " + e.getMessage());
    }
    if (ssl && !"rmi".equals(parsed.getProtocol())) {
      throw new IllegalArgumentException(ControllerConfig.HDFS_JMX_SSL + " is for the RMI connector (service:jmx:rmi:...), but "
          + ControllerConfig.HDFS_JMX_URL + " uses '" + parsed.getProtocol() + "'");
    }
    if (user.isEmpty() != file.isEmpty()) {
      throw new IllegalArgumentException(ControllerConfig.HDFS_JMX_USER + " and " + ControllerConfig.HDFS_JMX_PASSWORD_FILE + " go together: set both"
          + " (a DataNode with com.sun.management.jmxremote.authenticate=true) or neither, got "
          + (user.isEmpty() ? "only " + ControllerConfig.HDFS_JMX_PASSWORD_FILE : "only " + ControllerConfig.HDFS_JMX_USER));
    }
    if (user.isEmpty()) {
      return new JmxConnection(url, null, null, ssl);
    }
    Path path;
    try {
      path = Path.of(file);
      if (!path.isAbsolute()) { // relative to wherever the RegionServer was started: a trap
        throw new IllegalArgumentException(ControllerConfig.HDFS_JMX_PASSWORD_FILE + " must be an absolute path, got '" + file + "'");
      }
      PasswordFile.read(path); // refuse at start what would fail every connect
    } catch (IOException | InvalidPathException e) {
      String why = e.getMessage();
      throw new IllegalArgumentException(why.contains(ControllerConfig.HDFS_JMX_PASSWORD_FILE) ? why : ControllerConfig.HDFS_JMX_PASSWORD_FILE + ": " + why, e);
    }
    return new JmxConnection(url, user, path, ssl);
  }

}
