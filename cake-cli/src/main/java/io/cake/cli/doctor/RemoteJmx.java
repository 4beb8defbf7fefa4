package io.cake.cli.doctor;

import java.util.List;

/**
 * A JVM's remote JMX as its command line sets it up ({@code -Dcom.sun.management.jmxremote.*},
 * the JDK's defaults otherwise: authentication on). A JVM configured through a management file
 * ({@code com.sun.management.config.file}) is not judged: the file is on its host.
 */
record RemoteJmx(Integer port, boolean authenticate, String configFile) {
  private static final String PREFIX = "-Dcom.sun.management.";

  static RemoteJmx of(List<String> arguments) {
    Integer port = null;
    boolean authenticate = true;
    String file = null;
    for (String a : arguments) {
      if (!a.startsWith(PREFIX)) {
        continue;
      }
      int eq = a.indexOf('=');
      String key = eq < 0 ? a.substring(PREFIX.length()) : a.substring(PREFIX.length(), eq);
      String value = eq < 0 ? "" : a.substring(eq + 1).trim();
      switch (key) {
        case "jmxremote.port" -> port = parsePort(value);
        case "jmxremote.authenticate" -> authenticate = !"false".equalsIgnoreCase(value);
        case "config.file" -> file = value;
        default -> { }
      }
    }
    return new RemoteJmx(port, authenticate, file);
  }

  private static Integer parsePort(String value) {
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
