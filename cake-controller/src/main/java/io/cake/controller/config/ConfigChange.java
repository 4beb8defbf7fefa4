package io.cake.controller.config;

import io.cake.controller.policy.SloTarget;
import io.cake.controller.policy.ControllerParams;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a re-read {@code hbase-site.xml} changes in a running controller ({@code update_config}).
 *
 * <p>The SLO and the decision rules are set in place, so the controller keeps its state (the
 * allocation it reached). Anything about whether, how often or against which DataNode it runs
 * (enabled, the first SLO appearing or the last going, the interval, the DataNode's JMX) starts a
 * new controller; tenants added or removed beside others are set in place.
 * Only what the file changed is applied: an SLO set over JMX ({@code cake slo set}) stays until
 * the file's own SLO changes, so an {@code update_config} made for another reason cannot undo it.
 *
 * @param restart stop the running controller (if any) and start one from the new file
 * @param slos the file's new SLOs, when the file changed them
 * @param params the file's new decision rules, when the file changed them
 * @param keys what changed, by key family, for the log line
 */
public record ConfigChange(
    boolean restart,
    Optional<List<SloTarget>> slos,
    Optional<ControllerParams> params,
    List<String> keys) {

  public ConfigChange {
    keys = List.copyOf(keys);
  }

  /** The difference between the file loaded before and the one loaded now. */
  public static ConfigChange between(ControllerConfig before, ControllerConfig after) {
    List<String> keys = new ArrayList<>();
    if (before.enabled() != after.enabled()) {
      keys.add(ControllerConfig.ENABLED);
    }
    if (!before.params().interval().equals(after.params().interval())) {
      keys.add(ControllerConfig.INTERVAL_MS);
    }
    if (!before.hdfsJmx().equals(after.hdfsJmx())) {
      keys.add("cake.controller.hdfs.jmx*");
    }
    if (!before.hdfsScheduler().equals(after.hdfsScheduler())) {
      keys.add(ControllerConfig.HDFS_SCHEDULER);
    }
    boolean restart = !keys.isEmpty()
        || before.slos().isEmpty() != after.slos().isEmpty();
    boolean sloChanged = !before.slos().equals(after.slos());
    if (sloChanged) {
      keys.add(ControllerConfig.SLO_PREFIX + "*");
    }
    Optional<List<SloTarget>> slos = sloChanged ? Optional.of(after.slos()) : Optional.empty();
    Optional<ControllerParams> params =
        before.params().equals(after.params()) ? Optional.empty() : Optional.of(after.params());
    if (params.isPresent() && !keys.contains(ControllerConfig.INTERVAL_MS)) {
      keys.add("cake.controller.* rules");
    }
    return new ConfigChange(restart, slos, params, keys);
  }

  /** The file changed nothing the controller reads. */
  public boolean none() {
    return keys.isEmpty();
  }
}
