package io.cake.bench.cluster;

import io.cake.ycsb.CakeHBaseClient;
import io.cake.bench.ycsb.Workloads;
import io.cake.cli.cluster.ZkQuorum;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.util.Bytes;
import site.ycsb.workloads.CoreWorkload;

/**
 * An existing cluster reached through ZooKeeper ({@code --zk host:port}). Its configuration is
 * whatever its operators set: the harness cannot switch policies, so it runs the isolated runs
 * and one mixed run. The table {@code usertable} is created and loaded if it does not exist.
 * Cake's allocation is not sampled (the schedulers live in the cluster's JVMs; read them over
 * JMX: io.cake:type=Controller,port=...).
 */
public final class ExternalCluster implements Target {
  private final ZkQuorum zk;
  private final int regions;
  private final Configuration conf;
  private final List<Connection> connections = new ArrayList<>();

  /** @param regions the regions usertable is pre-split into when the harness creates it */
  public ExternalCluster(ZkQuorum zk, int regions) {
    this.zk = zk;
    this.regions = regions;
    this.conf = HBaseConfiguration.create();
    applyTo(zk, conf);
    conf.setInt("hbase.client.operation.timeout", 60_000);
    conf.setInt("hbase.rpc.timeout", 30_000);
  }

  /** Sets HBase's client keys: one clientPort when all agree, else host:port entries (HBase 2 reads both). */
  public static void applyTo(ZkQuorum zk, Configuration conf) {
    boolean onePort = zk.ports().stream().distinct().count() == 1;
    if (onePort) {
      conf.set("hbase.zookeeper.quorum", String.join(",", zk.hosts()));
      conf.set("hbase.zookeeper.property.clientPort", Integer.toString(zk.ports().get(0)));
    } else {
      conf.set("hbase.zookeeper.quorum", zk.connectString());
    }
    conf.set("zookeeper.znode.parent", zk.znodeParent());
  }

  @Override
  public Connection connect(String tenant) throws IOException {
    User user = User.createUserForTesting(conf, tenant, new String[] {"cakebench"});
    Connection c =
        ConnectionFactory.createConnection(
            conf, null, user, Map.of(CakeHBaseClient.TENANT_ATTRIBUTE, tenant.getBytes(StandardCharsets.UTF_8)));
    connections.add(c);
    return c;
  }

  @Override
  public Configuration clientConfiguration() {
    return new Configuration(conf);
  }

  @Override
  public boolean canApplyPolicies() {
    return false;
  }

  @Override
  public void apply(Policy policy) {
    // The cluster's own configuration stays.
  }

  @Override
  public Optional<AllocationPoint> allocation(double tSeconds) {
    return Optional.empty();
  }

  @Override
  public void load(long records, ProgressSink progress) throws Exception {
    Connection conn = connect("load");
    TableName tn = TableName.valueOf(Workloads.TABLE);
    try (Admin admin = conn.getAdmin()) {
      if (admin.tableExists(tn)) {
        progress.update("table " + tn + " exists: not loading");
        return;
      }
      // Pre-split as the embedded cluster does, so the regions spread over the RegionServers.
      byte[][] splits = new byte[Math.max(0, regions - 1)][];
      for (int i = 0; i < splits.length; i++) {
        // Hashed YCSB keys are "user" + a decimal hash: split on the leading digit.
        int digit = 1 + (int) Math.round((i + 1) * 9.0 / regions);
        splits[i] = Bytes.toBytes("user" + digit);
      }
      admin.createTable(
          TableDescriptorBuilder.newBuilder(tn)
              .setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes(Workloads.FAMILY)).build())
              .build(),
          splits.length == 0 ? null : splits);
    }
    CoreWorkload w = Workloads.load(records);
    CakeHBaseClient.Stats stats = new CakeHBaseClient.Stats();
    CakeHBaseClient db = new CakeHBaseClient(conn, "load", Workloads.FAMILY, stats);
    Properties p = new Properties();
    db.setProperties(p);
    db.init();
    Object state = w.initThread(p, 0, 1);
    AtomicLong n = new AtomicLong();
    while (n.getAndIncrement() < records) {
      if (!w.doInsert(db, state) || !db.lastStatus().isOk()) {
        throw new IOException("insert failed: " + stats.lastError());
      }
      if (n.get() % 1000 == 0) {
        progress.update(String.format("loading %,d/%,d rows", n.get(), records));
      }
    }
    db.cleanup();
    try (Admin admin = conn.getAdmin()) {
      admin.flush(tn);
    }
  }

  @Override
  public String describe() {
    return "existing cluster via ZooKeeper " + zk;
  }

  @Override
  public void close() {
    for (Connection c : connections) {
      try {
        c.close();
      } catch (IOException ignored) {
        // closing
      }
    }
  }
}
