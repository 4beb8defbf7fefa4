package io.cake.core.level;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Function;

/**
 * The live first-level schedulers of this JVM, by name, so an in-JVM controller (or a test) finds
 * its RegionServer's or DataNode's. A production server has one of each kind it runs; a
 * mini-cluster has several. A level joins when created and leaves when its {@link SchedulerHost}
 * closes.
 */
public final class FirstLevels {
  private static final Map<String, FirstLevel> LIVE = new ConcurrentSkipListMap<>();

  private FirstLevels() {}

  /**
   * Creates and registers a level named {@code base}, or {@code base-2}, {@code base-3}... if that
   * name is taken (a server restarted in the same JVM before the old one stopped).
   */
  public static synchronized <T extends FirstLevel> T create(String base, Function<String, T> factory) {
    String name = base;
    for (int i = 2; LIVE.containsKey(name); i++) {
      name = base + "-" + i;
    }
    T level = factory.apply(name);
    if (!level.name().equals(name)) {
      throw new IllegalStateException("level created as " + name + " calls itself " + level.name());
    }
    LIVE.put(name, level);
    return level;
  }

  /** Every live level of {@code type}, in name order. */
  public static <T extends FirstLevel> List<T> all(Class<T> type) {
    return LIVE.values().stream().filter(type::isInstance).map(type::cast).toList();
  }

  public static <T extends FirstLevel> Optional<T> get(Class<T> type, String name) {
    return Optional.ofNullable(LIVE.get(name)).filter(type::isInstance).map(type::cast);
  }

  static synchronized void remove(FirstLevel level) {
    LIVE.remove(level.name(), level);
  }
}
