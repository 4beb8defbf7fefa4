package io.cake.sim.scenario;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One policy's verdicts in one scenario over every seed: per SLO tenant and for batch, the median
 * and the worst seed's.
 *
 * @param seedsMet seeds on which the scenario was met
 * @param medianMet met on at least half the seeds: the scenario's verdict
 */
public record PolicySummary(@JsonProperty("seeds_met") int seedsMet, @JsonProperty("median_met") boolean medianMet,
    @JsonProperty("batch_share") Stat batchShare, Stat spread, List<TenantSummary> tenants,
    List<SeedVerdict> seeds) {

  /** A median over the seeds, and the worst seed's value (lowest or highest, as the figure reads). */
  public record Stat(double median, double worst) {}

  /** One SLO tenant over the seeds; {@code converge} counts a seed that never converged as infinite. */
  public record TenantSummary(String tenant, @JsonProperty("seeds_met") int seedsMet, @JsonProperty("slo_ms") Stat sloMs,
      @JsonProperty("windows_met") Stat windowsMet, @JsonProperty("whole_over_slo") Stat wholeOverSlo,
      Stat converge, Stat badness) {}

  public static PolicySummary of(List<SeedVerdict> seeds) {
    int met = (int) seeds.stream().filter(SeedVerdict::met).count();
    List<TenantSummary> tenants = new ArrayList<>();
    for (int k = 0; k < seeds.get(0).tenants().size(); k++) {
      int i = k;
      List<SeedVerdict.Tenant> t = seeds.stream().map(s -> s.tenants().get(i)).toList();
      tenants.add(new TenantSummary(t.get(0).tenant(), (int) t.stream().filter(SeedVerdict.Tenant::met).count(),
          stat(t, SeedVerdict.Tenant::sloMs, false),
          stat(t, SeedVerdict.Tenant::windowsMet, true),
          stat(t, v -> v.wholeMs() / v.sloMs(), false),
          stat(t, v -> v.converge() == null ? Double.POSITIVE_INFINITY : v.converge(), false),
          stat(t, SeedVerdict.Tenant::badness, false)));
    }
    return new PolicySummary(met, 2 * met >= seeds.size(), stat(seeds, SeedVerdict::batchShare, true),
        stat(seeds, SeedVerdict::spread, false), tenants, seeds);
  }

  /** @param lowIsWorse whether the worst seed is the lowest value (else the highest) */
  static <T> Stat stat(List<T> items, ToDoubleFunction<T> f, boolean lowIsWorse) {
    double[] v = items.stream().mapToDouble(f).sorted().toArray();
    int n = v.length;
    double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    if (Double.isNaN(median) && Arrays.stream(v).anyMatch(Double::isInfinite)) {
      median = Double.POSITIVE_INFINITY; // the two middle seeds never converged: inf - inf
    }
    return new Stat(median, lowIsWorse ? v[0] : v[n - 1]);
  }
}
