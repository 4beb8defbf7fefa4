package io.cake.cli.command;

import io.cake.cli.error.CliException;
import io.cake.cli.status.ClusterStatus;
import io.cake.cli.status.TenantSummary;
import io.cake.controller.policy.SloTarget;
import io.cake.controller.jmx.Controller;
import io.cake.core.tenant.ByteThroughputGoal;
import io.cake.core.tenant.Goal;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.tenant.TenantNames;
import io.cake.core.tenant.ThroughputGoal;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

@Command(name = "set", mixinStandardHelpOptions = true,
    header = "Set the SLO on every RegionServer's controller.",
    description = "Sets the SLO on every RegionServer's controller, in force at its next decision. Bad values, an "
        + "unknown tenant, an unreachable RegionServer or a refused JMX login change nothing anywhere. "
        + "Writes go over each RegionServer's remote JMX (docs/operations.md).")
public final class SloSetCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "TENANT", description = "the tenant the controllers steer for")
  String tenant;

  @Option(names = "--p99", paramLabel = "MS",
      description = "latency SLO: the tenant's server-side latency at --percentile at most MS milliseconds")
  Double latencyMs;

  @Option(names = "--percentile", paramLabel = "P", description = "the percentile of --p99 (default 99; e.g. 99.9)")
  Double percentile;

  @Option(names = "--operation", paramLabel = "OP",
      description = "the latency SLO is on OP's calls only: get, scan, mutation or other; all for every call "
          + "(default: the operation the tenant's latency SLO is on now, every call for a new one)")
  String operation;

  @Option(names = "--throughput", paramLabel = "OPS", description = "throughput SLO instead: at least OPS operations/s")
  Double throughput;

  @Option(names = "--mbps", paramLabel = "MB",
      description = "MB/s SLO instead: at least MB megabytes (10^6 bytes) per second read at each RegionServer's DataNode")
  Double megabytesPerSecond;

  @Option(names = "--new-tenant", description = "allow a tenant no RegionServer knows yet (no requests seen, none configured)")
  boolean newTenant;

  @Mixin
  ClusterOptions cluster;

  @Mixin
  JmxOptions jmx;

  @Mixin
  Output output;

  @Override
  public Integer call() {
    SloTarget target = target();
    return ControllerWrite.run(cluster, jmx, output, this::checkKnown, c -> {
      if (target.goal() instanceof LatencyGoal g && operation == null) {
        c.setLatencySlo(target.tenant(), g.percentile(), g.millis()); // keeps the operation it is on
      } else if (target.goal() instanceof LatencyGoal g) {
        c.setLatencySlo(target.tenant(), g.percentile(), g.millis(), operation.trim()); // checked in target()
      } else if (target.goal() instanceof ByteThroughputGoal g) {
        c.setThroughputMbSlo(target.tenant(), g.megabytesPerSecond());
      } else {
        c.setThroughputSlo(target.tenant(), ((ThroughputGoal) target.goal()).opsPerSecond());
      }
      return "SLO " + c.getSloTenant() + " " + c.getSlo();
    });
  }

  /** The SLO asked for, checked before anything is contacted; errors name the argument. */
  SloTarget target() {
    try {
      TenantNames.check("TENANT", tenant);
    } catch (IllegalArgumentException e) {
      throw usage(e.getMessage());
    }
    long goals = java.util.stream.Stream.of(latencyMs, throughput, megabytesPerSecond).filter(x -> x != null).count();
    if (goals != 1) {
      throw usage("give one of --p99 MS (a latency SLO), --throughput OPS or --mbps MB, "
          + (goals == 0 ? "not neither" : goals == 2 ? "not both" : "not all three"));
    }
    Goal goal;
    if (latencyMs != null) {
      double p = percentile == null ? 99.0 : percentile;
      if (!(p > 0 && p < 100)) {
        throw usage("--percentile must be above 0 and below 100, got " + p);
      }
      if (!(latencyMs > 0) || latencyMs.isInfinite()) {
        throw usage("--p99 must be a positive number of milliseconds, got " + latencyMs);
      }
      try {
        goal = new LatencyGoal(p, latencyMs,
            operation == null ? Optional.empty() : Controller.operation("--operation", operation));
      } catch (IllegalArgumentException e) {
        throw usage(e.getMessage());
      }
    } else {
      String option = throughput != null ? "--throughput" : "--mbps";
      if (percentile != null) {
        throw usage("--percentile goes with --p99, not " + option);
      }
      if (operation != null) {
        throw usage("--operation goes with --p99, not " + option + ": a throughput SLO counts every call");
      }
      if (throughput != null) {
        if (!(throughput > 0) || throughput.isInfinite()) {
          throw usage("--throughput must be a positive number of operations per second, got " + throughput);
        }
        goal = new ThroughputGoal(throughput);
      } else {
        if (!(megabytesPerSecond > 0) || megabytesPerSecond.isInfinite()) {
          throw usage("--mbps must be a positive number of megabytes per second, got " + megabytesPerSecond);
        }
        goal = new ByteThroughputGoal(megabytesPerSecond);
      }
    }
    return new SloTarget(tenant, goal);
  }

  private void checkKnown(ClusterStatus status) {
    if (newTenant) {
      return;
    }
    boolean known = TenantSummary.of(status).stream().anyMatch(t -> t.tenant().equals(tenant));
    if (!known) {
      throw new CliException("unknown tenant '" + tenant + "': no RegionServer's Cake scheduler or controller knows it"
          + " (cake tenants lists those known); give --new-tenant to steer for it before its first request."
          + " Nothing was changed", CliException.USAGE);
    }
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
