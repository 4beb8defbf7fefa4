package io.cake.bench.cluster;

import io.cake.bench.ycsb.Workloads;
import io.cake.ycsb.CakeHBaseClient;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.DisabledRegionSplitPolicy;
import org.apache.hadoop.hbase.util.Bytes;
import site.ycsb.workloads.CoreWorkload;

/** The embedded cluster's one load: the YCSB table created, filled, flushed and compacted. */
final class TableLoad {
  private final EmbeddedCluster cluster;
  private final Admin admin;
  private final EmbeddedCluster.Settings settings;

  TableLoad(EmbeddedCluster cluster, Admin admin, EmbeddedCluster.Settings settings) {
    this.cluster = cluster;
    this.admin = admin;
    this.settings = settings;
  }

  void load(long records, Target.ProgressSink progress) throws Exception {
    TableName tn = TableName.valueOf(Workloads.TABLE);
    byte[][] splits = new byte[Math.max(0, settings.regions() - 1)][];
    for (int i = 0; i < splits.length; i++) {
      // Hashed YCSB keys are "user" + a decimal hash: split on the leading digit.
      int digit = 1 + (int) Math.round((i + 1) * 9.0 / settings.regions());
      splits[i] = Bytes.toBytes("user" + digit);
    }
    admin.createTable(
        TableDescriptorBuilder.newBuilder(tn)
            .setRegionSplitPolicyClassName(DisabledRegionSplitPolicy.class.getName())
            .setColumnFamily(
                ColumnFamilyDescriptorBuilder.newBuilder(Bytes.toBytes(Workloads.FAMILY))
                    .setBlockCacheEnabled(settings.disk() == null)
                    .build())
            .build(),
        splits.length == 0 ? null : splits);
    CoreWorkload w = Workloads.load(records);
    Connection conn = cluster.connect("load");
    CakeHBaseClient.Stats stats = new CakeHBaseClient.Stats();
    int threads = 2;
    AtomicLong done = new AtomicLong();
    List<Thread> ts = new ArrayList<>();
    List<Exception> errors = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      final int id = i;
      Thread t =
          new Thread(
              () -> {
                CakeHBaseClient db = new CakeHBaseClient(conn, "load", Workloads.FAMILY, stats);
                Properties p = new Properties();
                p.setProperty(CakeHBaseClient.DURABILITY_PROPERTY, "SKIP_WAL");
                db.setProperties(p);
                try {
                  db.init();
                  Object state = w.initThread(p, id, threads);
                  while (done.getAndIncrement() < records) {
                    if (!w.doInsert(db, state) || !db.lastStatus().isOk()) {
                      throw new IOException("insert failed: " + stats.lastError());
                    }
                  }
                  db.cleanup();
                } catch (Exception e) {
                  synchronized (errors) {
                    errors.add(e);
                  }
                }
              },
              "cake-bench-load-" + i);
      t.start();
      ts.add(t);
    }
    while (ts.stream().anyMatch(Thread::isAlive)) {
      progress.update(String.format("loading %,d/%,d rows of 8 KB", Math.min(records, stats.rows.sum()), records));
      ts.get(0).join(500);
    }
    for (Thread t : ts) {
      t.join();
    }
    if (!errors.isEmpty()) {
      throw errors.get(0);
    }
    progress.update("flushing and compacting");
    admin.flush(tn);
    // One HFile per region: every policy reads the same layout and no compaction runs later.
    admin.majorCompact(tn);
    Deadline.await("major compaction of " + tn, Duration.ofMinutes(10), () -> compactionDone(tn));
  }

  private boolean compactionDone(TableName tn) {
    try {
      if (admin.getCompactionState(tn) != CompactionState.NONE) {
        return false;
      }
      // Each store down to one file.
      return cluster.regionServer().getRegions(tn).stream()
          .allMatch(r -> r.getStores().stream().allMatch(s -> s.getStorefilesCount() <= 1));
    } catch (IOException e) {
      return false;
    }
  }
}
