package io.cake.bench.experiment;

import io.cake.bench.cluster.Policy;
import io.cake.bench.load.RateShape;
import io.cake.bench.report.RunSummary;
import java.util.Map;

/** What an experiment can do with the cluster the bench started: set a policy up and measure it. */
public interface Lab {
  Options options();

  /** One measured phase under {@code policy} (front end and/or batch), at this rate and shape. */
  RunSummary run(Policy policy, boolean frontend, boolean batch, double seconds, double rate, RateShape shape)
      throws Exception;

  /**
   * Like {@link #run} with both tenants, after {@code settleSeconds} (unrecorded) of the front end at
   * the constant base rate under the same policy: a controller starts the shaped run from the
   * allocation it found at the base rate, as on a cluster that was already running.
   */
  default RunSummary runSettled(Policy policy, double settleSeconds, double seconds, double rate, RateShape shape)
      throws Exception {
    return runTenants(policy, settleSeconds, rate, shape, Map.of(), true, seconds);
  }

  /** Stock HBase (SimpleRpcScheduler, one FIFO queue) over a DataNode whose Cake gate is off. */
  Policy stock(String name, String label);

  /** Cake's first levels with a fixed allocation, each level on or off ({@link Fixed}). */
  Policy fixed(String name, String label, Fixed allocation);

  /** Cake with the second level steering {@code sloMs}, from equal shares, at this soft limit (0: default). */
  Policy cakeSlo(String name, double sloMs, int softLimit);

  /**
   * The front end at {@code rate} with {@code shape}, and {@code others} (tenant to requests per
   * second) each at a constant rate; each open loop and measured on its own, with batch or not;
   * after {@code settleSeconds} (unrecorded, 0 for none) of every front end at its constant mean
   * rate under the same policy.
   */
  RunSummary runTenants(Policy policy, double settleSeconds, double rate, RateShape shape,
      Map<String, Double> others, boolean batch, double seconds) throws Exception;

  /**
   * Cake's first levels with the controller running on {@code controllerKeys} (cake.slo.*,
   * cake.controller.*, contracts), from equal shares; judged by {@code judgedBy} ms (may be null).
   */
  Policy cakeController(String name, String label, Map<String, String> controllerKeys, Double judgedBy);

  /** The server-side target the controller is given for a client-side SLO of {@code sloMs}. */
  double serverTargetMs(double sloMs);

  /** The DataNode gate's default soft limit in this run. */
  int softLimit();
}
