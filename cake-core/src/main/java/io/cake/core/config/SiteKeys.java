package io.cake.core.config;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The keys of a site file as Cake's validators read them: from Hadoop's {@code Configuration} on
 * a server, or from a file parsed without Hadoop by {@code cake config check}, so that the check
 * runs the servers' own validators.
 */
public interface SiteKeys {
  /** The value, or null when the key is not set. */
  String get(String key);

  /** Every key starting with {@code prefix}, by the rest of its name. */
  Map<String, String> withPrefix(String prefix);

  default String get(String key, String dflt) {
    String v = get(key);
    return v == null ? dflt : v;
  }

  /** The value without surrounding whitespace, or null when the key is not set. */
  default String trimmed(String key) {
    String v = get(key);
    return v == null ? null : v.trim();
  }

  /** Over {@code get} and {@code withPrefix} of a Configuration: {@code of(conf::get, conf::getPropsWithPrefix)}. */
  static SiteKeys of(Function<String, String> get, Function<String, Map<String, String>> withPrefix) {
    Objects.requireNonNull(get);
    Objects.requireNonNull(withPrefix);
    return new SiteKeys() {
      @Override
      public String get(String key) {
        return get.apply(key);
      }

      @Override
      public Map<String, String> withPrefix(String prefix) {
        return withPrefix.apply(prefix);
      }
    };
  }

  /** Over a map of key to value. */
  static SiteKeys of(Map<String, String> keys) {
    Map<String, String> copy = Map.copyOf(keys);
    return of(copy::get, prefix -> {
      Map<String, String> out = new TreeMap<>();
      copy.forEach((k, v) -> {
        if (k.startsWith(prefix)) {
          out.put(k.substring(prefix.length()), v);
        }
      });
      return out;
    });
  }
}
