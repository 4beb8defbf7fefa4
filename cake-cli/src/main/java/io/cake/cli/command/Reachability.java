package io.cake.cli.command;

import io.cake.cli.error.CliException;
import io.cake.cli.status.ClusterStatus;
import io.cake.cli.status.RegionServerStatus;

/** Read commands print every RegionServer they could read, then fail if one could not be. */
final class Reachability {
  private Reachability() {}

  static int exitCode(ClusterStatus status, Output output) {
    for (RegionServerStatus rs : status.regionServers()) {
      if (!rs.reachable()) {
        output.warn("RegionServer " + rs.label() + " unreachable: " + rs.error());
      }
    }
    return status.allReachable() ? 0 : CliException.FAILED;
  }
}
