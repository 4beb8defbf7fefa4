package io.cake.cli.command;

import io.cake.core.policy.TenantEntry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "set", mixinStandardHelpOptions = true,
    header = "Set fields of a tenant's entry in the policy store (creating it); the others stay.",
    description = "Each value is checked as the RegionServers check the same key in hbase-site.xml, and refused,"
        + " naming the option, before anything is written. Whether every tenant's reservations fit a"
        + " RegionServer's pool is checked there: an entry that does not fit is skipped and logged by that server.")
public final class TenantSetCommand implements Callable<Integer> {
  /** The fields --unset takes: the store's, with {@code slo} for the whole SLO. */
  static final List<String> UNSETTABLE = List.of("share", "reservation", "contract", "allowed-users", "slo", "weight");

  @Spec
  CommandSpec spec;

  @Parameters(index = "0", paramLabel = "TENANT")
  String tenant;

  @Option(names = "--share", paramLabel = "WEIGHT", description = "proportional share at both levels (a weight)")
  String share;

  @Option(names = "--reservation", paramLabel = "N", description = "handlers (HBase) and disk slots (HDFS) reserved")
  String reservation;

  @Option(names = "--contract", paramLabel = "RATE:BURST[,...]",
      description = "throughput contract in calls/s and calls: calls beyond it are served best effort")
  String contract;

  @Option(names = "--allowed-users", paramLabel = "USER[,...]",
      description = "who may claim the tenant by attribute when the tenant ACL enforces; * for anyone")
  String allowedUsers;

  @Option(names = "--weight", paramLabel = "W", description = "how much the tenant's SLO counts when not all can be met")
  String weight;

  @Option(names = "--unset", paramLabel = "FIELD", split = ",",
      description = "remove fields, back to the site file's value: share, reservation, contract, allowed-users, "
          + "slo (the whole SLO), weight")
  List<String> unset = new ArrayList<>();

  @Option(names = "--dry-run", description = "show the change; write nothing")
  boolean dryRun;

  @Mixin
  SloOptions slo;

  @Mixin
  ClusterOptions cluster;

  @Mixin
  Output output;

  @Override
  public Integer call() {
    TenantArgument.check(spec, tenant);
    for (String f : unset) {
      if (!UNSETTABLE.contains(f.trim())) {
        throw usage("--unset takes " + String.join(", ", UNSETTABLE) + "; got '" + f + "'");
      }
    }
    Map<String, String> set = new LinkedHashMap<>();
    put(set, "share", share, "--share");
    put(set, "reservation", reservation, "--reservation");
    put(set, "contract", contract, "--contract");
    put(set, "allowed-users", allowedUsers, "--allowed-users");
    put(set, "slo.weight", weight, "--weight");
    if (set.isEmpty() && unset.isEmpty() && !slo.given()) {
      throw usage("nothing to set: give --share, --reservation, --contract, --allowed-users, an SLO (--p99,"
          + " --throughput or --mbps), --weight or --unset");
    }
    return PolicyWrite.run(cluster, output, tenant, dryRun, now -> { }, e -> {
      TenantEntry next = e;
      for (String f : unset) {
        next = switch (f.trim()) {
          case "slo" -> withoutSlo(next);
          case "weight" -> next.without("slo.weight");
          default -> next.without(f.trim());
        };
      }
      if (slo.given()) {
        next = slo.applyTo(next);
      }
      for (Map.Entry<String, String> f : set.entrySet()) {
        next = next.with(f.getKey(), f.getValue());
      }
      return next;
    });
  }

  private static TenantEntry withoutSlo(TenantEntry e) {
    TenantEntry next = e;
    for (String f : e.fields().keySet()) {
      if (f.startsWith(TenantEntry.SLO)) {
        next = next.without(f);
      }
    }
    return next;
  }

  private void put(Map<String, String> set, String field, String value, String option) {
    if (value == null) {
      return;
    }
    if (value.isBlank() || value.contains("\\") || value.contains("\n")) {
      throw usage(option + " wants a value on one line, got '" + value + "'");
    }
    if (unset.stream().anyMatch(u -> field.equals(u.trim()) || field.equals("slo." + u.trim()))) {
      throw usage(option + " and --unset " + field + " contradict each other");
    }
    set.put(field, value.trim());
  }

  private ParameterException usage(String message) {
    return new ParameterException(spec.commandLine(), message);
  }
}
