package io.cake.bench.load;

import io.cake.bench.cluster.AllocationPoint;
import io.cake.bench.cluster.Target;
import io.cake.ycsb.CakeHBaseClient;
import io.cake.bench.ycsb.Workloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.client.Connection;
import site.ycsb.workloads.CoreWorkload;

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

  public Phase(Target target, Connection frontendConn, Connection batchConn) {
    this.target = target;
    this.frontendConn = frontendConn;
    this.batchConn = batchConn;
  }

  public Outcome run(Spec spec, Consumer<Live> progress) throws Exception {
    double shaped = spec.warmupSeconds() + spec.measureSeconds();
    double length = spec.settleSeconds() + shaped;
    Windows fe = spec.frontend() ? new Windows(spec.windowSeconds(), spec.measureSeconds()) : null;
    Windows ba = spec.batch() ? new Windows(spec.windowSeconds(), spec.measureSeconds()) : null;
    CakeHBaseClient.Stats feStats = new CakeHBaseClient.Stats();
    CakeHBaseClient.Stats baStats = new CakeHBaseClient.Stats();
    AtomicBoolean stop = new AtomicBoolean();
    List<Thread> threads = new ArrayList<>();
    List<Throwable> failures = new CopyOnWriteArrayList<>();
    long start = System.nanoTime() + 200_000_000L; // everyone ready before t = 0
    long measureStart = start + (long) ((spec.settleSeconds() + spec.warmupSeconds()) * 1e9);
    long end = start + (long) (length * 1e9);

    if (spec.frontend()) {
      CoreWorkload w = Workloads.frontend(spec.records());
      if (spec.closedLoopFrontend()) {
        for (int i = 0; i < spec.frontendThreads(); i++) {
          final int id = i;
          threads.add(
              worker("cake-bench-fe-" + i, failures, () -> closedLoop(
                  w, frontendConn, EmbeddedNames.FRONTEND, feStats, fe, measureStart, end, stop, spec,
                  id, spec.frontendThreads())));
        }
      } else {
        openLoop(w, EmbeddedNames.FRONTEND, spec.rate(), spec.shape(), spec.seed(), fe, feStats, spec, shaped, start,
            measureStart, stop, failures, threads, frontendConn);
      }
    }
    Map<String, Windows> others = new java.util.TreeMap<>();
    long seedOffset = 1;
    for (Map.Entry<String, Double> o : spec.otherFrontends().entrySet()) {
      Windows win = new Windows(spec.windowSeconds(), spec.measureSeconds());
      others.put(o.getKey(), win);
      openLoop(Workloads.frontend(spec.records()), o.getKey(), o.getValue(), RateShape.CONSTANT,
          spec.seed() + 7919 * seedOffset++, win, feStats, spec, shaped, start, measureStart, stop, failures, threads,
          frontendConn);
    }
    if (spec.batch()) {
      CoreWorkload w = Workloads.batch(spec.records());
      for (int i = 0; i < spec.batchThreads(); i++) {
        final int id = i;
        threads.add(
            worker("cake-bench-batch-" + i, failures, () -> closedLoop(
                w, batchConn, EmbeddedNames.BATCH, baStats, ba, measureStart, end, stop, spec, id,
                spec.batchThreads())));
      }
    }
    threads.forEach(Thread::start);

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
    long grace = System.nanoTime() + 90_000_000_000L;
    for (Thread t : threads) {
      long left = grace - System.nanoTime();
      if (left > 0) {
        t.join(Math.max(1, left / 1_000_000));
      }
      if (progress != null) {
        progress.accept(live(fe, ba, length, length));
      }
    }
    stop.set(true);
    for (Thread t : threads) {
      t.join(30_000);
    }
    if (!failures.isEmpty()) {
      throw new IllegalStateException("a load thread failed", failures.get(0));
    }
    String lastError = !feStats.lastError().isEmpty() ? feStats.lastError() : baStats.lastError();
    return new Outcome(
        spec,
        fe,
        ba,
        allocation,
        serverFe.getTotalCount() == 0 ? null : serverFe,
        firstServerStart == Long.MIN_VALUE ? Double.NaN : (firstServerStart - measureStart) / 1e9,
        lastServerEnd == Long.MIN_VALUE ? Double.NaN : (lastServerEnd - measureStart) / 1e9,
        feStats.errors.sum(),
        baStats.errors.sum(),
        lastError,
        (System.nanoTime() - start) / 1e9,
        others);
  }

  /**
   * One open-loop tenant: intended starts drawn up front (Poisson at {@code rate} with {@code
   * shape}), taken in order by the spec's front-end threads, latency from the intended start.
   */
  private static void openLoop(CoreWorkload w, String tenant, double rate, RateShape shape, long seed, Windows windows,
      CakeHBaseClient.Stats stats, Spec spec, double shaped, long start, long measureStart, AtomicBoolean stop,
      List<Throwable> failures, List<Thread> threads, Connection conn) {
    long[] arrivals = shape.arrivalsAfter(rate, spec.settleSeconds(), shaped, seed);
    AtomicInteger next = new AtomicInteger();
    int n = spec.frontendThreads();
    for (int i = 0; i < n; i++) {
      final int id = i;
      threads.add(
          worker("cake-bench-" + tenant + "-" + i, failures, () -> {
            CakeHBaseClient db = new CakeHBaseClient(conn, tenant, Workloads.FAMILY, stats);
            Properties p = new Properties();
            db.setProperties(p);
            db.init();
            Object state = w.initThread(p, id, n);
            while (!stop.get()) {
              int k = next.getAndIncrement();
              if (k >= arrivals.length) {
                break;
              }
              long intended = start + arrivals[k];
              long now;
              while ((now = System.nanoTime()) < intended) {
                LockSupport.parkNanos(intended - now);
              }
              w.doTransaction(db, state);
              long done = System.nanoTime();
              windows.record(intended - measureStart, done - intended, db.lastBytes(), db.lastStatus().isOk());
            }
            db.cleanup();
          }));
    }
  }

  private static Live live(Windows fe, Windows ba, double t, double length) {
    long feOps = 0;
    double p99 = Double.NaN;
    if (fe != null) {
      feOps = fe.totalOps();
      p99 = Windows.ms(fe.total(), 99.0);
    }
    return new Live(t, length, feOps, p99, ba == null ? 0 : ba.totalOps());
  }

  /** A closed loop: issue, wait for the answer, issue again, until the end of the phase. */
  private static void closedLoop(
      CoreWorkload w,
      Connection conn,
      String tenant,
      CakeHBaseClient.Stats stats,
      Windows windows,
      long measureStart,
      long end,
      AtomicBoolean stop,
      Spec spec,
      int id,
      int n)
      throws Exception {
    CakeHBaseClient db = new CakeHBaseClient(conn, tenant, Workloads.FAMILY, stats);
    Properties p = new Properties();
    if (tenant.equals(EmbeddedNames.BATCH)) {
      p.setProperty(CakeHBaseClient.SCAN_CACHING_PROPERTY, Integer.toString(BATCH_SCAN_CACHING));
    }
    db.setProperties(p);
    db.init();
    Object state = w.initThread(p, id, n);
    while (!stop.get() && System.nanoTime() < end) {
      long s = System.nanoTime();
      w.doTransaction(db, state);
      long done = System.nanoTime();
      boolean ok = db.lastStatus().isOk();
      if (done <= end) {
        windows.record(done - measureStart, done - s, db.lastBytes(), ok);
      }
      if (!ok) {
        LockSupport.parkNanos(100_000_000L); // back off after an error (throttled, overloaded)
      }
    }
    db.cleanup();
  }

  /**
   * Rows per scan RPC of the batch tenant: a 500-row scan is five RPCs of about 800 KB, so
   * schedulers that work per RPC (HBase's queues, its deadline ordering, Cake) can interleave.
   */
  public static final int BATCH_SCAN_CACHING = 100;

  private interface Body {
    void run() throws Exception;
  }

  private static Thread worker(String name, List<Throwable> failures, Body body) {
    Thread t =
        new Thread(
            () -> {
              try {
                body.run();
              } catch (Throwable e) {
                failures.add(e);
              }
            },
            name);
    t.setDaemon(true);
    return t;
  }

  /** Tenant names (the same as the embedded cluster's). */
  public static final class EmbeddedNames {
    public static final String FRONTEND = "frontend";
    public static final String BATCH = "batch";

    private EmbeddedNames() {}
  }
}
