package io.cake.controller.config;

import io.cake.core.config.ConfigNumbers;
import io.cake.hbase.config.CakeHBaseConfig;
import io.cake.hdfs.datanode.HdfsSchedulerConfig;
import java.util.Map;
import java.util.Optional;

/**
 * The controller decides on the RegionServer's last metrics interval and the DataNode's. If its own
 * interval differs from theirs it either finds no new interval ("no new HBase interval since the
 * last decision") or decides on one interval out of several, so the three keys should agree. Each
 * level reads its own key (the DataNode's from hdfs-site.xml, where the controller cannot see it),
 * so this checks the ones a RegionServer's file holds and names them.
 */
public final class IntervalCheck {
  private static final String HBASE_METRICS_INTERVAL_MS = CakeHBaseConfig.METRICS_INTERVAL_MS;
  /** Present when an operator keeps one file for both daemons (or the key in core-site.xml). */
  private static final String HDFS_METRICS_INTERVAL_MS = HdfsSchedulerConfig.METRICS_INTERVAL_MS_KEY;

  private IntervalCheck() {}

  /**
   * A warning naming the keys that disagree with the controller's interval, or empty. Values that
   * do not parse are left to the level that owns them, which refuses them by key.
   */
  public static Optional<String> mismatch(Map<String, String> conf, long controllerIntervalMillis) {
    StringBuilder w = new StringBuilder();
    long hbase = millis(conf, HBASE_METRICS_INTERVAL_MS, CakeHBaseConfig.DEFAULT_METRICS_INTERVAL_MS);
    if (hbase >= 0 && hbase != controllerIntervalMillis) {
      w.append(HBASE_METRICS_INTERVAL_MS).append('=').append(hbase);
    }
    long hdfs = millis(conf, HDFS_METRICS_INTERVAL_MS, -1);
    if (hdfs >= 0 && hdfs != controllerIntervalMillis) {
      w.append(w.isEmpty() ? "" : " and ").append(HDFS_METRICS_INTERVAL_MS).append('=').append(hdfs);
    }
    if (w.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        w + " differ from " + ControllerConfig.INTERVAL_MS + "=" + controllerIntervalMillis
            + ": the controller then decides on stale or skipped intervals; set them equal");
  }

  private static long millis(Map<String, String> conf, String key, long dflt) {
    String v = conf.get(key);
    if (v == null || v.isBlank()) {
      return dflt;
    }
    try {
      return ConfigNumbers.longAtLeast(key, v.trim(), 0);
    } catch (IllegalArgumentException e) {
      return -1;
    }
  }
}
