package io.cake.hbase.config;

import io.cake.core.policy.StoredPolicy;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;

/**
 * Where this RegionServer's Cake keys come from: the {@code cake.*} keys of {@code hbase-site.xml}
 * as HBase last handed them to the RPC scheduler, and the cluster's policy store as last read.
 * Generation 0 is the file read at start; each {@code update_config} and each change of the store
 * adds one. HBase tells its RPC scheduler of {@code update_config} but not its RegionServer
 * coprocessors, so the controller coprocessor reads both from here, and lays the store over the
 * file by the same rule ({@link io.cake.core.policy.PolicyOverlay}) with its own check.
 */
public record KeySources(long generation, Map<String, String> cakeKeys, StoredPolicy store) {
  public static final String PREFIX = "cake.";

  public KeySources {
    cakeKeys = Collections.unmodifiableMap(new TreeMap<>(cakeKeys));
    java.util.Objects.requireNonNull(store);
  }

  public KeySources(long generation, Map<String, String> cakeKeys) {
    this(generation, cakeKeys, StoredPolicy.EMPTY);
  }

  /** The file read at start: generation 0, the {@code cake.*} keys as Hadoop resolves them. */
  public static KeySources of(Configuration conf) {
    return new KeySources(0, cakeKeys(conf));
  }

  /** The file an {@code update_config} handed over after this one. */
  public KeySources next(Configuration conf) {
    return new KeySources(generation + 1, cakeKeys(conf), store);
  }

  /** The store as read again. */
  public KeySources next(StoredPolicy read) {
    return new KeySources(generation + 1, cakeKeys, read);
  }

  public static Map<String, String> cakeKeys(Configuration conf) {
    Map<String, String> keys = new TreeMap<>();
    conf.getPropsWithPrefix(PREFIX).forEach((k, v) -> keys.put(PREFIX + k, v));
    return keys;
  }
}
