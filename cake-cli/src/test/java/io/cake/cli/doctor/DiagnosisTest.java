package io.cake.cli.doctor;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.cli.doctor.Finding.Verdict;
import io.cake.cli.format.DoctorText;
import io.cake.cli.status.ClusterStatus;
import io.cake.cli.status.ControllerView;
import io.cake.cli.status.DataNodeLevel;
import io.cake.cli.status.HBaseLevel;
import io.cake.cli.status.RegionServerStatus;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What cake doctor concludes from what it read: each check can fail, and says why. */
class DiagnosisTest {
  private static final HBaseLevel ON =
      new HBaseLevel("hbase-16020", true, 6, 4, 72, 0, 0.0, null, 1, 0, 1.0, null, List.of());
  private static final String DN_URL = "http://127.0.0.2:9864";
  private static final List<String> AUTHENTICATED = List.of("-Xmx1g", "-Dcom.sun.management.jmxremote.port=9999",
      "-Dcom.sun.management.jmxremote.password.file=/etc/cake/jmx.password");

  private static ControllerView controller(String lastDecision, boolean paused) {
    return new ControllerView("front", "p99.0 <= 50.0 ms", List.of(), paused, 10_000L, lastDecision, List.of(),
        null, null, null, null, 2L, "", List.of());
  }

  private static RegionServerStatus rs(String host, String version, ControllerView c, String dnVersion) {
    DataNodeLevel dn = new DataNodeLevel("http://" + host + ":9864", null, "hdfs-9866", true, 6, 0, 0, 0, List.of(), dnVersion);
    return new RegionServerStatus(host, 16020, "http://" + host + ":16030", true, null, ON, c, null, dn, version);
  }

  private static JvmProbe jvm(List<String> args, long skew, Long shortCircuit) {
    return new JvmProbe("http://x", null, "0.1.0", args, skew, 2L, shortCircuit, null, null);
  }

  private static List<Finding> diagnose(List<RegionServerStatus> servers, JvmProbe rsJvm, JvmProbe dnJvm, JvmProbe master) {
    Map<String, JvmProbe> rsProbes = new java.util.HashMap<>();
    Map<String, JvmProbe> dnProbes = new java.util.HashMap<>();
    servers.forEach(r -> {
      rsProbes.put(r.label(), rsJvm);
      dnProbes.put(r.label(), dnJvm);
    });
    return Diagnosis.of(new DoctorInput(new ClusterStatus(servers), rsProbes, dnProbes, "127.0.0.1:16000", master, "0.1.0"));
  }

  private static Finding find(List<Finding> findings, String subjectStart, String check) {
    return findings.stream().filter(f -> f.subject().startsWith(subjectStart) && f.check().equals(check))
        .findFirst().orElseThrow(() -> new AssertionError(subjectStart + "/" + check + " not in " + findings));
  }

  @Test
  void aHealthyClusterPassesEveryCheck() {
    String steering = "cake-controller: front: p99.0 <= 50.0 ms measured p99=12.0 | perf=4.2 -> share=10%";
    List<Finding> f = diagnose(List.of(rs("127.0.0.2", "0.1.0", controller(steering, false), "0.1.0")),
        jvm(List.of(), 3, null), jvm(AUTHENTICATED, -40, 0L), jvm(List.of(), 1, null));
    assertThat(f).allSatisfy(x -> assertThat(x.verdict()).as(x.toString()).isEqualTo(Verdict.OK));
    assertThat(find(f, "RegionServer", "controller").detail()).isEqualTo(
        "running and paired with its DataNode, 2 failed intervals since it started");
    assertThat(find(f, "DataNode", "jmx-auth").detail()).isEqualTo("remote JMX on port 9999 with authentication");
    assertThat(find(f, "DataNode", "clock").detail()).isEqualTo("-40 ms from this host's clock (+/- 2 ms)");
    assertThat(find(f, "cluster", "versions").detail()).isEqualTo("all 3 servers run Cake 0.1.0, as does this tool");
    assertThat(DoctorText.lines(f)).contains("RegionServer 127.0.0.2:16020", "DataNode " + DN_URL,
        "  ok    short-circuit  no short-circuit reads since it started")
        .last().isEqualTo(f.size() + " checks: " + f.size() + " ok, 0 warnings, 0 FAILED");
  }

  @Test
  void aFailStaticControllerShortCircuitReadsAndAnOpenJmxPortFail() {
    List<String> open = List.of("-Dcom.sun.management.jmxremote.port=9999",
        "-Dcom.sun.management.jmxremote.authenticate=true", "-Dcom.sun.management.jmxremote.authenticate=false");
    List<Finding> f = diagnose(List.of(rs("127.0.0.2", "0.1.0",
            controller("failed, allocation kept: DataNode scheduler not reachable", false), "0.1.0")),
        jvm(List.of(), 3, null), jvm(open, 0, 12L), null);
    assertThat(find(f, "RegionServer", "controller").verdict()).isEqualTo(Verdict.FAIL);
    assertThat(find(f, "RegionServer", "controller").detail()).contains("DataNode scheduler not reachable");
    assertThat(find(f, "DataNode", "short-circuit").verdict()).isEqualTo(Verdict.FAIL);
    assertThat(find(f, "DataNode", "short-circuit").detail()).startsWith("12 block files").contains("dfs.client.read.shortcircuit");
    // The JVM takes the last of a repeated -D: authentication is off.
    assertThat(find(f, "DataNode", "jmx-auth").verdict()).isEqualTo(Verdict.FAIL);
    assertThat(find(f, "HMaster", "reachable").detail()).isEqualTo("no active HMaster in ZooKeeper");
    assertThat(DoctorText.lines(f).get(DoctorText.lines(f).size() - 1)).endsWith(" ok, 1 warning, 3 FAILED");
  }

