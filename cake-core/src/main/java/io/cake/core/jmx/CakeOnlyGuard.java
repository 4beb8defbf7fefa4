package io.cake.core.jmx;

import io.cake.core.metrics.JmxPublisher;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.security.AccessController;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import javax.management.MBeanServer;
import javax.management.ObjectInstance;
import javax.management.ObjectName;
import javax.management.remote.JMXPrincipal;
import javax.security.auth.Subject;

/**
 * An MBeanServer that lets some remote JMX users reach Cake's MBeans ({@value
 * JmxPublisher#DOMAIN}) and nothing else.
 *
 * <p>Why. The JDK agent's access file knows two roles, readonly and readwrite, over every MBean.
 * The controller must write Cake's allocation on the DataNode, so its user is readwrite, and a
 * readwrite user can also invoke {@code DiagnosticCommand} or dump the heap. Calls from those users
 * (named by the connector's {@link JMXPrincipal}) pass only if every {@link ObjectName} they name
 * is in Cake's domain; queries see only Cake's MBeans; creating, registering and unregistering
 * MBeans and reaching class loaders are refused. Calls without such a user (in-process ones, and
 * other JMX users) pass unchanged. Installed by {@link CakeOnlyMBeanServerBuilder}.
 */
public final class CakeOnlyGuard implements InvocationHandler {
  private static final Set<String> REFUSED = Set.of("createMBean", "registerMBean",
      "unregisterMBean", "instantiate", "deserialize", "getClassLoader", "getClassLoaderFor",
      "getClassLoaderRepository");
  private static final Set<String> UNNAMED = Set.of("queryNames", "queryMBeans", "getDomains",
      "getDefaultDomain", "getMBeanCount");

  private final MBeanServer inner;
  private final Set<String> users;

  private CakeOnlyGuard(MBeanServer inner, Set<String> users) {
    this.inner = inner;
    this.users = Set.copyOf(users);
  }

  /** {@code inner}, with the JMX users {@code users} kept to Cake's MBeans. */
  public static MBeanServer wrap(MBeanServer inner, Set<String> users) {
    return (MBeanServer) Proxy.newProxyInstance(MBeanServer.class.getClassLoader(),
        new Class<?>[] {MBeanServer.class}, new CakeOnlyGuard(inner, users));
  }

  @Override
  public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    String user = users.isEmpty() || method.getDeclaringClass() == Object.class ? null : keptUser();
    if (user != null) {
      check(user, method.getName(), args == null ? new Object[0] : args);
    }
    Object result;
    try {
      result = method.invoke(inner, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
    return user == null ? result : onlyCake(method.getName(), result);
  }

  private static void check(String user, String method, Object[] args) {
    boolean named = false;
    for (Object a : args) {
      if (a instanceof ObjectName n) {
        if (!isCake(n)) {
          throw refused(user, method + " on " + n);
        }
        named = true;
      }
    }
    if (REFUSED.contains(method) || (!named && !UNNAMED.contains(method))) {
      throw refused(user, method);
    }
  }

  private static SecurityException refused(String user, String what) {
    return new SecurityException("JMX user " + user + " may use only " + JmxPublisher.DOMAIN
        + " MBeans, not " + what);
  }

  @SuppressWarnings("unchecked")
  private static Object onlyCake(String method, Object result) {
    switch (method) {
      case "queryNames" -> {
        Set<ObjectName> kept = new LinkedHashSet<>();
        for (ObjectName n : (Set<ObjectName>) result) {
          if (isCake(n)) {
            kept.add(n);
          }
        }
        return kept;
      }
      case "queryMBeans" -> {
        Set<ObjectInstance> kept = new LinkedHashSet<>();
        for (ObjectInstance i : (Set<ObjectInstance>) result) {
          if (isCake(i.getObjectName())) {
            kept.add(i);
          }
        }
        return kept;
      }
      case "getDomains" -> {
        return Arrays.stream((String[]) result).filter(JmxPublisher.DOMAIN::equals).toArray(String[]::new);
      }
      default -> {
        return result;
      }
    }
  }

  private static boolean isCake(ObjectName n) {
    return n != null && !n.isDomainPattern() && JmxPublisher.DOMAIN.equals(n.getDomain());
  }

  /** The kept user the calling connection authenticated as, or null. */
  @SuppressWarnings("removal") // Subject.current() is JDK 18+; the JMX connector sets this one
  private String keptUser() {
    Subject s = Subject.getSubject(AccessController.getContext());
    if (s == null) {
      return null;
    }
    for (JMXPrincipal p : s.getPrincipals(JMXPrincipal.class)) {
      if (users.contains(p.getName())) {
        return p.getName();
      }
    }
    return null;
  }
}
