package io.cake.cluster;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * The addresses {@code cake-cluster env} prints (RS<i>_HTTP, DN<i>_XFER_PORT, ...), and Cake's
 * beans found at them. The process cluster and the compose cluster lay their daemons out alike, so
 * both tests read them through this.
 */
final class ClusterView {
  /** A controller's decision line on measurements, as it logs it (docs/operations.md). */
  private static final Pattern DECISION = Pattern.compile("cake-controller: frontend: .* samples=(\\d+) .* perf=[0-9]");

  private final Map<String, String> env;

  ClusterView(Map<String, String> env) {
    this.env = env;
  }

  String get(String name) {
    return env.get(name);
  }

  /** An HBase client connection through the cluster's ZooKeeper (ZK_QUORUM, host:port). */
  Connection connect() throws java.io.IOException {
    Configuration conf = HBaseConfiguration.create();
    String[] zk = env.get("ZK_QUORUM").split(":");
    conf.set("hbase.zookeeper.quorum", zk[0]);
    conf.set("hbase.zookeeper.property.clientPort", zk[1]);
    return ConnectionFactory.createConnection(conf);
  }

  String rsHttp(int i) {
    return env.get("RS" + i + "_HTTP");
  }

  String dnHttp(int i) {
    return env.get("DN" + i + "_HTTP");
  }

  String rsScheduler(int i) {
    return "hbase-" + env.get("RS" + i + "_RPC_PORT");
  }

  String dnScheduler(int i) {
    return "hdfs-" + env.get("DN" + i + "_XFER_PORT");
  }

  String controller(int i) {
    return "io.cake:type=Controller,port=" + env.get("RS" + i + "_RPC_PORT");
  }

  /** RegionServer i's control MBean, {@code io.cake:type=Scheduler,kind=hbase,scheduler="hbase-<rpc port>"}. */
  JsonNode rsControl(int i) throws Exception {
    return control(rsHttp(i), "hbase", rsScheduler(i));
  }

  /** DataNode i's control MBean, {@code io.cake:type=Scheduler,kind=hdfs,scheduler="hdfs-<xfer port>"}. */
  JsonNode dnControl(int i) throws Exception {
    return control(dnHttp(i), "hdfs", dnScheduler(i));
  }

  private static JsonNode control(String http, String kind, String scheduler) throws Exception {
    for (JsonNode bean : JmxPage.beans(http, "io.cake:type=Scheduler,kind=" + kind + ",*")) {
      if (bean.path("Name").asText().equals(scheduler)) {
        return bean;
      }
    }
    throw new AssertionError("no Cake control MBean for " + scheduler + " at " + http);
  }

  /**
   * Keeps in {@code seen} the largest per-interval count so far of each tenant's chunk reads at
   * DataNode i ("dn<i>/<tenant>", arrivals) and calls at RegionServer i ("rs<i>/<tenant>", completions).
   * A metric not published yet (NaN) leaves its key out: NaN would stick (Math.max) and pass
   * AssertJ's isPositive (Double.compareTo puts NaN above every number).
   */
  void sampleTenants(Map<String, Double> seen, int pairs, List<String> tenants) throws Exception {
    for (int i = 1; i <= pairs; i++) {
      for (String tenant : tenants) {
        keepLargest(seen, "dn" + i + "/" + tenant, JmxPage.tenantMetric(dnHttp(i), dnScheduler(i), tenant, "arrivals"));
        keepLargest(seen, "rs" + i + "/" + tenant, JmxPage.tenantMetric(rsHttp(i), rsScheduler(i), tenant, "completions"));
      }
    }
  }

  private static void keepLargest(Map<String, Double> seen, String key, double value) {
    if (!Double.isNaN(value)) {
      seen.merge(key, value, Math::max);
    }
  }

  /**
   * Pair i's front-end weight as {RegionServer, DataNode}, read until the two agree (at most 20
   * reads, 250 ms apart) or returned as last read. The controller sets the RegionServer, then the
   * DataNode (a JMX call away): one read of each can fall between the two writes of a decision
   * and see the RegionServer one step ahead. A controller that set different weights never agrees.
   */
  double[] frontendWeights(int i) throws Exception {
    double[] w = null;
    for (int attempt = 0; attempt < 20; attempt++) {
      if (attempt > 0) {
        Thread.sleep(250); // the polling cadence, not a wait standing in for state
      }
      w = new double[] {weight(rsControl(i).path("Shares").asText(), "frontend"),
          weight(dnControl(i).path("Shares").asText(), "frontend")};
      if (Math.abs(w[0] - w[1]) <= 1e-6) {
        break;
      }
    }
    return w;
  }

  /** How many of a RegionServer log's controller decisions were taken on at least {@code minSamples} samples. */
  static long decisions(String rsLog, long minSamples) {
    return rsLog.lines().map(DECISION::matcher).filter(Matcher::find)
        .filter(m -> Long.parseLong(m.group(1)) >= minSamples).count();
  }

  /** A tenant's weight in a {@code tenant=weight,...} shares string, NaN if absent. */
  static double weight(String shares, String tenant) {
    for (String part : shares.split(",")) {
      String[] kv = part.trim().split("=");
      if (kv.length == 2 && kv[0].trim().equals(tenant)) {
        return Double.parseDouble(kv[1].trim());
      }
    }
    return Double.NaN;
  }
}
