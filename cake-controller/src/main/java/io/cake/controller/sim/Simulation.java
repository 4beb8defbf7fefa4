package io.cake.controller.sim;

import io.cake.controller.loop.ResourceLoad;
import io.cake.controller.policy.AllocationMapper;
import io.cake.controller.policy.ControlState;
import io.cake.controller.policy.Decision;
import io.cake.controller.policy.LatencyAllocation;
import io.cake.controller.policy.Observation;
import io.cake.controller.policy.SloDecider;
import io.cake.core.metrics.LatencySummary;
import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.sched.Allocation;
import io.cake.core.sched.FairQueueScheduler;
import io.cake.core.sched.Ticket;
import io.cake.core.tenant.LatencyGoal;
import io.cake.core.time.ManualClock;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleUnaryOperator;
import org.HdrHistogram.Histogram;

/**
 * A small discrete-event model of one RegionServer over one DataNode, driven through the same
 * first-level scheduler classes and the same decision function as the real system. No threads,
 * no wall clock: a {@link ManualClock} moves from event to event, and a seeded random source makes
 * every run repeatable.
 *
 * <p>HBase: a pool of handlers; a request holds its handler for its CPU time and for all of its
 * HDFS chunk reads (as a real handler blocks on its DFS reads). HDFS: a number of disk slots,
 * each chunk read holds one for an exponentially distributed time. Front end: open-loop Poisson
 * gets of one chunk. Batch: closed-loop threads issuing scans of many chunks, read one after
 * another.
 */
public final class Simulation {
  public static final String FRONT = "front";
  public static final String BATCH = "batch";
  static final int CHUNK = 64 * 1024;

  /** The model's parameters. Rates are per second, times in milliseconds. */
  public record Model(
      int hbaseHandlers,
      int hdfsSlots,
      double getCpuMs,
      double scanCpuMs,
      double chunkMs,
      int batchThreads,
      int chunksPerScan,
      DoubleUnaryOperator frontRate) {}

  /** What happened in one controller interval. */
  public record Interval(
      int index,
      double frontP99Ms,
      long frontOps,
      long batchChunks,
      LatencyAllocation allocation,
      Decision decision) {}

  private final Model model;
  private final LatencyGoal goal;
  private final SloDecider decider;
  private final boolean control;
  private final SplittableRandom random;
  private final ManualClock clock = new ManualClock();
  private final FairQueueScheduler<Request> hbase;
  private final FairQueueScheduler<Request> hdfs;
  private final BitSet freeHandlers = new BitSet();
  private final BitSet freeDisks = new BitSet();
  private final PriorityQueue<Event> events = new PriorityQueue<>();
  private final Histogram frontLatency = new Histogram(TimeUnit.MINUTES.toNanos(10), 3);
  private long seq;
  private long batchChunks;
  private ControlState state;

  private final class Request {
    final String tenant;
    final long arrival;
    int chunksLeft;
    Ticket<Request> handlerTicket;

    Request(String tenant, long arrival, int chunks) {
      this.tenant = tenant;
      this.arrival = arrival;
      this.chunksLeft = chunks;
    }
  }

  private record Event(long at, long seq, Runnable action) implements Comparable<Event> {
    @Override
    public int compareTo(Event o) {
      int c = Long.compare(at, o.at);
      return c != 0 ? c : Long.compare(seq, o.seq);
    }
  }

  /**
   * @param control false runs the first level alone with the starting allocation (a baseline)
   */
  public Simulation(
      Model model, LatencyGoal goal, SloDecider decider, LatencyAllocation start, boolean control, long seed) {
    this.model = model;
    this.goal = goal;
    this.decider = decider;
    this.control = control;
    this.random = new SplittableRandom(seed);
    this.state = ControlState.of(start);
    this.hbase = new FairQueueScheduler<>("sim-hbase", clock, model.hbaseHandlers(), 1_000_000, 1_000_000);
    this.hdfs = new FairQueueScheduler<>("sim-hdfs", clock, model.hdfsSlots(), 1_000_000, 1_000_000);
    freeHandlers.set(0, model.hbaseHandlers());
    freeDisks.set(0, model.hdfsSlots());
    apply(start);
  }

