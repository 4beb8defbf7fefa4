package io.cake.cli.jmx;

import io.cake.controller.config.HostCheckingSslSockets;
import io.cake.controller.config.JmxConnection;
import io.cake.controller.config.PasswordFile;
import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import javax.management.remote.JMXConnector;

/**
 * Who the tool logs in as on the RegionServers' JMX: {@code --jmx-user} with the password in
 * {@code --jmx-password-file} (the same rules as the controller's DataNode password file: only the
 * password, not readable by every user), or no credentials; {@code tls} for a registry that
 * speaks TLS.
 */
public record JmxLogin(String user, Path passwordFile, boolean tls) {
  public static final String USER_OPTION = "--jmx-user";
  public static final String PASSWORD_FILE_OPTION = "--jmx-password-file";

  public JmxLogin {
    if ((user == null) != (passwordFile == null)) {
      throw new IllegalArgumentException(user == null
          ? PASSWORD_FILE_OPTION + " needs " + USER_OPTION + " (the JMX user the password is for)"
          : USER_OPTION + " needs " + PASSWORD_FILE_OPTION + " (a file holding only that user's password)");
    }
  }

  /** The connector environment for {@code endpoint}, the password read from its file now. */
  public Map<String, Object> environment(JmxEndpoint endpoint) throws IOException {
    Map<String, Object> env = new HashMap<>();
    if (user != null) {
      env.put(JMXConnector.CREDENTIALS, new String[] {user, PasswordFile.read(passwordFile, PASSWORD_FILE_OPTION)});
    }
    if (tls || endpoint.registrySsl()) {
      HostCheckingTls.install(); // the login's own socket (the server's stub) checks host names too
      env.put(JmxConnection.REGISTRY_SOCKET_FACTORY, new HostCheckingSslSockets());
    }
    return env;
  }

  /** Reads the password file now, so a bad one is refused before anything is contacted. */
  public void check() throws IOException {
    if (passwordFile != null) {
      PasswordFile.read(passwordFile, PASSWORD_FILE_OPTION);
    }
  }

  /** For messages: who was refused. */
  public String who() {
    return user == null ? "a connection without credentials" : "the login of user '" + user + "'";
  }
}
