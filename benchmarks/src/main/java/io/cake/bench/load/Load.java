package io.cake.bench.load;

import io.cake.bench.load.Phase.EmbeddedNames;
import io.cake.bench.load.Phase.Spec;
import io.cake.bench.ycsb.Workloads;
import io.cake.ycsb.CakeHBaseClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Function;
import org.apache.hadoop.hbase.client.Connection;
import site.ycsb.workloads.CoreWorkload;

/**
 * The load of one phase: the threads that play its tenants, in whichever JVM runs them (the bench's
 * own, or a {@link LoadClient} process). Times are {@link System#nanoTime()} values, which on Linux
 * are the machine's monotonic clock and so mean the same instant in every JVM on it.
 */
final class Load {
  /** When the phase starts, when its measured period starts, and when no new operation starts. */
  record Clock(long start, long measureStart, long end) {
    static Clock of(Spec spec, long start) {
      double length = spec.settleSeconds() + spec.warmupSeconds() + spec.measureSeconds();
      return new Clock(start, start + (long) ((spec.settleSeconds() + spec.warmupSeconds()) * 1e9),
          start + (long) (length * 1e9));
    }
  }

  /**
   * What a run's load counted besides its sinks: one {@link Load}'s, a client process's (sent back
   * on the pipe), or the two processes' summed ({@link #plus}). {@code failure} is null unless a
   * load thread failed.
   */
  record Done(long frontendErrors, long batchErrors, String lastError, String failure) {
    static final Done NOTHING = new Done(0, 0, "", null);

    /** Both counts summed; this one's error first, as the front ends' come before batch's. */
    Done plus(Done other) {
      return new Done(frontendErrors + other.frontendErrors, batchErrors + other.batchErrors,
          !lastError.isEmpty() ? lastError : other.lastError, failure != null ? failure : other.failure);
    }
  }

  /** What the threads counted besides their sinks. */
  final CakeHBaseClient.Stats frontendStats = new CakeHBaseClient.Stats();
  final CakeHBaseClient.Stats batchStats = new CakeHBaseClient.Stats();
  final List<Throwable> failures = new CopyOnWriteArrayList<>();

  private final List<Thread> threads = new ArrayList<>();
  private final AtomicBoolean stop = new AtomicBoolean();

  /**
   * @param sinks where a tenant's operations go, by tenant name ({@link EmbeddedNames#FRONTEND},
   *     the spec's other front ends, {@link EmbeddedNames#BATCH}); asked once per tenant the spec has
   */
  Load(Spec spec, Clock clock, Function<String, ? extends Sink> sinks, Connection frontendConn, Connection batchConn)
      throws site.ycsb.WorkloadException {
    double shaped = spec.warmupSeconds() + spec.measureSeconds();
    if (spec.frontend()) {
      Sink fe = sinks.apply(EmbeddedNames.FRONTEND);
      if (spec.closedLoopFrontend()) {
        CoreWorkload w = Workloads.frontend(spec.records());
        for (int i = 0; i < spec.frontendThreads(); i++) {
          final int id = i;
          threads.add(worker("cake-bench-fe-" + i, () -> closedLoop(
              w, frontendConn, EmbeddedNames.FRONTEND, frontendStats, fe, clock, id, spec.frontendThreads())));
        }
      } else {
        openLoop(Workloads.frontend(spec.records()), EmbeddedNames.FRONTEND, spec.rate(), spec.shape(), spec.seed(),
            fe, spec, shaped, clock, frontendConn);
      }
    }
    long seedOffset = 1;
    for (Map.Entry<String, Double> o : spec.otherFrontends().entrySet()) {
      openLoop(Workloads.frontend(spec.records()), o.getKey(), o.getValue(), RateShape.CONSTANT,
          spec.seed() + 7919 * seedOffset++, sinks.apply(o.getKey()), spec, shaped, clock, frontendConn);
    }
    if (spec.batch()) {
      CoreWorkload w = Workloads.batch(spec.records());
      Sink ba = sinks.apply(EmbeddedNames.BATCH);
      for (int i = 0; i < spec.batchThreads(); i++) {
        final int id = i;
        threads.add(worker("cake-bench-batch-" + i, () -> closedLoop(
            w, batchConn, EmbeddedNames.BATCH, batchStats, ba, clock, id, spec.batchThreads())));
      }
    }
  }

