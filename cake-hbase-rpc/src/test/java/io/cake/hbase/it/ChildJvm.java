package io.cake.hbase.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * Runs a main class in a new JVM on this test's classpath, as a separate client process would
 * (its own environment, its own login user). Used where the thing under test is a process: YCSB's
 * Client calls System.exit, and HADOOP_USER_NAME is read once, at a JVM's first login.
 */
final class ChildJvm {
  /** What an HBase client needs on JDK 17 (the subset of cake.jdk17.flags a client uses). */
  private static final List<String> FLAGS = List.of(
      "-Xmx256m", "-XX:TieredStopAtLevel=1",
      "-Dorg.apache.hbase.thirdparty.io.netty.tryReflectionSetAccessible=true",
      "--add-opens", "java.base/java.lang=ALL-UNNAMED",
      "--add-opens", "java.base/java.nio=ALL-UNNAMED",
      "--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens", "java.base/java.util=ALL-UNNAMED",
      "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED");

  record Result(int exitCode, String output) {}

  private ChildJvm() {}

  static Result run(String name, Map<String, String> env, Duration timeout, String mainClass, String... args)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(FLAGS);
    cmd.add(mainClass);
    cmd.addAll(List.of(args));
    Path out = Files.createDirectories(Path.of("target", "child-jvm")).resolve(name + ".out");
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile());
    // The classpath through the environment: one long argument less on the command line.
    pb.environment().put("CLASSPATH", System.getProperty("java.class.path"));
    pb.environment().remove("HADOOP_USER_NAME");
    pb.environment().putAll(env);
    Process p = pb.start();
    try {
      if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new AssertionError(name + " did not finish within " + timeout + "; output in " + out.toAbsolutePath());
      }
      return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8));
    } finally {
      p.destroyForcibly();
    }
  }

  /** The mini-cluster's ZooKeeper as -p/-D style key=value pairs a client needs. */
  static List<String> zkKeys(org.apache.hadoop.conf.Configuration conf) {
    return List.of(
        "hbase.zookeeper.quorum=" + conf.get("hbase.zookeeper.quorum"),
        "hbase.zookeeper.property.clientPort=" + conf.get("hbase.zookeeper.property.clientPort"),
        "zookeeper.znode.parent=" + conf.get("zookeeper.znode.parent", "/hbase"));
  }
}
