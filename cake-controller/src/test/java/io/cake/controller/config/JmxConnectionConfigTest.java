package io.cake.controller.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashMap;
import java.util.Map;
import javax.management.remote.JMXConnector;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The keys for the DataNode's remote JMX, and the connector environment they make. */
class JmxConnectionConfigTest {
  static final String URL = "service:jmx:rmi:///jndi/rmi://127.0.0.1:9999/jmxrmi";

  @TempDir Path dir;

  private Path passwordFile(String content, String permissions) throws IOException {
    Path f = Files.createTempFile(dir, "jmx", ".password");
    Files.writeString(f, content);
    Files.setPosixFilePermissions(f, PosixFilePermissions.fromString(permissions));
    return f;
  }

  private static Map<String, String> conf(String... kv) {
    Map<String, String> m = new HashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      m.put(kv[i], kv[i + 1]);
    }
    return m;
  }

  @Test
  void withoutAUrlTheSchedulerIsInThisJvmAndNothingElseMaySet() {
    assertThat(ControllerConfig.parse(Map.of()).hdfsJmx().inThisJvm()).isTrue();
    assertThat(ControllerConfig.parse(conf("cake.controller.hdfs.jmx.ssl", "false")).hdfsJmx().inThisJvm()).isTrue();
    for (String key : new String[] {"cake.controller.hdfs.jmx.user", "cake.controller.hdfs.jmx.password-file"}) {
      assertThatThrownBy(() -> ControllerConfig.parse(conf(key, "x")))
          .hasMessageStartingWith(key + " is set but cake.controller.hdfs.jmx-url is empty");
    }
    assertThatThrownBy(() -> ControllerConfig.parse(conf("cake.controller.hdfs.jmx.ssl", "true")))
        .hasMessageStartingWith("cake.controller.hdfs.jmx.ssl is set but cake.controller.hdfs.jmx-url is empty");
  }

  @Test
  void aUrlAloneConnectsWithoutCredentialsOrTls() throws Exception {
    JmxConnection c = ControllerConfig.parse(conf("cake.controller.hdfs.jmx-url", " " + URL + " ")).hdfsJmx();
    assertThat(c.url()).isEqualTo(URL);
    assertThat(c.user()).isEmpty();
    assertThat(c.ssl()).isFalse();
    assertThat(c.environment()).isEmpty();
    assertThat(c).hasToString(URL + " without credentials");
  }

  @Test
  void credentialsComeFromTheFileReadAtEachConnectAndNeverShowInLogs() throws Exception {
    Path file = passwordFile("  s3cret \n", "rw-------");
    JmxConnection c = ControllerConfig.parse(conf(
        "cake.controller.hdfs.jmx-url", URL,
        "cake.controller.hdfs.jmx.user", "cake",
        "cake.controller.hdfs.jmx.password-file", file.toString())).hdfsJmx();
    assertThat((String[]) c.environment().get(JMXConnector.CREDENTIALS)).containsExactly("cake", "s3cret");
    Files.writeString(file, "rotated\n");
    assertThat((String[]) c.environment().get(JMXConnector.CREDENTIALS)).containsExactly("cake", "rotated");
    assertThat(c.toString()).contains("as user 'cake'").doesNotContain("rotated");
    Files.delete(file);
    assertThatThrownBy(c::environment)
        .isInstanceOf(IOException.class)
        .hasMessageContaining("cake.controller.hdfs.jmx.password-file " + file);
  }

  @Test
  void tlsPutsAHostCheckingSslSocketFactoryOnTheRegistryLookup() throws Exception {
    JmxConnection c = ControllerConfig.parse(conf(
        "cake.controller.hdfs.jmx-url", URL, "cake.controller.hdfs.jmx.ssl", " TRUE ")).hdfsJmx();
    assertThat(c.ssl()).isTrue();
    assertThat(c.environment())
        .containsOnlyKeys("com.sun.jndi.rmi.factory.socket")
        .extractingByKey("com.sun.jndi.rmi.factory.socket")
        .isInstanceOf(HostCheckingSslSockets.class);
    assertThat(c).hasToString(URL + " without credentials over TLS");
  }

  @Test
  void badValuesAreRefusedNamingTheKey() throws Exception {
    assertThatThrownBy(() -> ControllerConfig.parse(conf("cake.controller.hdfs.jmx-url", "localhost:9999")))
        .hasMessageStartingWith("cake.controller.hdfs.jmx-url must be a JMX service URL")
        .hasMessageContaining("'localhost:9999'");
    for (String junk : new String[] {"yes", "1", "", " "}) {
      assertThatThrownBy(() -> ControllerConfig.parse(conf(
              "cake.controller.hdfs.jmx-url", URL, "cake.controller.hdfs.jmx.ssl", junk)))
          .hasMessage("cake.controller.hdfs.jmx.ssl must be true or false, got '" + junk + "'");
    }
    assertThatThrownBy(() -> ControllerConfig.parse(conf(
            "cake.controller.hdfs.jmx-url", "service:jmx:jmxmp://127.0.0.1:9999", "cake.controller.hdfs.jmx.ssl", "true")))
        .hasMessageStartingWith("cake.controller.hdfs.jmx.ssl is for the RMI connector");

    Path good = passwordFile("s3cret\n", "rw-------");
    assertThatThrownBy(() -> ControllerConfig.parse(conf(
            "cake.controller.hdfs.jmx-url", URL, "cake.controller.hdfs.jmx.user", "cake")))
        .hasMessageStartingWith("cake.controller.hdfs.jmx.user and cake.controller.hdfs.jmx.password-file go together")
        .hasMessageEndingWith("got only cake.controller.hdfs.jmx.user");
    assertThatThrownBy(() -> ControllerConfig.parse(conf(
            "cake.controller.hdfs.jmx-url", URL, "cake.controller.hdfs.jmx.password-file", good.toString())))
        .hasMessageEndingWith("got only cake.controller.hdfs.jmx.password-file");

    Map<String, String> wrongFiles = new java.util.LinkedHashMap<>();
    wrongFiles.put(dir.resolve("missing").toString(), "is not a file");
    wrongFiles.put(dir.toString(), "is not a file");
    wrongFiles.put(passwordFile(" \n", "rw-------").toString(), "is empty");
    wrongFiles.put(passwordFile("s3cret\n", "rw-r--r--").toString(), "is readable by every user: chmod 600");
    wrongFiles.put(passwordFile("s3cret\n", "rw-r-----").toString(), "is readable by its group: chmod 600");
    wrongFiles.put("relative/jmx.password", "must be an absolute path");
    for (Map.Entry<String, String> f : wrongFiles.entrySet()) {
      assertThatThrownBy(() -> ControllerConfig.parse(conf(
              "cake.controller.hdfs.jmx-url", URL,
              "cake.controller.hdfs.jmx.user", "cake",
              "cake.controller.hdfs.jmx.password-file", f.getKey())))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageStartingWith("cake.controller.hdfs.jmx.password-file")
          .hasMessageContaining(f.getValue());
    }
    // Its owner's alone: as the JDK's own password file.
    assertThat(ControllerConfig.parse(conf(
            "cake.controller.hdfs.jmx-url", URL,
            "cake.controller.hdfs.jmx.user", "cake",
            "cake.controller.hdfs.jmx.password-file", passwordFile("s3cret", "rw-------").toString()))
        .hdfsJmx().user()).contains("cake");
  }
}
