package io.cake.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.junit.jupiter.api.Test;

/**
 * Opens the jar and the tarball that {@code package} made (this test runs after it) and checks
 * what an operator relies on: nothing of a third party left unrelocated beside HBase's and
 * Hadoop's own copies, the classes named in the site files present, and the tarball complete.
 */
class ShadedJarTest {
  /**
   * The classes outside io/cake: each must live in an HBase package to reach what is package-private
   * there (docs/design/first-level.md, docs/design/director.md).
   */
  private static final List<String> HBASE_PACKAGE_CLASSES = List.of("org/apache/hadoop/hbase/ipc/CakeCallQueueInfo.class",
      "org/apache/hadoop/hbase/master/balancer/CakeDirectorCostFunction.class");

  /** Classes the site files and docs name: they must load from the jar under these names. */
  private static final List<String> CONFIGURED = List.of(
      "io.cake.hbase.rpc.CakeRpcSchedulerFactory",
      "io.cake.hdfs.client.CakeTenantFileSystem",
      "io.cake.hdfs.datanode.CakeFsDatasetFactory",
      "io.cake.controller.hbase.CakeControllerCoprocessor",
      "io.cake.director.master.CakeDirectorCoprocessor",
      "org.apache.hadoop.hbase.master.balancer.CakeDirectorCostFunction");

  private static Path jar() {
    Path p = Path.of(System.getProperty("cake.server.jar", "target/none.jar"));
    assertThat(p).as("the shaded jar package made").isRegularFile();
    return p;
  }

  @Test
  void everyClassOutsideIoCakeIsRelocatedOrTheOneHBasePackageClass() throws IOException {
    List<String> stray = new ArrayList<>();
    try (JarFile jar = new JarFile(jar().toFile())) {
      for (JarEntry e : java.util.Collections.list(jar.entries())) {
        String n = e.getName();
        if (e.isDirectory() || n.startsWith("io/cake/") || HBASE_PACKAGE_CLASSES.contains(n)) {
          continue;
        }
        if (n.startsWith("META-INF/") && !n.endsWith(".class")) {
          continue; // manifest, licences, service files (checked below)
        }
        stray.add(n);
      }
    }
    assertThat(stray).as("entries outside io/cake/ (unrelocated third-party code)").isEmpty();
  }

  @Test
  void noClassRefersToAnUnrelocatedThirdPartyName() throws IOException {
    List<String> bad = new ArrayList<>();
    try (JarFile jar = new JarFile(jar().toFile())) {
      for (JarEntry e : java.util.Collections.list(jar.entries())) {
        if (!e.getName().endsWith(".class")) {
          continue;
        }
        String text;
        try (InputStream in = jar.getInputStream(e)) {
          text = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
        }
        for (String lib : List.of("com/codahale/metrics", "com.codahale.metrics", "org/HdrHistogram", "org.HdrHistogram")) {
          String shaded = lib.indexOf('/') >= 0 ? "io/cake/shaded/" : "io.cake.shaded.";
          for (int i = text.indexOf(lib); i >= 0; i = text.indexOf(lib, i + 1)) {
            if (i < shaded.length() || !text.startsWith(shaded, i - shaded.length())) {
              bad.add(e.getName() + " -> " + lib);
              break;
            }
          }
        }
      }
    }
    assertThat(bad).as("classes still naming the unrelocated library").isEmpty();
  }

  @Test
  void relocatedLibrariesAndConfiguredClassesArePresent() throws IOException {
    try (JarFile jar = new JarFile(jar().toFile())) {
      assertThat(jar.getEntry("io/cake/shaded/org/HdrHistogram/Recorder.class")).isNotNull();
      assertThat(jar.getEntry("io/cake/shaded/com/codahale/metrics/MetricRegistry.class")).isNotNull();
      assertThat(jar.getEntry("io/cake/shaded/com/codahale/metrics/jmx/JmxReporter.class")).isNotNull();
      HBASE_PACKAGE_CLASSES.forEach(c -> assertThat(jar.getEntry(c)).as(c).isNotNull());
      for (String c : CONFIGURED) {
        assertThat(jar.getEntry(c.replace('.', '/') + ".class")).as(c).isNotNull();
      }
      assertThat(jar.getManifest().getMainAttributes().getValue("Cake-Tested-With"))
          .contains("HBase 2.6.4-hadoop3").contains("Hadoop 3.4.2");
    }
  }