  void start() {
    threads.forEach(Thread::start);
  }

  /**
   * Lets in-flight operations finish (their latency counts; no new one starts after the clock's end)
   * until {@code graceDeadline}, then stops whatever still runs.
   *
   * @param afterEach called after each thread's wait (the progress line)
   */
  void finish(long graceDeadline, Runnable afterEach) throws InterruptedException {
    for (Thread t : threads) {
      long left = graceDeadline - System.nanoTime();
      if (left > 0) {
        t.join(Math.max(1, left / 1_000_000));
      }
      afterEach.run();
    }
    stop.set(true);
    for (Thread t : threads) {
      t.join(30_000);
    }
  }

  /** What the threads counted, once {@link #finish} has returned. */
  Done done() {
    String lastError = !frontendStats.lastError().isEmpty() ? frontendStats.lastError() : batchStats.lastError();
    return new Done(frontendStats.errors.sum(), batchStats.errors.sum(), lastError,
        failures.isEmpty() ? null : failures.get(0).toString());
  }

  /**
   * One open-loop tenant: intended starts drawn up front (Poisson at {@code rate} with {@code
   * shape}), taken in order by the spec's front-end threads, latency from the intended start.
   */
  private void openLoop(CoreWorkload w, String tenant, double rate, RateShape shape, long seed, Sink sink, Spec spec,
      double shaped, Clock clock, Connection conn) {
    long[] arrivals = shape.arrivalsAfter(rate, spec.settleSeconds(), shaped, seed);
    AtomicInteger next = new AtomicInteger();
    int n = spec.frontendThreads();
    for (int i = 0; i < n; i++) {
      final int id = i;
      threads.add(
          worker("cake-bench-" + tenant + "-" + i, () -> {
            CakeHBaseClient db = new CakeHBaseClient(conn, tenant, Workloads.FAMILY, frontendStats);
            Properties p = new Properties();
            db.setProperties(p);
            db.init();
            Object state = w.initThread(p, id, n);
            while (!stop.get()) {
              int k = next.getAndIncrement();
              if (k >= arrivals.length) {
                break;
              }
              long intended = clock.start() + arrivals[k];
              long now;
              while ((now = System.nanoTime()) < intended) {
                LockSupport.parkNanos(intended - now);
              }
              w.doTransaction(db, state);
              long done = System.nanoTime();
              sink.record(intended - clock.measureStart(), done - intended, db.lastBytes(), db.lastStatus().isOk());
            }
            db.cleanup();
          }));
    }
  }

  /** A closed loop: issue, wait for the answer, issue again, until the end of the phase. */
  private void closedLoop(CoreWorkload w, Connection conn, String tenant, CakeHBaseClient.Stats stats, Sink sink,
      Clock clock, int id, int n) throws Exception {
    CakeHBaseClient db = new CakeHBaseClient(conn, tenant, Workloads.FAMILY, stats);
    Properties p = new Properties();
    if (tenant.equals(EmbeddedNames.BATCH)) {
      p.setProperty(CakeHBaseClient.SCAN_CACHING_PROPERTY, Integer.toString(Phase.BATCH_SCAN_CACHING));
    }
    db.setProperties(p);
    db.init();
    Object state = w.initThread(p, id, n);
    while (!stop.get() && System.nanoTime() < clock.end()) {
      long s = System.nanoTime();
      w.doTransaction(db, state);
      long done = System.nanoTime();
      boolean ok = db.lastStatus().isOk();
      if (done <= clock.end()) {
        sink.record(done - clock.measureStart(), done - s, db.lastBytes(), ok);
      }
      if (!ok) {
        LockSupport.parkNanos(100_000_000L); // back off after an error (throttled, overloaded)
      }
    }
    db.cleanup();
  }

  private interface Body {
    void run() throws Exception;
  }

  private Thread worker(String name, Body body) {
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
}