  /** Runs {@code intervals} controller intervals and returns what each one measured. */
  public List<Interval> run(int intervals) {
    long intervalNanos = decider.params().interval().toNanos();
    scheduleFrontArrival();
    for (int i = 0; i < model.batchThreads(); i++) {
      startScan();
    }
    hbase.rollMetrics();
    hdfs.rollMetrics();
    List<Interval> out = new ArrayList<>();
    long batchBefore = 0;
    for (int i = 0; i < intervals; i++) {
      long end = (i + 1) * intervalNanos;
      while (!events.isEmpty() && events.peek().at <= end) {
        Event e = events.poll();
        clock.advanceNanos(e.at - clock.nanoTime());
        e.action.run();
      }
      clock.advanceNanos(end - clock.nanoTime());
      SchedulerSnapshot hb = hbase.rollMetrics();
      SchedulerSnapshot df = hdfs.rollMetrics();
      Observation obs = Observation.of(FRONT, goal, decider.params().confidence(), hb, ResourceLoad.of(df));
      Decision d =
          decider.decide(
              obs,
              state,
              goal,
              AllocationMapper.otherReserved(FRONT, hdfs.allocation()),
              AllocationMapper.otherReserved(FRONT, hbase.allocation()));
      double p99 = LatencySummary.percentileMs(frontLatency, goal.percentile());
      out.add(new Interval(i, p99, frontLatency.getTotalCount(), batchChunks - batchBefore, state.allocation(), d));
      frontLatency.reset();
      batchBefore = batchChunks;
      if (control) {
        state = d.state();
        apply(state.allocation());
      }
    }
    return out;
  }

  private void apply(LatencyAllocation a) {
    Allocation base = new Allocation(java.util.Map.of(BATCH, 1.0), java.util.Map.of(), 1.0);
    hdfs.setAllocation(AllocationMapper.hdfs(FRONT, a, base));
    hbase.setAllocation(AllocationMapper.hbase(FRONT, a, base));
  }

  private void at(long delayNanos, Runnable action) {
    events.add(new Event(clock.nanoTime() + Math.max(0, delayNanos), seq++, action));
  }

  private long exp(double meanMs) {
    return (long) (-Math.log(1.0 - random.nextDouble()) * meanMs * 1_000_000);
  }

  private static long ms(double ms) {
    return (long) (ms * 1_000_000);
  }

  private void scheduleFrontArrival() {
    double rate = model.frontRate().applyAsDouble(clock.nanoTime() / 1e9);
    long gap = rate <= 0 ? TimeUnit.SECONDS.toNanos(1) : exp(1000.0 / rate);
    at(
        gap,
        () -> {
          if (model.frontRate().applyAsDouble(clock.nanoTime() / 1e9) > 0) {
            submit(new Request(FRONT, clock.nanoTime(), 1));
          }
          scheduleFrontArrival();
        });
  }

  private void startScan() {
    submit(new Request(BATCH, clock.nanoTime(), model.chunksPerScan()));
  }

  private void submit(Request r) {
    hbase.offer(r.tenant, r, 1);
    dispatchHandlers();
  }

  private void dispatchHandlers() {
    for (int s = freeHandlers.nextSetBit(0); s >= 0; s = freeHandlers.nextSetBit(s + 1)) {
      Ticket<Request> t = hbase.poll(s);
      if (t != null) {
        freeHandlers.clear(s);
        Request r = t.item();
        r.handlerTicket = t;
        at(ms(r.tenant.equals(FRONT) ? model.getCpuMs() : model.scanCpuMs()), () -> readChunk(r));
      }
    }
  }

  private void readChunk(Request r) {
    hdfs.offer(r.tenant, r, CHUNK);
    dispatchDisks();
  }

  private void dispatchDisks() {
    for (int s = freeDisks.nextSetBit(0); s >= 0; s = freeDisks.nextSetBit(s + 1)) {
      Ticket<Request> t = hdfs.poll(s);
      if (t != null) {
        freeDisks.clear(s);
        int slot = s;
        at(exp(model.chunkMs()), () -> chunkDone(slot, t));
      }
    }
  }

  private void chunkDone(int slot, Ticket<Request> t) {
    hdfs.complete(t);
    freeDisks.set(slot);
    Request r = t.item();
    if (r.tenant.equals(BATCH)) {
      batchChunks++;
    }
    if (--r.chunksLeft > 0) {
      readChunk(r);
    } else {
      hbase.complete(r.handlerTicket);
      freeHandlers.set(r.handlerTicket.slot());
      if (r.tenant.equals(FRONT)) {
        frontLatency.recordValue(Math.min(clock.nanoTime() - r.arrival, frontLatency.getHighestTrackableValue()));
      } else {
        startScan();
      }
      dispatchHandlers();
    }
    dispatchDisks();
  }
}