  @Test
  void mixedVersionsAndAFarClockAndAPausedControllerWarn() {
    List<Finding> f = diagnose(List.of(
            rs("127.0.0.2", "0.1.0", controller("", true), "0.1.0"),
            rs("127.0.0.3", "0.2.0", controller("", false), null)),
        jvm(List.of(), 10_001, null), jvm(List.of(), 0, 0L), jvm(List.of(), 0, null));
    assertThat(find(f, "RegionServer 127.0.0.2", "controller").verdict()).isEqualTo(Verdict.WARN);
    assertThat(find(f, "RegionServer 127.0.0.3", "controller").detail()).isEqualTo("running, no decision yet");
    // 10,001 ms give or take 2 is not surely past 10 s; the bound counts for the server.
    assertThat(find(f, "RegionServer 127.0.0.2", "clock").verdict()).isEqualTo(Verdict.OK);
    Finding versions = find(f, "cluster", "versions");
    assertThat(versions.verdict()).isEqualTo(Verdict.WARN);
    assertThat(versions.detail()).isEqualTo("mixed versions: 0.1.0 on RegionServer 127.0.0.2:16020, DataNode"
        + " http://127.0.0.2:9864, HMaster 127.0.0.1:16000; 0.2.0 on RegionServer 127.0.0.3:16020; "
        + Versions.UNKNOWN + " on DataNode http://127.0.0.3:9864 (this tool is 0.1.0)");
    List<Finding> far = diagnose(List.of(rs("127.0.0.2", "0.1.0", controller("", false), "0.1.0")),
        jvm(List.of(), -10_003, null), null, null);
    assertThat(find(far, "RegionServer", "clock").verdict()).isEqualTo(Verdict.WARN);
  }

  @Test
  void noCakeAndAnUnreachableServerFail() {
    RegionServerStatus stock = new RegionServerStatus("127.0.0.2", 16020, "http://127.0.0.2:16030", true, null, null,
        null, null, null, null);
    List<Finding> f = Diagnosis.of(new DoctorInput(new ClusterStatus(List.of(stock)), Map.of(), Map.of(), null, null, "0.1.0"));
    assertThat(find(f, "RegionServer", "scheduler").verdict()).isEqualTo(Verdict.FAIL);
    assertThat(find(f, "RegionServer", "controller").verdict()).isEqualTo(Verdict.FAIL);
    assertThat(find(f, "cluster", "versions").detail()).isEqualTo("no server runs Cake");
    assertThat(find(f, "HMaster", "reachable").verdict()).isEqualTo(Verdict.WARN);
  }

  @Test
  void aControllerSteeringAnotherDataNodeFailsAndOneOnAnotherHostNameWarns() {
    RegionServerStatus r = rs("127.0.0.2", "0.1.0", controller("", false), "0.1.0");
    JvmProbe other = new JvmProbe("http://x", null, "0.1.0", List.of(), 0L, 1L, null,
        "service:jmx:rmi:///jndi/rmi://127.0.0.3:9999/jmxrmi", "hdfs-9876");
    Finding wrong = Pairing.check("RegionServer", r, other).orElseThrow();
    assertThat(wrong.verdict()).isEqualTo(Verdict.FAIL);
    assertThat(wrong.detail()).contains("hdfs-9876").contains("runs hdfs-9866");
    JvmProbe byName = new JvmProbe("http://x", null, "0.1.0", List.of(), 0L, 1L, null,
        "service:jmx:rmi:///jndi/rmi://rs1.example.com:9999/jmxrmi", "hdfs-9866");
    assertThat(Pairing.check("RegionServer", r, byName).orElseThrow().verdict()).isEqualTo(Verdict.WARN);
    JvmProbe right = new JvmProbe("http://x", null, "0.1.0", List.of(), 0L, 1L, null,
        "service:jmx:rmi:///jndi/rmi://127.0.0.2:9999/jmxrmi", "");
    assertThat(Pairing.check("RegionServer", r, right).orElseThrow().detail())
        .isEqualTo("steers the DataNode beside it, through service:jmx:rmi:///jndi/rmi://127.0.0.2:9999/jmxrmi");
    JvmProbe older = new JvmProbe("http://x", null, "0.1.0", List.of(), 0L, 1L, null, null, null);
    assertThat(Pairing.check("RegionServer", r, older)).as("a controller too old to say").isEmpty();
  }

  @Test
  void skewIsMeasuredFromTheMidpointOfTheRoundTrip() {
    assertThat(JvmProbe.skew(1_000_050, 1_000_000, 1_000_020)).isEqualTo(40);
    assertThat(RemoteJmx.of(List.of("-Dcom.sun.management.config.file=/etc/jmx.properties")).configFile())
        .isEqualTo("/etc/jmx.properties");
    assertThat(RemoteJmx.of(List.of("-Dcom.sun.management.jmxremote.port=x")).port()).isNull();
  }
}
