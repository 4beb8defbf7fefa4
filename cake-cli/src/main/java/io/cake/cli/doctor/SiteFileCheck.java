package io.cake.cli.doctor;

import io.cake.controller.config.ControllerConfig;
import io.cake.core.config.SiteKeys;
import io.cake.core.config.TenantKeys;
import io.cake.core.jmx.CakeOnlyMBeanServerBuilder;
import io.cake.director.config.DirectorConfig;
import io.cake.hbase.config.CakeHBaseConfig;
import io.cake.hbase.config.CakeSettings;
import io.cake.hdfs.client.ClientKeys;
import io.cake.hdfs.datanode.HdfsSchedulerConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * {@code cake config check}: a site file through the validators the servers run on it (the
 * RegionServer's scheduler, its controller, the DataNode's read scheduler, the HMaster's director), with no server and no
 * Hadoop. A value a server would refuse fails here with the server's own message; a {@code cake.*}
 * key no server reads (a typo, most often) is a warning, as the servers pass over it silently.
 */
public final class SiteFileCheck {
  /** Every Cake key the servers read by name: the String constants of the three key classes. */
  static final Set<String> KNOWN =
      known(CakeHBaseConfig.class, ControllerConfig.class, HdfsSchedulerConfig.class, ClientKeys.class,
          DirectorConfig.class);

  /** Cake's JVM flags: read by the JVM before any site file, so a site file's copy does nothing. */
  static final Set<String> SYSTEM_PROPERTIES = Set.of(CakeOnlyMBeanServerBuilder.USERS_KEY);

  /** Keys read by prefix: one per tenant, each checked by its own parser. */
  static final List<String> PER_TENANT = List.of(TenantKeys.SHARED_PREFIX, CakeHBaseConfig.TENANT_PREFIX,
      HdfsSchedulerConfig.TENANT_PREFIX, ControllerConfig.SLO_PREFIX);

  private SiteFileCheck() {}

  public static List<Finding> of(String subject, SiteFile file) {
    Map<String, String> keys = file.keys();
    SiteKeys site = SiteKeys.of(keys);
    List<Finding> out = new ArrayList<>();
    file.notes().forEach(n -> out.add(Finding.warn(subject, "file", n)));
    try {
      CakeSettings s = CakeSettings.of(site);
      out.add(Finding.ok(subject, "hbase", count(keys, "cake.hbase.") + ", valid; Cake " + (s.enabled() ? "on" : "off")
          + " where " + CakeHBaseConfig.SCHEDULER_FACTORY_KEY + " names it"));
      s.overrides().forEach(o -> out.add(Finding.warn(subject, "hbase", o + " (the RegionServer's own key wins)")));
    } catch (IllegalArgumentException e) {
      out.add(Finding.fail(subject, "hbase", "the RegionServer would refuse it: " + e.getMessage()));
    }
    try {
      ControllerConfig c = controller(subject, keys, out);
      out.add(Finding.ok(subject, "controller", count(keys, "cake.controller.") + ", valid; "
          + (c.enabled() ? c.slos().size() + " SLO tenant(s)" : "off (" + ControllerConfig.ENABLED + " is false)")));
    } catch (IllegalArgumentException e) {
      out.add(Finding.fail(subject, "controller", "the controller would refuse it: " + e.getMessage()));
    }
    try {
      HdfsSchedulerConfig d = HdfsSchedulerConfig.of(site);
      out.add(Finding.ok(subject, "hdfs", count(keys, "cake.hdfs.") + ", valid; soft limit " + d.softLimit()));
      d.overrides().forEach(o -> out.add(Finding.warn(subject, "hdfs", o + " (the DataNode's own key wins)")));
    } catch (IllegalArgumentException e) {
      out.add(Finding.fail(subject, "hdfs", "the DataNode would refuse it: " + e.getMessage()));
    }
    try {
      DirectorConfig d = DirectorConfig.of(site);
      out.add(Finding.ok(subject, "director", count(keys, "cake.director.") + ", valid; "
          + (d.enabled() ? "on where the HMaster loads it" : "off (" + DirectorConfig.ENABLED_KEY + " is false)")));
    } catch (IllegalArgumentException e) {
      out.add(Finding.fail(subject, "director", "the HMaster would refuse it: " + e.getMessage()));
    }
    for (String k : new TreeSet<>(keys.keySet())) {
      if (SYSTEM_PROPERTIES.contains(k)) {
        out.add(Finding.warn(subject, "keys", k + " is a JVM system property: in a site file it does nothing;"
            + " set -D" + k + "=... in the server's JVM options (docs/configuration.md)"));
      } else if (k.startsWith("cake.") && !KNOWN.contains(k) && PER_TENANT.stream().noneMatch(k::startsWith)) {
        out.add(Finding.warn(subject, "keys", "unknown key " + k + ": no Cake server reads it (docs/configuration.md)"));
      }
    }
    return out;
  }

  /**
   * The controller's keys. A password file that is not on this host is on the RegionServer's,
   * where the controller checks it at start: the rest is checked with a stand-in for it.
   */
  private static ControllerConfig controller(String subject, Map<String, String> keys, List<Finding> out) {
    String file = keys.getOrDefault(ControllerConfig.HDFS_JMX_PASSWORD_FILE, "").trim();
    if (file.isEmpty() || !file.startsWith("/") || Files.exists(Path.of(file))) {
      return ControllerConfig.parse(keys);
    }
    out.add(Finding.warn(subject, "controller", ControllerConfig.HDFS_JMX_PASSWORD_FILE + " " + file
        + " is not on this host: the controller checks it when it starts (a file only its owner can read)"));
    Path standIn = null;
    try {
      standIn = Files.createTempFile("cake-check", ".password",
          PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      Files.writeString(standIn, "stand-in");
      Map<String, String> checked = new java.util.HashMap<>(keys);
      checked.put(ControllerConfig.HDFS_JMX_PASSWORD_FILE, standIn.toString());
      return ControllerConfig.parse(checked);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } finally {
      if (standIn != null) {
        standIn.toFile().delete();
      }
    }
  }

  private static String count(Map<String, String> keys, String prefix) {
    long n = keys.keySet().stream().filter(k -> k.startsWith(prefix)).count();
    return n == 0 ? "no " + prefix + "* keys (the defaults)" : n + " " + prefix + "* key" + (n == 1 ? "" : "s");
  }

  private static Set<String> known(Class<?>... classes) {
    Set<String> out = new TreeSet<>();
    for (Class<?> c : classes) {
      for (Field f : c.getFields()) {
        if (Modifier.isStatic(f.getModifiers()) && f.getType() == String.class) {
          try {
            String v = (String) f.get(null);
            if (v != null && v.startsWith("cake.")) {
              out.add(v);
            }
          } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
          }
        }
      }
    }
    return Set.copyOf(out);
  }
}