  /**
   * The jar holds exactly the classes this tree compiled (the five modules' target/classes), not a
   * stale or foreign build's: a class unchanged by relocation is byte for byte the compiled one.
   */
  @Test
  void cakeClassesAreExactlyThoseCompiledFromThisTree() throws IOException {
    Path tree = Path.of(System.getProperty("cake.source.tree", ".."));
    java.util.Map<String, byte[]> compiled = new java.util.TreeMap<>();
    for (String module : List.of("cake-core", "cake-hbase-rpc", "cake-hdfs-rpc", "cake-controller", "cake-director")) {
      Path classes = tree.resolve(module).resolve("target/classes");
      assertThat(classes).as("compiled classes of " + module).isDirectory();
      try (var files = Files.walk(classes)) {
        for (Path f : (Iterable<Path>) files.filter(x -> x.toString().endsWith(".class"))::iterator) {
          compiled.put(classes.relativize(f).toString().replace(java.io.File.separatorChar, '/'), Files.readAllBytes(f));
        }
      }
    }
    java.util.Map<String, byte[]> shaded = new java.util.TreeMap<>();
    try (JarFile jar = new JarFile(jar().toFile())) {
      for (JarEntry e : java.util.Collections.list(jar.entries())) {
        String n = e.getName();
        if (n.endsWith(".class") && !n.startsWith("io/cake/shaded/")) {
          try (InputStream in = jar.getInputStream(e)) {
            shaded.put(n, in.readAllBytes());
          }
        }
      }
    }
    assertThat(shaded.keySet()).as("classes in the jar vs compiled here").isEqualTo(compiled.keySet());
    for (var c : compiled.entrySet()) {
      String text = new String(c.getValue(), StandardCharsets.ISO_8859_1);
      if (!text.contains("codahale") && !text.contains("HdrHistogram")) {
        assertThat(shaded.get(c.getKey())).as(c.getKey()).isEqualTo(c.getValue());
      }
    }
  }

  @Test
  void serviceFilesNameClassesInTheJar() throws IOException {
    try (JarFile jar = new JarFile(jar().toFile())) {
      for (JarEntry e : java.util.Collections.list(jar.entries())) {
        if (!e.getName().startsWith("META-INF/services/") || e.isDirectory()) {
          continue;
        }
        String body;
        try (InputStream in = jar.getInputStream(e)) {
          body = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        for (String line : body.split("\n")) {
          String c = line.replaceAll("#.*", "").trim();
          if (!c.isEmpty()) {
            assertThat(jar.getEntry(c.replace('.', '/') + ".class")).as(e.getName() + " names " + c).isNotNull();
          }
        }
      }
    }
  }

  @Test
  void tarballHoldsTheJarTheFragmentsTheDocsAndTheScripts() throws IOException {
    Path tgz = Path.of(System.getProperty("cake.server.tarball", "target/none.tar.gz"));
    assertThat(tgz).isRegularFile();
    List<String> names = TarNames.read(tgz);
    String base = jar().getFileName().toString().replaceFirst("\\.jar$", "") + "/";
    assertThat(names).contains(
        base + "lib/" + jar().getFileName(),
        base + "conf/cake-hbase-site.xml",
        base + "conf/cake-hdfs-site.xml",
        base + "docs/install.md",
        base + "README.md",
        base + "LICENSE",
        base + "cake-cluster",
        base + "docker/cluster/cluster.sh",
        base + "docker/runtime/hbase/pom.xml",
        base + "docker/runtime/hadoop/pom.xml",
        base + "docker/conf/log4j2.properties",
        base + "cake",
        base + "tools/" + cliJarName(),
        base + "tools/cake-ycsb.jar");
    // The jars inside are the ones built here, byte for byte in size.
    assertThat(TarNames.sizeOf(tgz, base + "lib/" + jar().getFileName())).isEqualTo(Files.size(jar()));
    Path cli = Path.of(System.getProperty("cake.cli.jar", "target/none.jar"));
    assertThat(TarNames.sizeOf(tgz, base + "tools/" + cliJarName())).isEqualTo(Files.size(cli));
    // Only the server jar in lib/: the tool's jar (Jackson, ZooKeeper, picocli inside) must never
    // land on a daemon's classpath when lib/ is copied into HBase's.
    assertThat(names.stream().filter(n -> n.startsWith(base + "lib/") && n.endsWith(".jar")))
        .containsExactly(base + "lib/" + jar().getFileName());
  }

  /** tools/cake-cli-<version>.jar: the cake tool's self-contained jar, renamed from its -all.jar. */
  private static String cliJarName() {
    return jar().getFileName().toString().replace("cake-server-", "cake-cli-");
  }
}
