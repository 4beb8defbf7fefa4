package io.cake.cli.command;

import io.cake.cli.error.CliException;
import io.cake.cli.format.WritesText;
import io.cake.cli.jmx.JmxLogin;
import io.cake.cli.status.ClusterStatus;
import io.cake.cli.status.DataNodeAddresses;
import io.cake.cli.status.StatusReader;
import io.cake.cli.write.ControllerWrites;
import io.cake.cli.write.Targets;
import io.cake.cli.write.WriteResult;
import io.cake.controller.jmx.ControllerMXBean;
import java.time.Duration;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The steps every write command takes: read every RegionServer's page (all must be reachable and
 * run a controller), check the request against what they show, log in to every one's JMX, then
 * write one after another; print what each did.
 */
final class ControllerWrite {
  private ControllerWrite() {}

  /**
   * @param check refuses (throwing) a request the cluster's state rules out, before any login
   * @param write one controller's write; returns the state read back
   * @return the exit code: 0 when every RegionServer took the write
   */
  static int run(ClusterOptions cluster, JmxOptions jmx, Output output, Consumer<ClusterStatus> check,
      Function<ControllerMXBean, String> write) {
    JmxLogin login = jmx.login();
    Integer port = jmx.port();
    Duration timeout = cluster.timeout();
    StatusReader reader = cluster.reader(DataNodeAddresses.NONE);
    ClusterStatus status = reader.read(cluster.regionServers());
    check.accept(status);
    List<WriteResult> results;
    try (ControllerWrites writes = ControllerWrites.connect(Targets.of(status, reader, port, login.tls()), login, timeout)) {
      results = writes.apply(write);
    }
    output.print(results, () -> WritesText.lines(results));
    long failed = results.stream().filter(r -> !r.ok()).count();
    if (failed > 0) {
      long done = results.size() - failed;
      output.warn(failed + " of " + results.size() + " RegionServers not changed (" + done + " changed, listed above)");
      return CliException.FAILED;
    }
    return 0;
  }
}
