package io.cake.hbase.it;

import static io.cake.hbase.it.CakeCluster.CF;
import static io.cake.hbase.it.CakeCluster.Q;
import static org.assertj.core.api.Assertions.assertThat;

import io.cake.core.tenant.OperationType;
import io.cake.hbase.rpc.OperationStats;
import io.cake.hbase.rpc.RegionServerScheduler;
import java.security.PrivilegedExceptionAction;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.ImmutableBytesWritable;
import org.apache.hadoop.hbase.mapreduce.TableInputFormat;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * Clients that cannot (or do not) set request and connection attributes, on the shared cluster of
 * {@link CakeSchedulerClusterTest}: plain operation attributes, a process whose user comes from
 * HADOOP_USER_NAME (the HBase shell's calls), HBase's MapReduce input format run as a mapped user,
 * and stock YCSB with Cake's binding. The cluster's user rules map etl to etlBatch and mrjob to
 * mrBatch (see CakeSchedulerClusterTest.start).
 */
final class StockClients {
  static final String USER_RULES = "etl:etlBatch,mrjob:mrBatch";
  private static final Duration COUNTED = Duration.ofSeconds(20);

  private StockClients() {}

  private static long done(RegionServerScheduler s, String tenant, OperationType op) {
    return s.operationStats().totalCompletions(tenant, op);
  }

  /** Operation attributes tag gets, puts, multi and a scan's opening call; bad ones fall through. */
  static void operationAttributes(CakeCluster cluster, Connection conn, TableName table) throws Exception {
    RegionServerScheduler s = cluster.scheduler();
    OperationStats ops = s.operationStats();
    long puts0 = done(s, "opT", OperationType.MUTATION);
    long gets0 = done(s, "opT", OperationType.GET);
    long multiGets0 = done(s, "opMulti", OperationType.GET);
    long multiPuts0 = done(s, "opMulti", OperationType.MUTATION);
    long scans0 = done(s, "opScan", OperationType.SCAN);
    long defaultScans0 = done(s, "default", OperationType.SCAN);
    try (Table t = conn.getTable(table)) {
      for (int i = 0; i < 3; i++) {
        Put p = new Put(Bytes.toBytes("op-put" + i)).addColumn(CF, Q, Bytes.toBytes("v" + i));
        p.setAttribute("cake.tenant", Bytes.toBytes("opT"));
        t.put(p);
      }
      for (int i = 0; i < 4; i++) {
        Get g = new Get(Bytes.toBytes("op-put" + (i % 3)));
        g.setAttribute("cake.tenant", Bytes.toBytes("opT"));
        assertThat(t.get(g).getValue(CF, Q)).isEqualTo(Bytes.toBytes("v" + (i % 3)));
      }
      List<Put> puts = new ArrayList<>();
      List<Get> gets = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        Put p = new Put(Bytes.toBytes("op-multi" + i)).addColumn(CF, Q, Bytes.toBytes("m" + i));
        p.setAttribute("cake.tenant", Bytes.toBytes("opMulti"));
        puts.add(p);
        Get g = new Get(Bytes.toBytes("op-multi" + i));
        g.setAttribute("cake.tenant", Bytes.toBytes("opMulti"));
        gets.add(g);
      }
      t.put(puts);
      for (Result r : t.get(gets)) {
        assertThat(r.isEmpty()).isFalse();
      }
      // One row per RPC: the opening call, then next calls that carry only the scanner id.
      Scan scan = new Scan().withStartRow(Bytes.toBytes("op-put")).withStopRow(Bytes.toBytes("op-put~")).setCaching(1);
      scan.setAttribute("cake.tenant", Bytes.toBytes("opScan"));
      int rows = 0;
      try (ResultScanner sc = t.getScanner(scan)) {
        for (Result r : sc) {
          rows++;
        }
      }
      assertThat(rows).isEqualTo(3);
    }
    CakeCluster.await("operation attributes counted", COUNTED,
        () -> done(s, "opT", OperationType.MUTATION) - puts0 == 3
            && done(s, "opT", OperationType.GET) - gets0 == 4
            && done(s, "opMulti", OperationType.MUTATION) - multiPuts0 >= 1
            && done(s, "opMulti", OperationType.GET) - multiGets0 >= 1
            && done(s, "opScan", OperationType.SCAN) - scans0 >= 1
            && done(s, "default", OperationType.SCAN) - defaultScans0 >= 2);
    // The documented limitation: the scan's later calls are the connection's (here: default).
    assertThat(ops.totalCompletions("opScan", OperationType.SCAN) - scans0).isEqualTo(1);
  }

  /** Bad operation attributes are counted and fall through to the next source; no call is lost. */
  static void badOperationAttributes(CakeCluster cluster, TableName table) throws Exception {
    RegionServerScheduler s = cluster.scheduler();
    long invalid0 = s.known().invalidNames();
    long gets0 = done(s, "connOp", OperationType.GET);
    try (Connection c = ConnectionFactory.createConnection(cluster.conf(), null, User.getCurrent(),
            Map.of("cake.tenant", Bytes.toBytes("connOp")));
        Table t = c.getTable(table)) {
      Put p = new Put(Bytes.toBytes("op-bad")).addColumn(CF, Q, Bytes.toBytes("kept"));
      p.setAttribute("cake.tenant", Bytes.toBytes("no good/name"));
      t.put(p);
      Get huge = new Get(Bytes.toBytes("op-bad"));
      huge.setAttribute("cake.tenant", new byte[256 * 1024]);
      assertThat(t.get(huge).getValue(CF, Q)).isEqualTo(Bytes.toBytes("kept"));
      Get latin = new Get(Bytes.toBytes("op-bad"));
      latin.setAttribute("cake.tenant", new byte[] {(byte) 0xc3, (byte) 0xa9});
      assertThat(t.get(latin).getValue(CF, Q)).isEqualTo(Bytes.toBytes("kept"));
    }
    CakeCluster.await("served under the connection's tenant", COUNTED,
        () -> done(s, "connOp", OperationType.GET) - gets0 == 2);
    assertThat(s.known().invalidNames() - invalid0).isEqualTo(3);
  }

  /**
   * The HBase shell's calls from a process started with HADOOP_USER_NAME=etl (simple auth): the
   * user rule etl:etlBatch tags them, and ATTRIBUTES on a get tags that get.
   */
  static void shellUserFromHadoopUserName(CakeCluster cluster, TableName table) throws Exception {
    RegionServerScheduler s = cluster.scheduler();
    long puts0 = done(s, "etlBatch", OperationType.MUTATION);
    long gets0 = done(s, "etlBatch", OperationType.GET);
    long scans0 = done(s, "etlBatch", OperationType.SCAN);
    long tagged0 = done(s, "shellOp", OperationType.GET);
    List<String> args = new ArrayList<>(List.of(table.getNameAsString()));
    args.addAll(ChildJvm.zkKeys(cluster.conf()));
    ChildJvm.Result r = ChildJvm.run("shell-lines", Map.of("HADOOP_USER_NAME", "etl"), Duration.ofMinutes(2),
        ShellLines.class.getName(), args.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.output()).isZero();
    assertThat(r.output()).contains("user=etl", "get=v1", "scanned=1", "tagged get=v1");
    CakeCluster.await("the shell's calls counted under etlBatch and shellOp", COUNTED,
        () -> done(s, "etlBatch", OperationType.MUTATION) - puts0 == 1
            && done(s, "etlBatch", OperationType.GET) - gets0 == 1
            && done(s, "etlBatch", OperationType.SCAN) - scans0 >= 1
            && done(s, "shellOp", OperationType.GET) - tagged0 == 1);
  }

  /**
   * HBase's TableInputFormat reading every split of a 3-region table as MapReduce tasks would, as
   * user mrjob (a task runs as the job's user): every scan is counted under the mapped tenant.
   */
  static void mapReduceReaderAsMappedUser(CakeCluster cluster, Connection conn) throws Exception {
    TableName tn = TableName.valueOf("mrsplits");
    try (Admin admin = conn.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(tn).setColumnFamily(ColumnFamilyDescriptorBuilder.of(CF)).build(),
          new byte[][] {CakeCluster.row(10), CakeCluster.row(20)});
    }
    try (Table t = conn.getTable(tn)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < 30; i++) {
        puts.add(new Put(CakeCluster.row(i)).addColumn(CF, Q, Bytes.toBytes(i)));
      }
      t.put(puts);
    }
    RegionServerScheduler s = cluster.scheduler();
    long scans0 = done(s, "mrBatch", OperationType.SCAN);
    long defaultScans0 = done(s, "default", OperationType.SCAN);
    Configuration conf = new Configuration(cluster.conf());
    conf.set(TableInputFormat.INPUT_TABLE, tn.getNameAsString());
    int[] splitsAndRows = UserGroupInformation.createRemoteUser("mrjob").doAs(
        (PrivilegedExceptionAction<int[]>) () -> {
          // The job client computes the splits...
          TableInputFormat client = new TableInputFormat();
          client.setConf(conf);
          Job job = Job.getInstance(conf);
          List<InputSplit> splits = client.getSplits(job);
          int rows = 0;
          // ...and each map task opens its own input format and record reader on its split.
          for (InputSplit split : splits) {
            TableInputFormat task = new TableInputFormat();
            task.setConf(new Configuration(conf));
            TaskAttemptContext ctx = new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
            try (RecordReader<ImmutableBytesWritable, Result> reader = task.createRecordReader(split, ctx)) {
              reader.initialize(split, ctx);
              while (reader.nextKeyValue()) {
                rows++;
              }
            }
          }
          return new int[] {splits.size(), rows};
        });
    assertThat(splitsAndRows).containsExactly(3, 30);
    CakeCluster.await("the tasks' scans counted under mrBatch", COUNTED,
        () -> done(s, "mrBatch", OperationType.SCAN) - scans0 >= 3);
    assertThat(done(s, "default", OperationType.SCAN) - defaultScans0).as("no scan call left untagged").isZero();
  }

  private static final Pattern OPERATIONS = Pattern.compile("\\[(READ|READ-FAILED|INSERT)\\], Operations, (\\d+)");

  /**
   * Stock YCSB's Client main with {@code -db io.cake.ycsb.CakeHBaseClient -p cake.tenant=ycsbT},
   * as user etl: the binding's tenant beats etl's user rule, and every read is counted under it.
   */
  static void ycsbBinding(CakeCluster cluster, Connection conn) throws Exception {
    TableName tn = TableName.valueOf("usertable");
    try (Admin admin = conn.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(tn)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(Bytes.toBytes("family"))).build());
    }
    RegionServerScheduler s = cluster.scheduler();
    long gets0 = done(s, "ycsbT", OperationType.GET);
    long puts0 = done(s, "ycsbT", OperationType.MUTATION);
    long etl0 = done(s, "etlBatch", OperationType.GET) + done(s, "etlBatch", OperationType.MUTATION);
    List<String> args = new ArrayList<>(List.of("-t", "-db", "io.cake.ycsb.CakeHBaseClient",
        "-p", "workload=site.ycsb.workloads.CoreWorkload", "-p", "recordcount=20", "-p", "operationcount=40",
        "-p", "readproportion=0.5", "-p", "insertproportion=0.5", "-p", "updateproportion=0",
        "-p", "scanproportion=0", "-p", "fieldcount=2", "-p", "cake.tenant=ycsbT", "-threads", "1"));
    for (String kv : ChildJvm.zkKeys(cluster.conf())) {
      args.add("-p");
      args.add(kv);
    }
    ChildJvm.Result r = ChildJvm.run("ycsb", Map.of("HADOOP_USER_NAME", "etl"), Duration.ofMinutes(2),
        "site.ycsb.Client", args.toArray(String[]::new));
    assertThat(r.exitCode()).as(r.output()).isZero();
    Map<String, Long> counted = new java.util.HashMap<>();
    Matcher m = OPERATIONS.matcher(r.output());
    while (m.find()) {
      counted.put(m.group(1), Long.parseLong(m.group(2)));
    }
    // A read of a key not there yet counts as READ-FAILED (NOT_FOUND), but is a get all the same.
    long reads = counted.getOrDefault("READ", 0L) + counted.getOrDefault("READ-FAILED", 0L);
    assertThat(reads + counted.getOrDefault("INSERT", 0L)).as(r.output()).isEqualTo(40);
    assertThat(reads).isPositive();
    CakeCluster.await("YCSB's reads and inserts counted under ycsbT", COUNTED,
        () -> done(s, "ycsbT", OperationType.GET) - gets0 == reads
            && done(s, "ycsbT", OperationType.MUTATION) - puts0 >= 1);
    assertThat(done(s, "etlBatch", OperationType.GET) + done(s, "etlBatch", OperationType.MUTATION) - etl0)
        .as("the binding's tenant beats the user rule").isZero();
  }
}
