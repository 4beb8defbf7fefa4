package io.cake.hbase.rpc;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The live Cake schedulers of this JVM (one per RegionServer; the master uses a plain
 * SimpleRpcScheduler and is not listed). For the second-level controller running in the same JVM.
 */
public final class CakeRpcSchedulers {
  private static final List<CakeRpcScheduler> LIVE = new CopyOnWriteArrayList<>();

  private CakeRpcSchedulers() {}

  public static List<CakeRpcScheduler> all() {
    return List.copyOf(LIVE);
  }

  /** The scheduler of the RegionServer listening on {@code port}. */
  public static Optional<CakeRpcScheduler> byPort(int port) {
    return LIVE.stream().filter(s -> s.port() == port).findFirst();
  }

  static void register(CakeRpcScheduler s) {
    LIVE.add(s);
  }

  static void unregister(CakeRpcScheduler s) {
    LIVE.remove(s);
  }
}
