package io.cake.cli.command;

import static org.assertj.core.api.Assertions.assertThat;

import io.cake.cli.CakeCli;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The command line without a cluster: help, and every refusal that must come before anything is
 * contacted (a closed port stands for the cluster, so contacting it would show as a different
 * error), with its exit code and a message naming the argument.
 */
class CommandLineTest {
  @TempDir
  Path dir;

  record Run(int code, String out, String err) {}

  static Run cake(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    var cmd = CakeCli.commandLine();
    cmd.setOut(new PrintWriter(out, true));
    cmd.setErr(new PrintWriter(err, true));
    int code = cmd.execute(args);
    return new Run(code, out.toString(), err.toString());
  }

  static int closedPort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  @Test
  void helpListsEveryCommand() {
    Run r = cake("--help");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("status", "doctor", "tenants", "tenant", "slo", "pause", "resume", "generate-completion",
        "Exit codes");
    assertThat(cake("tenant", "--help").out()).contains("list", "describe", "set", "drop");
    assertThat(cake("slo", "--help").out()).contains("show", "set");
    assertThat(cake("slo", "set", "--help").out()).contains("--p99=MS", "--percentile=P", "--operation=OP", "--throughput=OPS",
        "--dry-run", "--new-tenant");
  }

  @Test
  void theCompletionScriptCompletesEveryCommandAndItsOptions() {
    Run r = cake("generate-completion");
    assertThat(r.code()).isZero();
    assertThat(r.out()).contains("complete -F _complete_cake").contains("doctor").contains("--datanode-http")
        .contains("--watch").contains("drop");
    assertThat(cake("--version").out().trim()).isEqualTo("cake " + io.cake.core.level.CakeVersion.current());
  }

  @Test
  void configCheckOfAFileThatIsNotASiteFileIsAUsageErrorNamingIt() throws IOException {
    Run missing = cake("config", "check", dir.resolve("nothing.xml").toString());
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("FILE " + dir.resolve("nothing.xml") + ": no such file");
    Path notXml = Files.writeString(dir.resolve("site.xml"), "cake.hbase.enabled=true\n");
    Run bad = cake("config", "check", notXml.toString());
    assertThat(bad.code()).isEqualTo(2);
    assertThat(bad.err()).contains("FILE " + notXml + ": not a well-formed site file");
  }

  @Test
  void aMissingOrUnknownCommandIsAUsageError() {
    Run slo = cake("slo");
    assertThat(slo.code()).isEqualTo(2);
    assertThat(slo.err()).contains("Missing required subcommand").contains("Try 'cake slo --help'");
    Run typo = cake("stauts");
    assertThat(typo.code()).isEqualTo(2);
    assertThat(typo.err()).contains("stauts").contains("status");
  }

  @Test
  void badSloValuesAreRefusedBeforeAnyContact() throws IOException {
    String zk = "127.0.0.1:" + closedPort();
    String[][] cases = {
        {"--p99", "-5"}, {"--p99", "0"}, {"--p99", "NaN"}, {"--p99", "Infinity"}, {"--p99", "fast"},
        {"--p99", "50", "--percentile", "100"}, {"--p99", "50", "--percentile", "0"}, {"--p99", "50", "--percentile", "x"},
        {"--throughput", "0"}, {"--throughput", "10", "--percentile", "99"}, {"--p99", "1", "--throughput", "1"}, {},
        {"--p99", "50", "--operation", "put"}, {"--p99", "50", "--operation", ""},
        {"--throughput", "10", "--operation", "get"},
        {"--mbps", "0"}, {"--mbps", "Infinity"}, {"--mbps", "5", "--percentile", "99"}, {"--mbps", "5", "--throughput", "5"},
        {"--mbps", "5", "--operation", "scan"}};
    String[] named = {"--p99", "--p99", "--p99", "--p99", "--p99", "--percentile", "--percentile", "--percentile",
        "--throughput", "--percentile", "not both", "not neither",
        "--operation must be get, scan, mutation or other, or all for every call, got 'put'", "--operation must be",
        "--operation goes with --p99, not --throughput",
        "--mbps must be a positive number of megabytes per second", "--mbps must be", "--percentile goes with --p99, not --mbps",
        "not both", "--operation goes with --p99, not --mbps"};
    refusedBeforeContact(new String[] {"slo", "set", "frontend"}, cases, named, zk);
    Run badName = cake("slo", "set", "front end", "--p99", "50", "--zk", zk);
    assertThat(badName.code()).isEqualTo(2);
    assertThat(badName.err()).contains("TENANT must be");
  }

  /** Each case after {@code command}, against a ZooKeeper nobody serves: a usage error naming {@code named[i]}. */
  private void refusedBeforeContact(String[] command, String[][] cases, String[] named, String zk) {
    for (int i = 0; i < cases.length; i++) {
      String[] args = new String[command.length + cases[i].length + 2];
      System.arraycopy(command, 0, args, 0, command.length);
      System.arraycopy(cases[i], 0, args, command.length, cases[i].length);
      args[args.length - 2] = "--zk";
      args[args.length - 1] = zk;
      Run r = cake(args);
      assertThat(r.code()).as(String.join(" ", args)).isEqualTo(2);
      assertThat(r.err()).as(String.join(" ", args)).contains(named[i]).doesNotContain("ZooKeeper");
    }
  }

