package io.cake.cli.command;

import io.cake.cli.jmx.JmxLogin;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** How writes log in to each RegionServer's remote JMX (docs/operations.md). */
public final class JmxOptions {
  @Spec(Spec.Target.MIXEE)
  CommandSpec mixee;

  @Option(names = JmxLogin.USER_OPTION, paramLabel = "USER", defaultValue = "${env:CAKE_JMX_USER}",
      description = "the JMX user (a readwrite role of the RegionServers' access file; default $CAKE_JMX_USER)")
  String user;

  @Option(names = JmxLogin.PASSWORD_FILE_OPTION, paramLabel = "FILE", defaultValue = "${env:CAKE_JMX_PASSWORD_FILE}",
      description = "a file holding only that user's password, not readable by others (default $CAKE_JMX_PASSWORD_FILE)")
  Path passwordFile;

  @Option(names = "--jmx-port", paramLabel = "PORT",
      description = "every RegionServer's JMX registry port; default: each one's own com.sun.management.jmxremote.port,"
          + " read from its /jmx page")
  Integer port;

  @Option(names = "--jmx-tls", description = "the JMX registries use TLS (also taken from each RegionServer's own"
      + " com.sun.management.jmxremote.registry.ssl)")
  boolean tls;

  public JmxLogin login() {
    try {
      JmxLogin login = new JmxLogin(blankToNull(user), passwordFile, tls);
      login.check();
      return login;
    } catch (IllegalArgumentException | java.io.IOException e) {
      throw new ParameterException(mixee.commandLine(), e.getMessage());
    }
  }

  public Integer port() {
    if (port != null && (port < 1 || port > 65535)) {
      throw new ParameterException(mixee.commandLine(), "--jmx-port must be 1 to 65535, got " + port);
    }
    return port;
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s;
  }
}
