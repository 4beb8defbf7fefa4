package io.cake.sim.scenario;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * How one policy did in one scenario on one seed.
 *
 * @param batchShare batch's chunks over the judged intervals as a fraction of its isolated run's
 * @param spread the largest weighted badness over the smallest (1: equal, or every SLO met)
 */
public record SeedVerdict(long seed, List<Tenant> tenants, @JsonProperty("batch_share") double batchShare, double spread,
    boolean met) {
  public SeedVerdict {
    tenants = List.copyOf(tenants);
  }

  /**
   * One SLO tenant.
   *
   * @param sloMs its SLO in the judged intervals
   * @param wholeMs its latency at the SLO's percentile over the judged intervals as one
   * @param windowsMet the fraction of judged windows (with a request) within the SLO
   * @param converge intervals from its start to the first of three windows in a row within the
   *     SLO; null: never
   * @param badness the mean over judged windows of weight x (1 - SLO / latency), 0 when met
   */
  public record Tenant(String tenant, @JsonProperty("slo_ms") double sloMs, @JsonProperty("whole_ms") double wholeMs,
      @JsonProperty("windows_met") double windowsMet, Integer converge, double badness) {
    public boolean met() {
      return wholeMs <= sloMs && windowsMet >= Verdicts.WINDOWS_MET;
    }
  }
}
