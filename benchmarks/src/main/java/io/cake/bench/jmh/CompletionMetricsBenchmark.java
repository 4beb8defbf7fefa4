package io.cake.bench.jmh;

import io.cake.core.metrics.ArrivalPeaks;
import io.cake.core.metrics.BusiestSecond;
import io.cake.core.metrics.TenantMetrics;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a completed call costs the first level's metrics, and how much of that is the busiest-second
 * meter (priority lanes are sized from it): {@link TenantMetrics#completed} whole (counters,
 * three latency recorders, the meter) against {@link BusiestSecond#completed} alone, on one tenant
 * shared by one thread and by two (every handler completing for the same front end: the meter's
 * lock is the only one on this path). Beside them, what the {@link ArrivalPeaks} meter (lane
 * buckets are fitted from it) adds to an accepted call, one thread: the scheduler calls it under
 * its own lock, so its contended cost is the lock's ({@code ContendedDispatchBenchmark}).
 *
 * <p>Run: {@code ./cake-bench jmh CompletionMetricsBenchmark}. Read the ratio of the meter to the
 * whole within one run; on 2 cores the two-thread figures share the machine with JMH itself.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CompletionMetricsBenchmark {
  @State(Scope.Benchmark)
  public static class Tenant {
    final TenantMetrics metrics = new TenantMetrics("frontend");
    final BusiestSecond meter = new BusiestSecond();
    final ArrivalPeaks arrivalMeter = new ArrivalPeaks();
  }

  /** The clock as the scheduler passes it: nanoTime, crossing a second every billion. */
  private static long now() {
    return System.nanoTime();
  }

  @Benchmark
  @Threads(1)
  public void meterAlone(Tenant t) {
    t.meter.completed(now(), 2_000_000L);
  }

  @Benchmark
  @Threads(2)
  public void meterAloneTwoThreads(Tenant t) {
    t.meter.completed(now(), 2_000_000L);
  }

  @Benchmark
  @Threads(1)
  public void completedWhole(Tenant t) {
    t.metrics.completed(now(), 2_000_000L, 3_000_000L, 1);
  }

  @Benchmark
  @Threads(2)
  public void completedWholeTwoThreads(Tenant t) {
    t.metrics.completed(now(), 2_000_000L, 3_000_000L, 1);
  }

  @Benchmark
  @Threads(1)
  public void arrivalMeterAlone(Tenant t) {
    t.arrivalMeter.arrived(now());
  }

  @Benchmark
  @Threads(1)
  public long clockAlone() {
    return now();
  }
}
