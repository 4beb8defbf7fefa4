package io.cake.cli.doctor;

import io.cake.cli.status.DataNodeLevel;
import io.cake.cli.status.RegionServerStatus;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Whether a RegionServer's controller steers the DataNode beside it: the one on its host, whose
 * scheduler {@code cake status} read there. A controller pointed at another host's DataNode steers
 * reads it does not serve and leaves its own DataNode's unscheduled, and nothing else says so.
 */
final class Pairing {
  /** The host of an RMI JMX URL: service:jmx:rmi:///jndi/rmi://HOST:PORT/... or service:jmx:rmi://HOST... */
  private static final Pattern HOST = Pattern.compile("service:jmx:\\w+://(?:/jndi/\\w+://)?\\[?([^\\]/:]+)");

  private Pairing() {}

  static Optional<Finding> check(String subject, RegionServerStatus rs, JvmProbe jvm) {
    if (rs.controller() == null || jvm == null || jvm.error() != null || jvm.steersUrl() == null) {
      return Optional.empty(); // no controller, or one too old to say which DataNode it steers
    }
    String url = jvm.steersUrl();
    String scheduler = jvm.steersScheduler() == null ? "" : jvm.steersScheduler();
    DataNodeLevel beside = rs.datanode();
    String named = scheduler.isEmpty() ? "the DataNode" : "DataNode scheduler " + scheduler;
    if (url.isEmpty()) {
      return Optional.of(Finding.ok(subject, "pairing", "steers " + named + " in its own JVM"));
    }
    if (beside != null && beside.error() == null && !scheduler.isEmpty() && !scheduler.equals(beside.scheduler())) {
      return Optional.of(Finding.fail(subject, "pairing", "steers " + named + " through " + url
          + ", but the DataNode beside it runs " + beside.scheduler() + ": check cake.controller.hdfs.jmx-url and"
          + " cake.controller.hdfs.scheduler"));
    }
    Matcher m = HOST.matcher(url);
    String host = m.find() ? m.group(1) : null;
    if (host != null && !host.equalsIgnoreCase(rs.host())) {
      return Optional.of(Finding.warn(subject, "pairing", "steers " + named + " at " + host + " (" + url
          + "), not on its own host " + rs.host() + ": right only if that is this host by another name"));
    }
    return Optional.of(Finding.ok(subject, "pairing", "steers " + named + " beside it, through " + url));
  }
}
