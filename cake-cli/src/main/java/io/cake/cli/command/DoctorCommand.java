package io.cake.cli.command;

import io.cake.cli.cluster.RegionServerAddress;
import io.cake.cli.doctor.Diagnosis;
import io.cake.cli.doctor.DoctorInput;
import io.cake.cli.doctor.DoctorReader;
import io.cake.cli.doctor.Finding;
import io.cake.cli.doctor.JvmProbe;
import io.cake.cli.error.CliException;
import io.cake.cli.format.DoctorText;
import io.cake.cli.status.ClusterStatus;
import io.cake.cli.status.DataNodeLevel;
import io.cake.cli.status.RegionServerStatus;
import io.cake.core.level.CakeVersion;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

@Command(name = "doctor", mixinStandardHelpOptions = true,
    header = "Checks every RegionServer/DataNode pair, and the HMaster, for what keeps Cake from working.",
    description = {"Each RegionServer: Cake's scheduler on, its controller running and steering its DataNode;"
        + " each DataNode: Cake's read scheduler on, no short-circuit reads (they bypass Cake); every server:"
        + " remote JMX only with authentication, its clock within 10 s of this host's; and the Cake version"
        + " of every server, the HMaster's included, so that a rolling install left half done shows.",
        "",
        "Exit code 1 if a check FAILED; warnings alone exit 0."})
public final class DoctorCommand implements Callable<Integer> {
  @Mixin
  ClusterOptions cluster;

  @Mixin
  DataNodeOption datanodes;

  @Mixin
  Output output;

  @Override
  public Integer call() {
    ClusterStatus status = cluster.status(datanodes.addresses());
    Optional<RegionServerAddress> master = cluster.master();
    DoctorReader reader = new DoctorReader(cluster.timeout());
    Map<String, CompletableFuture<JvmProbe>> rs = new LinkedHashMap<>();
    Map<String, CompletableFuture<JvmProbe>> dn = new LinkedHashMap<>();
    for (RegionServerStatus r : status.regionServers()) {
      if (!r.reachable()) {
        continue;
      }
      rs.put(r.label(), reader.probe(r.infoUrl(), false));
      DataNodeLevel d = r.datanode();
      // A DataNode in the RegionServer's own JVM (an embedded cluster) is that JVM, read already.
      if (d != null && d.error() == null && !d.url().startsWith(r.infoUrl() + " ")) {
        dn.put(r.label(), reader.probe(d.url(), true));
      }
    }
    CompletableFuture<JvmProbe> m = master == null || master.isEmpty() ? null
        : master.get().infoPort() > 0 ? reader.probe(master.get().infoUrl(), false)
        : CompletableFuture.completedFuture(JvmProbe.unreadable(null, "runs no web UI (hbase.master.info.port is -1)"));
    List<Finding> findings = Diagnosis.of(new DoctorInput(status, joined(rs), joined(dn),
        master == null ? null : master.map(RegionServerAddress::toString).orElse(""),
        m == null ? null : m.join(), CakeVersion.current()));
    output.print(new Report(findings), () -> DoctorText.lines(findings));
    return findings.stream().anyMatch(f -> f.verdict() == Finding.Verdict.FAIL) ? CliException.FAILED : 0;
  }

  private static Map<String, JvmProbe> joined(Map<String, CompletableFuture<JvmProbe>> probes) {
    Map<String, JvmProbe> out = new LinkedHashMap<>();
    probes.forEach((k, v) -> out.put(k, v.join()));
    return out;
  }

  /** {@code --json}: every finding. */
  public record Report(List<Finding> findings) {}
}
