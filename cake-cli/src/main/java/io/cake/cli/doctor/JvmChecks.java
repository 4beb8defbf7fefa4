package io.cake.cli.doctor;

import java.util.ArrayList;
import java.util.List;

/** What any server's JVM is checked for: remote JMX with authentication, and its clock. */
final class JvmChecks {
  /**
   * HBase's own threshold for warning of a RegionServer's clock (hbase.master.warningclockskew):
   * beyond it, log lines and decisions of two servers no longer line up by time.
   */
  static final long WARN_SKEW_MILLIS = 10_000;

  private JvmChecks() {}

  static List<Finding> of(String subject, JvmProbe probe) {
    if (probe == null) {
      return List.of();
    }
    if (probe.error() != null) {
      return List.of(Finding.warn(subject, "jvm", "JVM not read: " + probe.error()));
    }
    List<Finding> out = new ArrayList<>();
    out.add(jmx(subject, RemoteJmx.of(probe.arguments())));
    out.addAll(clock(subject, probe));
    return out;
  }

  static Finding jmx(String subject, RemoteJmx jmx) {
    if (jmx.configFile() != null) {
      return Finding.warn(subject, "jmx-auth", "remote JMX set in " + jmx.configFile() + " on its host: not checked");
    }
    if (jmx.port() == null) {
      return Finding.ok(subject, "jmx-auth", "no remote JMX port");
    }
    return jmx.authenticate()
        ? Finding.ok(subject, "jmx-auth", "remote JMX on port " + jmx.port() + " with authentication")
        : Finding.fail(subject, "jmx-auth", "remote JMX on port " + jmx.port() + " WITHOUT authentication: whoever"
            + " reaches the port can change Cake's shares, and more; turn com.sun.management.jmxremote.authenticate"
            + " on with a password file (docs/install.md)");
  }

  static List<Finding> clock(String subject, JvmProbe probe) {
    if (probe.skewMillis() == null) {
      return List.of();
    }
    long skew = probe.skewMillis();
    String text = String.format("%+d ms from this host's clock (+/- %d ms)", skew, probe.skewBoundMillis());
    return List.of(Math.abs(skew) - probe.skewBoundMillis() > WARN_SKEW_MILLIS
        ? Finding.warn(subject, "clock", text + ": more than " + WARN_SKEW_MILLIS / 1000 + " s off")
        : Finding.ok(subject, "clock", text));
  }
}
