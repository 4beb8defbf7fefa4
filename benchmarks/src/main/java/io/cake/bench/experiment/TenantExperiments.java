package io.cake.bench.experiment;

import io.cake.bench.load.Phase;
import java.util.List;

/**
 * The experiments with several latency tenants, beyond the paper (Cake steers one): three
 * open-loop front ends of single-row gets at different rates, with SLOs at 2x, 3x and 4x their
 * isolated p99 and weights 1, 1 and 2, beside the closed-loop batch scans.
 *
 * <ul>
 *   <li>{@code multi-tenant}: isolated front ends and batch, stock FIFO, HBase quotas on the batch
 *       user (swept), and Cake's controller steering the three (Frosting's weighted
 *       minimax, docs/design/controller.md "Several SLO tenants").
 *   <li>{@code misbehaving}: the same, with the first tenant ({@code frontend}) sending three times
 *       its rate: FIFO, Cake without a contract, Cake with a contract at its normal rate (calls
 *       over it served best effort). Its in-contract calls are judged server-side (the RegionServer
 *       counts them under its name, the others under best-effort); the client sees them mixed.
 * </ul>
 *
 * <p>Each experiment is its own class ({@link MultiTenantExperiment}, {@link MisbehavingExperiment},
 * {@link OverloadExperiment}, {@link BurstyExperiment}) over what they share, {@link TenantRuns}.
 */
final class TenantExperiments {
  /**
   * One front end: its name, rate as a fraction of --rate, SLO as a multiple of its isolated
   * percentile, weight, and that percentile (NaN: the bench's, --percentile).
   */
  record FrontEnd(String name, double rateFactor, double sloFactor, double weight, double percentile) {
    FrontEnd(String name, double rateFactor, double sloFactor, double weight) {
      this(name, rateFactor, sloFactor, weight, Double.NaN);
    }
  }

  static final List<FrontEnd> FRONT_ENDS = List.of(
      new FrontEnd(Phase.EmbeddedNames.FRONTEND, 1.0 / 3, 2.0, 1),
      new FrontEnd("frontend-b", 1.0 / 2, 3.0, 1),
      new FrontEnd("frontend-c", 2.0 / 3, 4.0, 2));

  private final Lab lab;
  private final FigureResult r;

  TenantExperiments(Lab lab, FigureResult r) {
    this.lab = lab;
    this.r = r;
  }

  void multiTenant() throws Exception {
    new MultiTenantExperiment(lab, r).multiTenant();
  }

  void misbehaving() throws Exception {
    new MisbehavingExperiment(lab, r).misbehaving();
  }

  void overload() throws Exception {
    new OverloadExperiment(lab, r).overload();
  }

  void bursty() throws Exception {
    new BurstyExperiment(lab, r).bursty();
  }
}
