package io.cake.cli.doctor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.cake.cli.doctor.Finding.Verdict;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** cake config check: the servers' validators on a file, and the keys no server reads. */
class SiteFileCheckTest {
  private static SiteFile file(String properties) throws Exception {
    String xml = "<?xml version=\"1.0\"?><configuration>" + properties + "</configuration>";
    return SiteFile.parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8)));
  }

  private static String prop(String name, String value) {
    return "<property><name>" + name + "</name><value>" + value + "</value></property>";
  }

  private static List<Finding> check(String properties) throws Exception {
    return SiteFileCheck.of("hbase-site.xml", file(properties));
  }

  @Test
  void eachValidatorRefusesWhatItsServerWouldNamingTheKey() throws Exception {
    List<Finding> f = check(prop("cake.hbase.tenant.front.share", "abc") + prop("front.p99", "-50")
        + prop("cake.slo.front.latency-ms", "${front.p99}") + prop("cake.controller.enabled", "true")
        + prop("cake.hdfs.soft-limit", "0") + prop("cake.director.overprovision", "0.5"));
    assertThat(f).filteredOn(x -> x.verdict() == Verdict.FAIL).extracting(Finding::detail).containsExactly(
        "the RegionServer would refuse it: cake.hbase.tenant.front.share must be a number, got 'abc'",
        "the controller would refuse it: cake.slo.front: millis must be a positive finite number, got -50.0",
        "the DataNode would refuse it: cake.hdfs.soft-limit must be within [1, 1024], got 0",
        "the HMaster would refuse it: cake.director.overprovision must be a finite number >= 1, got 0.5");
  }

  @Test
  void aValidFileIsOkAndATypoOrAJvmFlagWarns() throws Exception {
    List<Finding> f = check(prop("cake.hbase.aimd.min", "4") + prop("cake.hbase.aimd.mn", "4")
        + prop("cake.slo.front.latency-ms", "50") + prop("cake.controller.enabled", "true")
        + prop("cake.jmx.cake-only-users", "cakecontroller") + prop("cake.director.enabled", "true"));
    assertThat(f).noneMatch(x -> x.verdict() == Verdict.FAIL);
    assertThat(f).filteredOn(x -> x.check().equals("director")).extracting(Finding::detail)
        .containsExactly("1 cake.director.* key, valid; on where the HMaster loads it");
    assertThat(f).filteredOn(x -> x.check().equals("controller")).extracting(Finding::detail)
        .containsExactly("1 cake.controller.* key, valid; 1 SLO tenant(s)");
    assertThat(f).filteredOn(x -> x.verdict() == Verdict.WARN).extracting(Finding::detail).containsExactly(
        "unknown key cake.hbase.aimd.mn: no Cake server reads it (docs/configuration.md)",
        "cake.jmx.cake-only-users is a JVM system property: in a site file it does nothing; set"
            + " -Dcake.jmx.cake-only-users=... in the server's JVM options (docs/configuration.md)");
  }

  @Test
  void theFileIsReadAsHadoopReadsIt() throws Exception {
    SiteFile f = file(prop("a", "1") + prop("a", "2")
        + "<property><name>b</name><value>x</value><final>true</final></property>" + prop("b", "y")
        + prop("c", "${a}-${nothing}"));
    assertThat(f.keys()).containsEntry("a", "2").containsEntry("b", "x").containsEntry("c", "2-${nothing}");
    assertThat(f.notes()).containsExactly("a is set twice: the later value, '2', is the one read",
        "b is set again after a <final> one: Hadoop keeps the first, 'x'");
    assertThatThrownBy(() -> SiteFile.parse(new ByteArrayInputStream("<properties/>".getBytes(StandardCharsets.UTF_8))))
        .hasMessageContaining("root element is <properties>");
    assertThatThrownBy(() -> SiteFile.parse(new ByteArrayInputStream("<configuration>".getBytes(StandardCharsets.UTF_8))))
        .hasMessageContaining("not a well-formed site file");
  }

  /** The check knows every key the configuration reference documents, and documents every key it knows. */
  @Test
  void theKnownKeysAreTheDocumentedOnes() throws Exception {
    String doc = Files.readString(Path.of("..", "docs", "configuration.md"));
    Set<String> documented = new TreeSet<>();
    Matcher m = Pattern.compile("`(cake\\.[a-z0-9.-]+)`").matcher(doc);
    while (m.find()) {
      documented.add(m.group(1));
    }
    for (String key : documented) {
      boolean perTenant = SiteFileCheck.PER_TENANT.stream().anyMatch(key::startsWith);
      assertThat(SiteFileCheck.KNOWN.contains(key) || perTenant || SiteFileCheck.SYSTEM_PROPERTIES.contains(key))
          .as(key + " is documented; cake config check must know it").isTrue();
    }
    Set<String> undocumented = new TreeSet<>(SiteFileCheck.KNOWN);
    undocumented.removeAll(documented);
    undocumented.removeIf(k -> SiteFileCheck.PER_TENANT.stream().anyMatch(p -> p.startsWith(k)));
    assertThat(undocumented).as("keys the servers read that docs/configuration.md does not name").isEmpty();
  }
}
