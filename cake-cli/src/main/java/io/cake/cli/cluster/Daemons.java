package io.cake.cli.cluster;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Threads for per-server work that never keep the tool's JVM alive after its command. */
public final class Daemons {
  public static final ExecutorService POOL = Executors.newCachedThreadPool(r -> {
    Thread t = new Thread(r, "cake-cli");
    t.setDaemon(true);
    return t;
  });

  private Daemons() {}
}
