package io.cake.controller.web;

import io.cake.controller.web.DecisionHistory.Sample;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * What the RegionServer's {@code /cake} page shows, read once per request ({@link PageHtml} draws it).
 *
 * @param server the RegionServer, as HBase names it
 * @param scheduler Cake's RPC scheduler in words ("on", the kill switch, or not installed)
 * @param controller the controller in words: running, paused, failing, or why none runs
 * @param configurationError why the last file or store entry was refused; empty when none was
 * @param interval how often the controller decides; the page refreshes as often
 * @param tenants one row per tenant the scheduler saw in its last interval
 * @param decisions the last decisions, newest first
 * @param allocation each SLO tenant's share over the last hour, oldest first
 */
public record CakePage(String server, String version, Instant now, String scheduler, String controller,
    String configurationError, Duration interval, List<TenantRow> tenants, List<DecisionRow> decisions,
    List<Sample> allocation) {
  public CakePage {
    tenants = List.copyOf(tenants);
    decisions = List.copyOf(decisions);
    allocation = List.copyOf(allocation);
  }

  /**
   * One tenant at the RegionServer (its last metrics interval) and, for an SLO tenant, its goal.
   *
   * @param share its fraction of the handlers' shared service
   * @param dataNodeShare the share the controller gives it at both levels; NaN when it steers none
   * @param goal the SLO in words; empty for a tenant without one
   * @param measured what the last decision judged the goal by, in words; empty when nothing
   * @param met 1 met, 0 missed, NaN not judged or no SLO
   */
  public record TenantRow(String tenant, double share, int reserved, double dataNodeShare, int dataNodeReserved,
      int queued, double opsPerSecond, double p50Ms, double p99Ms, double p999Ms, String goal, String measured,
      double met) {}

  /**
   * One outcome of the controller.
   *
   * @param summary the decision line or, for none, why not (paused, failed)
   * @param reasons per SLO tenant, what it measured and what was decided, with the rules' reasons
   */
  public record DecisionRow(Instant at, long tick, String summary, List<String> reasons) {
    public DecisionRow {
      reasons = List.copyOf(reasons);
    }
  }
}
