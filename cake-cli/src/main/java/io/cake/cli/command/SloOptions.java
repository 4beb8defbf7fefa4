package io.cake.cli.command;

import io.cake.controller.jmx.Controller;
import io.cake.core.policy.TenantEntry;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The options that say what a tenant's SLO is, as the policy store's {@code slo.*} fields. */
public final class SloOptions {
  @Spec(Spec.Target.MIXEE)
  CommandSpec mixee;

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

  /** Whether any SLO option was given. */
  boolean given() {
    return Stream.of(latencyMs, percentile, operation, throughput, megabytesPerSecond).anyMatch(x -> x != null);
  }

  /**
   * {@code e} with the SLO these options say: its goal replaced, its weight kept, and its operation
   * kept when a latency goal is given without {@code --operation}. Errors name the option.
   */
  TenantEntry applyTo(TenantEntry e) {
    Map<String, String> goal = goalFields();
    TenantEntry next = e;
    for (String f : TenantEntry.SLO_GOAL_FIELDS) {
      boolean keepOperation = f.equals("slo.operation") && operation == null && latencyMs != null;
      if (!keepOperation) {
        next = next.without(f);
      }
    }
    for (Map.Entry<String, String> f : goal.entrySet()) {
      next = next.with(f.getKey(), f.getValue());
    }
    return next;
  }

  private Map<String, String> goalFields() {
    long goals = Stream.of(latencyMs, throughput, megabytesPerSecond).filter(x -> x != null).count();
    if (goals != 1) {
      throw usage("give one of --p99 MS (a latency SLO), --throughput OPS or --mbps MB, "
          + (goals == 0 ? "not neither" : goals == 2 ? "not both" : "not all three"));
    }
    Map<String, String> f = new LinkedHashMap<>();
    if (latencyMs != null) {
      if (percentile != null && !(percentile > 0 && percentile < 100)) {
        throw usage("--percentile must be above 0 and below 100, got " + percentile);
      }
      if (!(latencyMs > 0) || latencyMs.isInfinite()) {
        throw usage("--p99 must be a positive number of milliseconds, got " + latencyMs);
      }
      f.put("slo.latency-ms", number(latencyMs));
      if (percentile != null) {
        f.put("slo.percentile", number(percentile));
      }
      if (operation != null) {
        try {
          Controller.operation("--operation", operation)
              .ifPresent(op -> f.put("slo.operation", operation.trim().toLowerCase(java.util.Locale.ROOT)));
        } catch (IllegalArgumentException e) {
          throw usage(e.getMessage());
        }
      }
      return f;
    }
    String option = throughput != null ? "--throughput" : "--mbps";
    if (percentile != null) {
      throw usage("--percentile goes with --p99, not " + option);
    }
    if (operation != null) {
      throw usage("--operation goes with --p99, not " + option + ": a throughput SLO counts every call");
    }
    double rate = throughput != null ? throughput : megabytesPerSecond;
    if (!(rate > 0) || Double.isInfinite(rate)) {
      throw usage(option + " must be a positive number of " + (throughput != null ? "operations" : "megabytes")
          + " per second, got " + rate);
    }
    f.put(throughput != null ? "slo.throughput" : "slo.throughput-mb", number(rate));
    return f;
  }

  /** 200.0 as {@code 200}, 99.9 as {@code 99.9}. */
  static String number(double d) {
    return d == Math.rint(d) && Math.abs(d) < 1e15 ? String.valueOf((long) d) : String.valueOf(d);
  }

  private ParameterException usage(String message) {
    return new ParameterException(mixee.commandLine(), message);
  }
}
