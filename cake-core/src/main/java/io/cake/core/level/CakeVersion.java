package io.cake.core.level;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.util.Properties;
import javax.management.InstanceAlreadyExistsException;
import javax.management.JMException;
import javax.management.MBeanServer;
import javax.management.ObjectName;

/**
 * The version of Cake this JVM runs, from the build (a resource Maven fills in, so it is right in
 * the shaded jar and in a development tree alike). Every Cake MBean shows it, and each JVM that
 * loads Cake, the HMaster's included, registers {@code io.cake:type=Version}: {@code cake doctor}
 * reads it to find a cluster half-way through a rolling install.
 */
public final class CakeVersion implements CakeVersionMXBean {
  /** The bean one per JVM, whatever role the JVM plays. */
  public static final String OBJECT_NAME = "io.cake:type=Version";

  private static final String VERSION = read();

  private CakeVersion() {}

  /** This build's version, such as {@code 0.1.0}. */
  public static String current() {
    return VERSION;
  }

  @Override
  public String getVersion() {
    return VERSION;
  }

  /** Registers {@link #OBJECT_NAME} in the platform MBeanServer once; later calls do nothing. */
  public static void register() {
    MBeanServer server = ManagementFactory.getPlatformMBeanServer();
    try {
      server.registerMBean(new CakeVersion(), new ObjectName(OBJECT_NAME));
    } catch (InstanceAlreadyExistsException e) {
      // registered by another Cake component in this JVM (a DataNode and a RegionServer in one test JVM)
    } catch (JMException | SecurityException e) {
      // Only a report: the servers run the same without it.
      org.slf4j.LoggerFactory.getLogger(CakeVersion.class).warn("Cake: cannot register {}: {}", OBJECT_NAME, e.toString());
    }
  }

  private static String read() {
    Properties p = new Properties();
    try (InputStream in = CakeVersion.class.getResourceAsStream("cake-version.properties")) {
      if (in == null) {
        throw new IllegalStateException("cake-version.properties is missing from the Cake jar");
      }
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p.getProperty("version");
  }
}
