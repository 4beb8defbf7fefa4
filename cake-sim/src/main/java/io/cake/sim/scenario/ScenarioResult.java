package io.cake.sim.scenario;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * What {@code ./cake-bench scenarios} writes per scenario ({@code NAME.json}, schema {@value #SCHEMA}).
 * A static allocation rides beside the controller on the same seeds because a controller that a
 * fixed allocation beats has no reason to run: it is the reference the gate holds it to.
 *
 * @param model the regime's hardware and workload, so a file says what it was measured on
 * @param controllerKeys the {@code cake.controller.*} keys the controller ran with (none: as shipped)
 */
public record ScenarioResult(String schema, String scenario, String summary, String judge, String model,
    @JsonProperty("controller_keys") Map<String, String> controllerKeys, List<Long> seeds, PolicySummary controller, @JsonProperty("static_shares") PolicySummary staticShares) {
  public static final String SCHEMA = "cake-scenarios/1";
}
