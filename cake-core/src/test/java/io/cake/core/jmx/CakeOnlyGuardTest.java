package io.cake.core.jmx;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.PrivilegedExceptionAction;
import java.util.Set;
import javax.management.MBeanServer;
import javax.management.MBeanServerFactory;
import javax.management.ObjectName;
import javax.management.remote.JMXPrincipal;
import javax.security.auth.Subject;
import org.junit.jupiter.api.Test;

/** The rule alone; over a real RMI connector: CakeOnlyJmxTest (cake-controller). */
class CakeOnlyGuardTest {
  private static final ObjectName DELEGATE = name("JMImplementation:type=MBeanServerDelegate");

  @Test
  void callsWithoutAKeptUserPassUnchanged() throws Exception {
    MBeanServer s = CakeOnlyGuard.wrap(MBeanServerFactory.newMBeanServer(), Set.of("cake"));
    assertThat(s.getAttribute(DELEGATE, "ImplementationName")).isNotNull();
    assertThat(as("someone-else", () -> s.getAttribute(DELEGATE, "ImplementationName"))).isNotNull();
  }

  @Test
  void aKeptUserReachesOnlyCakesDomain() throws Exception {
    MBeanServer inner = MBeanServerFactory.newMBeanServer();
    MBeanServer s = CakeOnlyGuard.wrap(inner, Set.of("cake"));
    assertThatThrownBy(() -> as("cake", () -> s.getAttribute(DELEGATE, "ImplementationName")))
        .isInstanceOf(SecurityException.class).hasMessageContaining("JMImplementation");
    assertThatThrownBy(() -> as("cake", () -> s.getAttribute(name("*:type=X"), "A")))
        .as("a domain pattern is not Cake's domain").isInstanceOf(SecurityException.class);
    assertThat(as("cake", () -> s.queryNames(null, null))).isEmpty();
    assertThat(as("cake", () -> s.getMBeanCount())).isEqualTo(inner.getMBeanCount());
  }

  @Test
  void theUserListIsCommaSeparatedAndBlankKeepsNobody() {
    assertThat(CakeOnlyMBeanServerBuilder.users(" a, b ,,c")).containsExactlyInAnyOrder("a", "b", "c");
    assertThat(CakeOnlyMBeanServerBuilder.users("")).isEmpty();
  }

  private static <T> T as(String user, PrivilegedExceptionAction<T> action) throws Exception {
    Subject subject = new Subject(true, Set.of(new JMXPrincipal(user)), Set.of(), Set.of());
    try {
      @SuppressWarnings("removal")
      T t = Subject.doAsPrivileged(subject, action, null);
      return t;
    } catch (java.security.PrivilegedActionException e) {
      throw e.getException();
    }
  }

  private static ObjectName name(String s) {
    try {
      return new ObjectName(s);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
