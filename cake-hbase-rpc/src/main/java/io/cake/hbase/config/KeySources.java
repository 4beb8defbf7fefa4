package io.cake.hbase.config;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;

/**
 * The {@code cake.*} keys of {@code hbase-site.xml} as HBase last handed them to the RPC scheduler:
 * generation 0 is the file read at start, each {@code update_config} adds one. HBase tells its RPC
 * scheduler of {@code update_config} but not its RegionServer coprocessors, so the controller
 * coprocessor re-reads its own keys from here.
 */
public record SiteFile(long generation, Map<String, String> cakeKeys) {
  public static final String PREFIX = "cake.";

  public SiteFile {
    cakeKeys = Collections.unmodifiableMap(new TreeMap<>(cakeKeys));
  }

  /** The file read at start: generation 0, the {@code cake.*} keys as Hadoop resolves them. */
  public static SiteFile of(Configuration conf) {
    return new SiteFile(0, cakeKeys(conf));
  }

  /** The file an {@code update_config} handed over after this one. */
  public SiteFile next(Configuration conf) {
    return new SiteFile(generation + 1, cakeKeys(conf));
  }

  private static Map<String, String> cakeKeys(Configuration conf) {
    Map<String, String> keys = new TreeMap<>();
    conf.getPropsWithPrefix(PREFIX).forEach((k, v) -> keys.put(PREFIX + k, v));
    return keys;
  }
}
