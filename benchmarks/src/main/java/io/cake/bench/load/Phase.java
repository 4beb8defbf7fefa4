package io.cake.bench.load;

import io.cake.bench.cluster.AllocationPoint;
import io.cake.bench.cluster.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.client.Connection;

/**
 * One measured run: the front end (open loop at a target rate, latency from the intended start)
 * and/or the batch tenant (closed loop, unthrottled), for a warm-up then a measured period. An
 * optional settle period before both runs the front end at the constant base rate (unrecorded),
 * so a controller can find its allocation before a shaped load starts.
 *
 * <p>Open loop (PriorityMeister section 5.1): intended start times are drawn before the run from a
 * Poisson process with the chosen shape; a pool of worker threads takes them in order, waits for
 * each, issues the read and records {@code completion - intended start}. When the workers are all
 * busy a request starts late but its latency still counts from when it should have started, so a
 * slow server cannot hide its queueing (no coordinated omission).
 *
 * <p>The tenants play in this JVM ({@link Load}) or in the bench's client processes ({@link
 * LoadClients}), which run the same {@link Load} and send each operation back.
 */
public final class Phase {
  /** What to run. */
  public record Spec(
      String name,
      boolean frontend,
      boolean batch,
      double settleSeconds,
      double warmupSeconds,
      double measureSeconds,
      double windowSeconds,
      RateShape shape,
      double rate,
      int frontendThreads,
      int batchThreads,
      long records,
      long seed,
      boolean closedLoopFrontend,
      Map<String, Double> otherFrontends) {

    /**
     * @param otherFrontends more open-loop front-end tenants beside {@link EmbeddedNames#FRONTEND},
     *     each at its own constant rate (requests per second; the shape is the first front end's
     *     alone) with the same thread count, measured apart ({@link Outcome#otherFrontends}); empty: none
     */
    public Spec {
      otherFrontends = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(otherFrontends));
    }

    /** The one front end of the consolidated run. */
    public Spec(String name, boolean frontend, boolean batch, double settleSeconds, double warmupSeconds,
        double measureSeconds, double windowSeconds, RateShape shape, double rate, int frontendThreads,
        int batchThreads, long records, long seed, boolean closedLoopFrontend) {
      this(name, frontend, batch, settleSeconds, warmupSeconds, measureSeconds, windowSeconds, shape, rate,
          frontendThreads, batchThreads, records, seed, closedLoopFrontend, Map.of());
    }

    /** The front ends' part of this run (no batch), for the process that plays them. */
    public Spec frontendsOnly() {
      return new Spec(name, frontend, false, settleSeconds, warmupSeconds, measureSeconds, windowSeconds, shape, rate,
          frontendThreads, batchThreads, records, seed, closedLoopFrontend, otherFrontends);
    }

    /** Batch's part of this run (no front end), for the process that plays it. */
    public Spec batchOnly() {
      return new Spec(name, false, batch, settleSeconds, warmupSeconds, measureSeconds, windowSeconds, shape, rate,
          frontendThreads, batchThreads, records, seed, closedLoopFrontend, Map.of());
    }

