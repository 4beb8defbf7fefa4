package io.cake.controller.loop;

import io.cake.controller.policy.Measurement;
import io.cake.controller.policy.Plan;
import java.util.Map;

/**
 * What one tick of the {@link SecondLevelController} did, for JMX, the {@code /cake} page and tests.
 *
 * @param plan the decision (null when none was made)
 * @param measured per SLO tenant, what the decision judged its goal by (empty when none was made)
 */
public record Outcome(long tick, String summary, Plan plan, Map<String, Measurement> measured) {
  /** How the summary of a failed interval begins: the last allocation stays in force (fail-static). */
  public static final String FAILED = "failed, allocation kept: ";

  public Outcome {
    measured = Map.copyOf(measured);
  }

  public Outcome(long tick, String summary) {
    this(tick, summary, null, Map.of());
  }

  /** Whether the interval failed and left the allocation as it was. */
  public boolean failed() {
    return summary.startsWith(FAILED);
  }

  /** What the decision judged {@code tenant}'s goal by; {@link Measurement#NONE} for nothing. */
  public Measurement measured(String tenant) {
    return measured.getOrDefault(tenant, Measurement.NONE);
  }

  /** What the decision judged {@code tenant} by and decided for it; null when it made none for it. */
  public Plan.TenantLine line(String tenant) {
    return plan == null ? null : plan.tenants().stream().filter(l -> l.view().tenant().equals(tenant))
        .findFirst().orElse(null);
  }
}
