package io.cake.controller.policy;

import io.cake.core.sched.Allocation;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One interval's decision: the state to carry on, what each level is to run, and in words why.
 *
 * @param hbase, hdfs the allocations for the RegionServer's scheduler and the DataNode's, lanes included
 * @param exempt the SLO tenants, whom the others' limit does not hold
 * @param tenants per SLO tenant, what it measured and what was decided for it, heaviest first
 * @param feasible whether the models say every SLO can be met at the new shares
 */
public record Plan(ControllerState state, Allocation hbase, Allocation hdfs, Set<String> exempt,
    List<TenantLine> tenants, String othersReason, boolean overloaded, boolean feasible, String lanes) {
  public Plan {
    exempt = Set.copyOf(exempt);
    tenants = List.copyOf(tenants);
  }

  /** One SLO tenant's part of the decision line. */
  public record TenantLine(TenantView view, TenantState before, TenantState after, List<String> reasons) {
    public TenantLine {
      reasons = List.copyOf(reasons);
    }

    @Override
    public String toString() {
      Observation o = view.obs();
      String percentile = Double.isNaN(o.percentile()) ? "" : String.format(" p%.2f", o.percentile());
      return String.format("%s measured%s=%.1f samples=%d occupancy hbase=%.2f hdfs=%.2f busy hbase=%.2f hdfs=%.2f"
          + " perf=%.2f -> %s: %s", view.target(), percentile, o.measured(), o.samples(), o.hbaseOccupancy(),
          o.hdfsOccupancy(), o.hbaseBusy(), o.hdfsBusy(), view.performance(), after,
          reasons.isEmpty() ? "kept" : String.join("; ", reasons));
    }
  }

  /** The others' limit in handlers each (0: none). */
  public double othersLimit() {
    return state.othersLimit();
  }

  /** Per SLO tenant, what this decision judged its goal by. */
  public Map<String, Measurement> measurements() {
    Map<String, Measurement> out = new java.util.TreeMap<>();
    tenants.forEach(t -> out.put(t.view().tenant(), t.view().measurement()));
    return out;
  }

  /** The decision line. */
  public String describe() {
    return String.join(" | ", parts());
  }

  /** The decision line's parts: one per SLO tenant (heaviest first), then the others' limit, overload, lanes. */
  public List<String> parts() {
    List<String> parts = new ArrayList<>();
    tenants.forEach(t -> parts.add(t.toString()));
    String limit = othersLimit() > 0 ? String.format("others held to %.2f handlers each", othersLimit()) : "";
    if (!othersReason.isEmpty()) {
      limit = othersReason;
    }
    if (!limit.isEmpty()) {
      parts.add(limit);
    }
    if (overloaded) {
      parts.add(feasible ? "overloaded: shares settled by weight" : "infeasible: shares settled by weight");
    }
    if (!lanes.isEmpty()) {
      parts.add(lanes);
    }
    return parts;
  }
}