    /** Whether any tenant runs. */
    public boolean hasLoad() {
      return frontend || batch || !otherFrontends.isEmpty();
    }
  }

  /** What a run measured. */
  public record Outcome(
      Spec spec,
      Windows frontend,
      Windows batch,
      List<AllocationPoint> allocation,
      org.HdrHistogram.Histogram serverFrontend,
      double serverFromSeconds,
      double serverToSeconds,
      long frontendErrors,
      long batchErrors,
      String lastError,
      double elapsedSeconds,
      Map<String, Windows> otherFrontends) {

    public Outcome(Spec spec, Windows frontend, Windows batch, List<AllocationPoint> allocation,
        org.HdrHistogram.Histogram serverFrontend, double serverFromSeconds, double serverToSeconds,
        long frontendErrors, long batchErrors, String lastError, double elapsedSeconds) {
      this(spec, frontend, batch, allocation, serverFrontend, serverFromSeconds, serverToSeconds, frontendErrors,
          batchErrors, lastError, elapsedSeconds, Map.of());
    }
  }

  /** Live numbers for the progress line. */
  public record Live(double t, double length, long feOps, double feP99Ms, long batchOps) {}

  private final Target target;
  private final Connection frontendConn;
  private final Connection batchConn;
  private final LoadClients clients;

  /** Plays the tenants in this JVM, on these connections. */
  public Phase(Target target, Connection frontendConn, Connection batchConn) {
    this(target, frontendConn, batchConn, null);
  }

  /** Has the client processes play the tenants: the front ends in one, batch in the other. */
  public Phase(Target target, LoadClients clients) {
    this(target, null, null, java.util.Objects.requireNonNull(clients));
  }

  private Phase(Target target, Connection frontendConn, Connection batchConn, LoadClients clients) {
    this.target = target;
    this.frontendConn = frontendConn;
    this.batchConn = batchConn;
    this.clients = clients;
  }

  public Outcome run(Spec spec, Consumer<Live> progress) throws Exception {
    double length = spec.settleSeconds() + spec.warmupSeconds() + spec.measureSeconds();
    Windows fe = spec.frontend() ? new Windows(spec.windowSeconds(), spec.measureSeconds()) : null;
    Windows ba = spec.batch() ? new Windows(spec.windowSeconds(), spec.measureSeconds()) : null;
    Map<String, Windows> others = new java.util.TreeMap<>();
    for (String o : spec.otherFrontends().keySet()) {
      others.put(o, new Windows(spec.windowSeconds(), spec.measureSeconds()));
    }
    Map<String, Sink> sinks = new java.util.HashMap<>(others);
    if (fe != null) {
      sinks.put(EmbeddedNames.FRONTEND, fe);
    }
    if (ba != null) {
      sinks.put(EmbeddedNames.BATCH, ba);
    }
    // Everyone ready before t = 0: a client process needs a moment to read its orders.
    long start = System.nanoTime() + (clients == null ? 200_000_000L : 1_000_000_000L);
    Load.Clock clock = Load.Clock.of(spec, start);
    long measureStart = clock.measureStart();
    long end = clock.end();
    Load local = null;
    if (clients == null) {
      local = new Load(spec, clock, sinks::get, frontendConn, batchConn);
      local.start();
    } else {
      clients.begin(spec, clock, sinks);
    }

    List<AllocationPoint> allocation = new ArrayList<>();
    org.HdrHistogram.Histogram serverFe = new org.HdrHistogram.Histogram(2);
    serverFe.setAutoResize(true);
    long lastServerEnd = Long.MIN_VALUE;
    long firstServerStart = Long.MIN_VALUE;
    long lastSample = 0;
    while (System.nanoTime() < end) {
      long now = System.nanoTime();
      double t = (now - measureStart) / 1e9;
      if (t >= 0 && now - lastSample >= 1_000_000_000L) {
        lastSample = now;
        target.allocation(t).ifPresent(allocation::add);
        // Server-side front-end latency: every Cake metrics interval that ended in the measured period.
        var snap = target.hbaseSnapshot().orElse(null);
        if (snap != null && snap.endNanos() != lastServerEnd && snap.startNanos() >= measureStart) {
          lastServerEnd = snap.endNanos();
          if (firstServerStart == Long.MIN_VALUE) {
            firstServerStart = snap.startNanos();
          }
          snap.tenant(EmbeddedNames.FRONTEND).ifPresent(ts -> serverFe.add(ts.latencyNanos()));
        }
      }
      if (progress != null) {
        progress.accept(live(fe, ba, (now - start) / 1e9, length));
      }
      LockSupport.parkNanos(Math.min(250_000_000L, Math.max(1, end - now)));
    }
    // Let in-flight requests finish (their latency counts); new ones are not started.
    long grace = System.nanoTime() + GRACE_NANOS;
    Runnable tick = () -> {
      if (progress != null) {
        progress.accept(live(fe, ba, length, length));
      }
    };
    Load.Done done;
    if (local != null) {
      local.finish(grace, tick);
      if (!local.failures.isEmpty()) {
        throw new IllegalStateException("a load thread failed", local.failures.get(0));
      }
      done = local.done();
    } else {
      done = clients.await(grace + 60_000_000_000L);
      tick.run();
    }
    return new Outcome(
        spec,
        fe,
        ba,
        allocation,
        serverFe.getTotalCount() == 0 ? null : serverFe,
        firstServerStart == Long.MIN_VALUE ? Double.NaN : (firstServerStart - measureStart) / 1e9,
        lastServerEnd == Long.MIN_VALUE ? Double.NaN : (lastServerEnd - measureStart) / 1e9,
        done.frontendErrors(),
        done.batchErrors(),
        done.lastError(),
        (System.nanoTime() - start) / 1e9,
        others);
  }

  /** How long in-flight operations may take to finish after a phase's end. */
  static final long GRACE_NANOS = 90_000_000_000L;

  private static Live live(Windows fe, Windows ba, double t, double length) {
    long feOps = 0;
    double p99 = Double.NaN;
    if (fe != null) {
      feOps = fe.totalOps();
      p99 = Windows.ms(fe.total(), 99.0);
    }
    return new Live(t, length, feOps, p99, ba == null ? 0 : ba.totalOps());
  }

  /**
   * Rows per scan RPC of the batch tenant: a 500-row scan is five RPCs of about 800 KB, so
   * schedulers that work per RPC (HBase's queues, its deadline ordering, Cake) can interleave.
   */
  public static final int BATCH_SCAN_CACHING = 100;

  /** Tenant names (the same as the embedded cluster's). */
  public static final class EmbeddedNames {
    public static final String FRONTEND = "frontend";
    public static final String BATCH = "batch";

    private EmbeddedNames() {}
  }
}