  @Test
  void badTenantValuesAreRefusedNamingTheOptionBeforeAnyContact() throws IOException {
    String zk = "127.0.0.1:" + closedPort();
    String[][] cases = {
        {"--share", "-1"}, {"--share", "lots"}, {"--reservation", "-1"}, {"--reservation", "1.5"},
        {"--contract", "fast"}, {"--weight", "0"}, {"--unset", "shares"}, {},
        {"--share", "2", "--unset", "share"}, {"--p99", "50", "--throughput", "5"}, {"--share", "a\\b"}};
    String[] named = {"--share: cake.tenant.t.share", "--share", "--reservation: cake.tenant.t.reservation", "--reservation",
        "--contract: cake.hbase.tenant.t.contract", "--weight: cake.slo.t.weight", "--unset takes", "nothing to set",
        "contradict", "not both", "--share wants a value on one line"};
    refusedBeforeContact(new String[] {"tenant", "set", "t"}, cases, named, zk);
    Run contract = cake("tenant", "set", "best-effort", "--contract", "10:5", "--zk", zk);
    assertThat(contract.code()).isEqualTo(2);
    assertThat(contract.err()).contains("--contract").contains("cannot have a contract itself");
    Run hosts = cake("tenant", "list", "--hosts", "127.0.0.1");
    assertThat(hosts.code()).isEqualTo(2);
    assertThat(hosts.err()).contains("give --zk, not --hosts");
    Run unreachable = cake("tenant", "list", "--zk", zk, "--timeout", "1");
    assertThat(unreachable.code()).isEqualTo(1);
    assertThat(unreachable.err()).contains("cannot reach ZooKeeper at " + zk);
  }

  @Test
  void jmxLoginOptionsAreCheckedBeforeAnyContact() throws IOException {
    String zk = "127.0.0.1:" + closedPort();
    Run userOnly = cake("pause", "--jmx-user", "cakeadmin", "--zk", zk);
    assertThat(userOnly.code()).isEqualTo(2);
    assertThat(userOnly.err()).contains("--jmx-user needs --jmx-password-file");
    Path open = Files.writeString(dir.resolve("open.password"), "secret\n");
    Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rw-r--r--"));
    Run readable = cake("resume", "--jmx-user", "cakeadmin", "--jmx-password-file", open.toString(), "--zk", zk);
    assertThat(readable.code()).isEqualTo(2);
    assertThat(readable.err()).contains("--jmx-password-file " + open + " is readable by every user");
    Run missing = cake("resume", "--jmx-user", "cakeadmin", "--jmx-password-file", dir.resolve("none").toString(), "--zk", zk);
    assertThat(missing.code()).isEqualTo(2);
    assertThat(missing.err()).contains("--jmx-password-file").contains("is not a file");
    Run port = cake("pause", "--jmx-port", "70000", "--zk", zk);
    assertThat(port.code()).isEqualTo(2);
    assertThat(port.err()).contains("--jmx-port must be 1 to 65535");
  }

  @Test
  void clusterOptionsAreCheckedNamingTheOption() throws IOException {
    assertThat(cake("status", "--zk", "zk1:notaport").err()).contains("--zk wants");
    assertThat(cake("status", "--znode-parent", "hbase", "--zk", "zk1").err()).contains("--znode-parent wants");
    Run both = cake("status", "--zk", "zk1", "--hosts", "rs1");
    assertThat(both.code()).isEqualTo(2);
    assertThat(both.err()).contains("give --zk or --hosts, not both");
    assertThat(cake("status", "--timeout", "0", "--hosts", "rs1").err()).contains("--timeout must be 1 to 600");
    assertThat(cake("status", "--datanode-http", "nine", "--hosts", "rs1").err()).contains("--datanode-http wants");
  }

  @Test
  void anUnreachableRegionServerIsNamedAndExitsOne() throws IOException {
    int closed = closedPort();
    Run r = cake("status", "--hosts", "127.0.0.1:" + closed, "--timeout", "2");
    assertThat(r.code()).isEqualTo(1);
    assertThat(r.out()).contains("UNREACHABLE").contains("http://127.0.0.1:" + closed).contains("1 UNREACHABLE");
    assertThat(r.err()).contains("RegionServer http://127.0.0.1:" + closed + " unreachable");
    Run zk = cake("tenants", "--zk", "127.0.0.1:" + closed, "--timeout", "1");
    assertThat(zk.code()).isEqualTo(1);
    assertThat(zk.err()).contains("cannot reach ZooKeeper at 127.0.0.1:" + closed + " (--zk) within 1 s");
  }
}
