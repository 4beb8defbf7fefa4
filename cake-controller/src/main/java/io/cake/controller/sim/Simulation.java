package io.cake.controller.sim;

import io.cake.controller.config.SloTarget;
import io.cake.controller.loop.FirstLevelPort;
import io.cake.controller.loop.ResourceLoad;
import io.cake.controller.loop.SecondLevelController;
import io.cake.controller.policy.AllocationMapper;
import io.cake.controller.policy.Decision;
import io.cake.controller.policy.LatencyAllocation;
import io.cake.controller.policy.SloDecider;
import io.cake.core.metrics.LatencySummary;
import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.sched.Allocation;
import io.cake.core.sched.FairQueueScheduler;
import io.cake.core.sched.RateLimits;
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
 * first-level scheduler classes and the same controller ({@link SecondLevelController}, through
 * in-memory ports) as the real system: its allocations, pool cap and throttle all take effect. No
 * threads, no wall clock: a {@link ManualClock} moves from event to event, and a seeded random
 * source makes every run repeatable.
 *
 * <p>HBase: a pool of handlers; a request holds its handler for its CPU time and for all of its
 * HDFS chunk reads (as a real handler blocks on its DFS reads), and is charged that time in
 * microseconds, as the real scheduler charges handler time. HDFS: a number of disk slots, each
 * chunk read holds one for an exponentially distributed time. Front end: open-loop Poisson gets
 * of one chunk. Batch: closed-loop threads issuing scans of many chunks, read one after another.
 * Not modelled: AIMD (the pool is the model's size, or the controller's cap if smaller).
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

  /** What happened in one controller interval; {@code hbaseHandlers}: the pool in force in it. */
  public record Interval(
      int index,
      double frontP99Ms,
      long frontOps,
      long batchChunks,
      LatencyAllocation allocation,
      Decision decision,
      int hbaseHandlers) {}

  private final Model model;
  private final LatencyGoal goal;
  private final SloDecider decider;
  private final LatencyAllocation start;
  private final SecondLevelController controller; // null: the first level alone
  private final SplittableRandom random;
  private final ManualClock clock = new ManualClock();
  private final FairQueueScheduler<Request> hbase;
  private final FairQueueScheduler<Request> hdfs;
  private final BitSet freeHandlers = new BitSet();
  private final BitSet busyHandlers = new BitSet();
  private final BitSet freeDisks = new BitSet();
  private final PriorityQueue<Event> events = new PriorityQueue<>();
  private final Histogram frontLatency = new Histogram(TimeUnit.MINUTES.toNanos(10), 3);
  private long seq;
  private long batchChunks;
  private int handlers;
  private boolean redispatchDue;
  private SchedulerSnapshot hbaseSnapshot;
  private SchedulerSnapshot hdfsSnapshot;

  private final class Request {
    final String tenant;
    final long arrival;
    int chunksLeft;
    Ticket<Request> handlerTicket;
    long handlerSince;

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
    this.start = start;
    this.random = new SplittableRandom(seed);
    this.hbase = new FairQueueScheduler<>("sim-hbase", clock, model.hbaseHandlers(), 1_000_000, 1_000_000);
    this.hdfs = new FairQueueScheduler<>("sim-hdfs", clock, model.hdfsSlots(), 1_000_000, 1_000_000);
    this.handlers = model.hbaseHandlers();
    freeHandlers.set(0, handlers);
    freeDisks.set(0, model.hdfsSlots());
    apply(start);
    HBaseSide hb = new HBaseSide();
    FirstLevelPort df = new HdfsSide();
    this.controller = control
        ? SecondLevelController.inProcess(() -> hb, () -> df, decider, new SloTarget(FRONT, goal))
        : null;
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
      hbaseSnapshot = hbase.rollMetrics();
      hdfsSnapshot = hdfs.rollMetrics();
      LatencyAllocation inForce = controller == null || controller.allocation() == null ? start : controller.allocation();
      int pool = handlers;
      Decision d = controller == null ? null : controller.tick().decision();
      double p99 = LatencySummary.percentileMs(frontLatency, goal.percentile());
      out.add(new Interval(i, p99, frontLatency.getTotalCount(), batchChunks - batchBefore, inForce, d, pool));
      frontLatency.reset();
      batchBefore = batchChunks;
    }
    return out;
  }

  /** The RegionServer's scheduler, as the controller sees it. */
  private final class HBaseSide implements SecondLevelController.HBasePort {
    @Override
    public String name() {
      return hbase.name();
    }

    @Override
    public SchedulerSnapshot snapshot() {
      return hbaseSnapshot;
    }

    @Override
    public ResourceLoad load() {
      return ResourceLoad.of(hbaseSnapshot);
    }

    @Override
    public Allocation allocation() {
      return hbase.allocation();
    }

    @Override
    public void setAllocation(Allocation a) {
      hbase.setAllocation(a.clippedTo(handlers));
      dispatchHandlers();
    }

    @Override
    public void setPoolCap(int cap) {
      resizePool(cap == 0 ? model.hbaseHandlers() : Math.min(cap, model.hbaseHandlers()));
    }

    @Override
    public void setThrottle(String exemptTenant, double handlerCount) {
      // Handler time is charged in microseconds: one handler busy is a million a second.
      hbase.setLimits(handlerCount == 0.0 ? RateLimits.none() : RateLimits.allBut(exemptTenant, handlerCount * 1e6));
      dispatchHandlers();
    }
  }

  /** The DataNode's scheduler, as the controller sees it. */
  private final class HdfsSide implements FirstLevelPort {
    @Override
    public String name() {
      return hdfs.name();
    }

    @Override
    public ResourceLoad load() {
      return ResourceLoad.of(hdfsSnapshot);
    }

    @Override
    public Allocation allocation() {
      return hdfs.allocation();
    }

    @Override
    public void setAllocation(Allocation a) {
      hdfs.setAllocation(a);
      dispatchDisks();
    }
  }

  /** The pool at {@code n} handlers: busy ones above it finish their request, then retire. */
  private void resizePool(int n) {
    if (n == handlers) {
      return;
    }
    hbase.setSlotCount(n); // clips reservations to the smaller pool until it grows, as the real pool's

    freeHandlers.clear(n, Math.max(n, handlers));
    for (int s = 0; s < n; s++) {
      if (!busyHandlers.get(s)) {
        freeHandlers.set(s);
      }
    }
    handlers = n;
    dispatchHandlers();
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
    hbase.offer(r.tenant, r, estimateMicros(r));
    dispatchHandlers();
  }

  /** A request's expected handler time in microseconds: its CPU and its chunk reads. */
  private long estimateMicros(Request r) {
    double cpu = r.tenant.equals(FRONT) ? model.getCpuMs() : model.scanCpuMs();
    return Math.max(1L, Math.round((cpu + r.chunksLeft * model.chunkMs()) * 1000));
  }

  private void dispatchHandlers() {
    for (int s = freeHandlers.nextSetBit(0); s >= 0; s = freeHandlers.nextSetBit(s + 1)) {
      Ticket<Request> t = hbase.poll(s);
      if (t != null) {
        freeHandlers.clear(s);
        busyHandlers.set(s);
        Request r = t.item();
        r.handlerTicket = t;
        r.handlerSince = clock.nanoTime();
        at(ms(r.tenant.equals(FRONT) ? model.getCpuMs() : model.scanCpuMs()), () -> readChunk(r));
      }
    }
    // Work held back by the throttle: look again a millisecond later (a real handler parks until
    // the tenant's bucket is out of debt).
    if (!redispatchDue && !freeHandlers.isEmpty() && hbase.queued() > 0 && !hbase.limits().isNone()) {
      redispatchDue = true;
      at(ms(1), () -> {
        redispatchDue = false;
        dispatchHandlers();
      });
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
      hbase.complete(r.handlerTicket, Math.max(1L, (clock.nanoTime() - r.handlerSince) / 1000));
      int handler = r.handlerTicket.slot();
      busyHandlers.clear(handler);
      if (handler < handlers) {
        freeHandlers.set(handler);
      }
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
