package io.cake.bench.jmh;

import io.cake.core.sched.FairQueueScheduler;
import io.cake.core.sched.Ticket;
import io.cake.core.time.Clock;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One pick plus one offer on a scheduler whose tenants are all backlogged with costs 1 to 7 (the
 * steady state under load), with 2, 10 and 1,000 tenants. Goal: under 1 microsecond per offer+pick at 1,000 tenants.
 * With {@code lanes=3}, three of the tenants have a priority lane 2 slots wide (ranks 1 to 3); the
 * benchmark never completes a ticket, so after their first picks the lanes are full and every pick
 * walks them before the tag heap: the cost of lanes on the hot path when they do not decide. With
 * {@code buckets=true} as well, the lanes are as wide as the scheduler and carry a token bucket of
 * one call a second instead: after its first pick each lane's bucket is empty, and every pick walks
 * the lanes and checks their buckets (the generic cell rate algorithm) before the tag heap.
 *
 * <p>Run: {@code java -jar benchmarks/target/benchmarks.jar SchedulerBenchmark}
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
@State(Scope.Thread)
public class SchedulerBenchmark {
  @Param({"2", "10", "1000"})
  int tenants;

  @Param({"0", "3"})
  int lanes;

  /** With lanes: bounded by a token bucket (1 call/s, burst 1) instead of by their width. */
  @Param({"false"})
  boolean buckets;

  private FairQueueScheduler<Object> scheduler;
  private String[] names;
  private int next;
  private final Object item = new Object();

  @Setup(Level.Trial)
  public void setUp() {
    scheduler = new FairQueueScheduler<>("bench", Clock.system(), 8, 1_000, 1_000_000);
    names = new String[tenants];
    for (int i = 0; i < tenants; i++) {
      names[i] = "tenant-" + i;
      // Keep every tenant backlogged so the pick chooses among all of them.
      for (int k = 0; k < 4; k++) {
        scheduler.offer(names[i], item, 1 + (i % 7));
      }
    }
    java.util.Map<String, io.cake.core.sched.Lane> laned = new java.util.TreeMap<>();
    for (int i = 0; i < Math.min(lanes, tenants); i++) {
      laned.put(names[i], buckets
          ? new io.cake.core.sched.Lane(i + 1, 8, io.cake.core.contract.Contract.of(1, 1))
          : new io.cake.core.sched.Lane(i + 1, 2));
    }
    scheduler.setAllocation(scheduler.allocation().withLanes(laned));
  }

  @Benchmark
  public Ticket<Object> offerAndPick() {
    // Offer to the tenant the last pick served, so every tenant stays backlogged at a steady
    // length whatever its cost: the steady state of a loaded server.
    Ticket<Object> t = scheduler.poll(next & 7);
    next++;
    scheduler.offer(t.tenant(), item, t.cost());
    return t;
  }
}
