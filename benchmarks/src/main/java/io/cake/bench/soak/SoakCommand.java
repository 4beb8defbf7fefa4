package io.cake.bench.soak;

import io.cake.bench.cluster.ExternalCluster;
import io.cake.cli.cluster.ZkQuorum;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code ./cake-bench soak}: a long run against {@code ./cake-cluster} that fails if anything the
 * servers keep grows without bound or a call is lost (issue 56). Gets, scans and puts from named
 * tenants plus thousands of churned tenant names; a DataNode restarted a third of the way in;
 * once a minute each daemon's heap, old generation after GC, threads, Cake MBeans and exported
 * series, and the clients' calls sent, completed and refused.
 */
@Command(name = "soak", description = {
    "A soak run against a running ./cake-cluster: fails if a server's heap, threads, Cake MBeans or exported"
        + " series grow without bound, or a call is lost.",
    "",
    "Writes soak.csv (one row a minute) and soak.md (the verdict) to --out.",
    "",
    "Exit codes: 0 bounded and nothing lost; 1 something grew or a call was lost; 2 a bad command line."})
public final class SoakCommand implements Callable<Integer> {
  private static final TableName TABLE = TableName.valueOf("cake_soak");
  /** Per metric, what a bounded series may add on top of {@link Growth#RELATIVE}. */
  private static final Map<String, Double> SLACK = Map.of(
      "heap_mb", 128.0, "old_gen_after_gc_mb", 48.0, "threads", 10.0, "cake_mbeans", 4.0, "series", 50.0);

  @Spec
  CommandSpec spec;

  @Option(names = "--minutes", defaultValue = "30", description = "how long (at least 3; default ${DEFAULT-VALUE})")
  int minutes;

  @Option(names = "--cluster", defaultValue = "./cake-cluster", description = "the cluster's script (default ${DEFAULT-VALUE})")
  String cluster;

  @Option(names = "--out", defaultValue = "bench-out/soak", description = "where the results go (default ${DEFAULT-VALUE})")
  File out;

  @Option(names = "--names", defaultValue = "10000", description = "distinct tenant names churned over the run (default ${DEFAULT-VALUE})")
  int names;

  @Option(names = "--restart", defaultValue = "dn1", description = "the daemon restarted a third of the way in (default ${DEFAULT-VALUE})")
  String restart;

  @Option(names = {"-h", "--help"}, usageHelp = true, description = "this text")
  boolean help;

  @Override
  public Integer call() throws Exception {
    if (minutes < 3) {
      throw new ParameterException(spec.commandLine(), "--minutes must be at least 3, got " + minutes);
    }
    if (names < 1) {
      throw new ParameterException(spec.commandLine(), "--names must be at least 1, got " + names);
    }
    PrintWriter say = spec.commandLine().getOut();
    Map<String, String> env = env();
    List<DaemonProbe> probes = probes(env);
    Configuration conf = HBaseConfiguration.create();
    ExternalCluster.applyTo(ZkQuorum.parse(env.get("ZK_QUORUM"), "/hbase"), conf);
    Files.createDirectories(out.toPath());
    SoakRecord record = new SoakRecord(probes);
    String restartResult = "not reached";
    try (Connection c = ConnectionFactory.createConnection(conf)) {
      prepare(c);
      SoakLoad load = new SoakLoad(c, TABLE, names);
      load.start(4);
      long t0 = System.nanoTime();
      for (int minute = 1; minute <= minutes; minute++) {
        TimeUnit.NANOSECONDS.sleep(Math.max(0, t0 + TimeUnit.MINUTES.toNanos(minute) - System.nanoTime()));
        record.sample(minute, load);
        say.println(record.lastLine());
        say.flush();
        if (minute == Math.max(1, minutes / 3)) {
          restartResult = run(cluster, "restart", restart);
          say.println("soak: restarted " + restart + ": " + restartResult.lines().findFirst().orElse("?"));
          say.flush();
        }
      }
      load.close();
      record.finish(load);
    }
    Files.writeString(out.toPath().resolve("soak.csv"), record.csv(), StandardCharsets.UTF_8);
    String verdict = record.verdict(SLACK, restart, restartResult);
    Files.writeString(out.toPath().resolve("soak.md"), verdict, StandardCharsets.UTF_8);
    say.print(verdict);
    say.flush();
    return record.passed() && restartResult.startsWith("ok") ? 0 : 1;
  }

  private Map<String, String> env() throws IOException, InterruptedException {
    Map<String, String> env = new LinkedHashMap<>();
    String text = run(cluster, "env");
    if (!text.startsWith("ok")) {
      throw new IOException(cluster + " env failed: " + text);
    }
    for (String line : text.substring(text.indexOf('\n') + 1).split("\n")) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        env.put(line.substring(0, eq), line.substring(eq + 1));
      }
    }
    if (!env.containsKey("ZK_QUORUM")) {
      throw new IOException(cluster + " env names no ZK_QUORUM: is the cluster running?");
    }
    return env;
  }

  private static List<DaemonProbe> probes(Map<String, String> env) {
    List<DaemonProbe> probes = new ArrayList<>();
    for (String kind : new String[] {"RS", "DN"}) {
      for (int i = 1; env.containsKey(kind + i + "_HTTP"); i++) {
        probes.add(new DaemonProbe(kind.toLowerCase() + i, env.get(kind + i + "_HTTP"), env.get(kind + i + "_METRICS")));
      }
    }
    return probes;
  }

  private static void prepare(Connection c) throws IOException {
    try (Admin admin = c.getAdmin()) {
      if (!admin.tableExists(TABLE)) {
        admin.createTable(TableDescriptorBuilder.newBuilder(TABLE)
            .setColumnFamily(ColumnFamilyDescriptorBuilder.of(SoakLoad.FAMILY)).build(),
            new byte[][] {SoakLoad.row(SoakLoad.ROWS / 2)});
      }
    }
    try (Table t = c.getTable(TABLE)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < SoakLoad.ROWS; i++) {
        puts.add(new Put(SoakLoad.row(i)).addColumn(SoakLoad.FAMILY, Bytes.toBytes("q"), new byte[100]));
      }
      t.put(puts);
    }
  }

  /** Runs the cluster script: "ok" and its output, or "failed (exit N)" and its output. */
  private static String run(String script, String... args) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>(List.of(script));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(5, TimeUnit.MINUTES)) {
      p.destroyForcibly();
      return "failed (no exit in 5 min)\n" + output;
    }
    return (p.exitValue() == 0 ? "ok" : "failed (exit " + p.exitValue() + ")") + "\n" + output;
  }
}
