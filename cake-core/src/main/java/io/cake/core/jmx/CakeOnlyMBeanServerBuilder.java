package io.cake.core.jmx;

import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import javax.management.MBeanServer;
import javax.management.MBeanServerBuilder;
import javax.management.MBeanServerDelegate;

/**
 * Keeps the JMX users named in the system property {@value #USERS_KEY} to Cake's MBeans ({@link
 * CakeOnlyGuard}) on every MBeanServer of the JVM, the platform one included. A JVM flag, as the
 * JDK agent's own are, because the platform MBeanServer is built before any Hadoop configuration
 * is read:
 *
 * <pre>-Djavax.management.builder.initial=io.cake.core.jmx.CakeOnlyMBeanServerBuilder</pre>
 */
public final class CakeOnlyMBeanServerBuilder extends MBeanServerBuilder {
  /** System property: comma-separated JMX users kept to Cake's MBeans. */
  public static final String USERS_KEY = "cake.jmx.cake-only-users";
  /** The controller's user on the DataNodes, as docs/install.md and ./cake-cluster name it. */
  public static final String DEFAULT_USERS = "cakecontroller";

  @Override
  public MBeanServer newMBeanServer(String defaultDomain, MBeanServer outer,
      MBeanServerDelegate delegate) {
    return CakeOnlyGuard.wrap(super.newMBeanServer(defaultDomain, outer, delegate),
        users(System.getProperty(USERS_KEY, DEFAULT_USERS)));
  }

  /** The names in a comma-separated list; blanks ignored, so "" keeps nobody. */
  static Set<String> users(String list) {
    return Arrays.stream(list.split(",")).map(String::trim).filter(s -> !s.isEmpty())
        .collect(Collectors.toUnmodifiableSet());
  }
}
