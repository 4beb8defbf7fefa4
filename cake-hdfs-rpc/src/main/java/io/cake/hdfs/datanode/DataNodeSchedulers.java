package io.cake.hdfs.datanode;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Function;

/**
 * The live DataNode schedulers of this JVM, by name, so an in-JVM controller (or a test) can find
 * them. A DataNode's scheduler joins when its dataset is built and leaves when the dataset shuts
 * down. A mini-cluster has several; a production DataNode JVM has one.
 */
public final class DataNodeSchedulers {
  private static final Map<String, DataNodeReadScheduler> LIVE = new ConcurrentSkipListMap<>();

  private DataNodeSchedulers() {}

  /** Every live scheduler, in name order. */
  public static List<DataNodeReadScheduler> all() {
    return new ArrayList<>(LIVE.values());
  }

  public static Optional<DataNodeReadScheduler> get(String name) {
    return Optional.ofNullable(LIVE.get(name));
  }

  /**
   * Creates and registers a scheduler named {@code base}, or {@code base-2}, {@code base-3}... if
   * that name is taken (a DataNode restarted in the same JVM before the old one shut down).
   */
  static synchronized DataNodeReadScheduler create(
      String base, Function<String, DataNodeReadScheduler> factory) {
    String name = base;
    for (int i = 2; LIVE.containsKey(name); i++) {
      name = base + "-" + i;
    }
    DataNodeReadScheduler s = factory.apply(name);
    LIVE.put(name, s);
    return s;
  }

  static synchronized void unregister(DataNodeReadScheduler s) {
    LIVE.remove(s.name(), s);
  }
}
