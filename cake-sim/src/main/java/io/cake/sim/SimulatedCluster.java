package io.cake.sim;

import io.cake.controller.loop.FirstLevelPort;
import io.cake.core.contract.Contract;
import io.cake.core.contract.ContractMeter;
import io.cake.core.tenant.TenantNames;
import io.cake.hbase.config.CakeHBaseConfig;
import io.cake.hbase.rpc.HandlerLimits;
import io.cake.controller.policy.HBaseInterval;
import io.cake.controller.policy.OperationLatencies;
import io.cake.controller.loop.SecondLevelController;
import io.cake.core.metrics.SchedulerSnapshot;
import io.cake.core.sched.Allocation;
import io.cake.core.sched.FairQueueScheduler;
import io.cake.core.sched.RateLimits;
import io.cake.core.sched.Ticket;
import io.cake.core.time.ManualClock;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.Histogram;

/**
 * The mechanism of the simulator: one RegionServer over one DataNode, run by the real first-level
 * schedulers on a manual clock, event by event, with one seeded random source. What drives it (a
 * controller, a test) is elsewhere: {@link Simulation} runs the real {@link SecondLevelController}
 * on it through {@link #hbasePort()} and {@link #hdfsPort()}.
 *
 * <p>HBase: a pool of handlers; a request holds its handler for its CPU time and for all of its
 * HDFS chunk reads (as a real handler blocks on its DFS reads), and is charged that time in
 * microseconds, as the real scheduler charges handler time. HDFS: a number of disk slots, each
 * 64 KB chunk read holds one for a time drawn from the {@link Hardware.Disk} model. Tenants are open-loop Poisson
 * senders (front ends) or closed-loop threads (batch), each request some CPU and some chunks read
 * one after another. An open-loop sender may have a bounded pool of client threads, as the bench's
 * load generator has ({@link Workload#withClientThreads}): a request then waits at the client
 * until one is free, a wait the RegionServer never sees. Not modelled: AIMD and CPU contention, so
 * a pool cap can only cost a front end here, never help it.
 */
public final class SimulatedCluster {
  static final int CHUNK = 64 * 1024;

  private final Hardware hardware;
  private final List<Workload> workloads = new ArrayList<>();
  private final SplittableRandom random;
  private final EventQueue events = new EventQueue();
  private final ManualClock clock = events.clock();
  private final FairQueueScheduler<Request> hbase;
  private final FairQueueScheduler<Request> hdfs;
  private final BitSet freeHandlers = new BitSet();
  private final BitSet busyHandlers = new BitSet();
  private final BitSet freeDisks = new BitSet();
  private final TenantRecords records = new TenantRecords();
  /** Per open-loop workload with client threads: its requests outstanding, and those due but waiting at the client. */
  private final Map<Workload, ClientPool> clients = new IdentityHashMap<>();
  private final ContractMeter contracts = new ContractMeter();
  private final boolean capBestEffort;
  private final int handlers;
  private boolean redispatchDue;
  private HBaseInterval hbaseInterval;
  private SchedulerSnapshot hdfsSnapshot;

  private final class Request {
    final Workload workload;
    final String tenant; // served as: the workload's, or best-effort when over its contract
    final long due; // when the client meant to send it
    final long arrival; // when it reached the RegionServer
    int chunksLeft;
    Ticket<Request> handlerTicket;
    long handlerSince;

    Request(Workload workload, long arrival) {
      this(workload, arrival, arrival);
    }

    Request(Workload workload, long due, long arrival) {
      this.workload = workload;
      this.tenant = contracts.serveAs(workload.tenant(), arrival);
      this.due = due;
      this.arrival = arrival;
      this.chunksLeft = workload.chunks();
    }
  }

  /** An open-loop sender's client threads: how many are busy, and when each waiting request was due. */
  private static final class ClientPool {
    int busy;
    final ArrayDeque<Long> waiting = new ArrayDeque<>();
  }

  public SimulatedCluster(Hardware hardware, List<Workload> workloads, long seed) {
    this(hardware, workloads, Map.of(), seed);
  }

  /**
   * @param contracts throughput contracts by tenant: a request over its tenant's is served (and
   *     its latency and chunks counted) as {@link TenantNames#BEST_EFFORT}, held to {@link
   *     CakeHBaseConfig#DEFAULT_BEST_EFFORT_HANDLERS} of handler time, as the RegionServer does
   */
  public SimulatedCluster(Hardware hardware, List<Workload> workloads, Map<String, Contract> contracts, long seed) {
    this.hardware = hardware;
    this.contracts.setContracts(contracts, 0);
    records.register(TenantNames.BEST_EFFORT);
    for (Workload w : workloads) {
      if (this.workloads.stream().anyMatch(o -> o.tenant().equals(w.tenant()) && o.op() == w.op())) {
        throw new IllegalArgumentException("tenant '" + w.tenant() + "' has two workloads of " + w.op());
      }
      this.workloads.add(w);
      if (w.rate() != null && w.threads() > 0) {
        clients.put(w, new ClientPool());
      }
      records.register(w.tenant());
    }
    this.random = new SplittableRandom(seed);
    this.hbase = new FairQueueScheduler<>("sim-hbase", clock, hardware.hbaseHandlers(), 1_000_000, 1_000_000);
    this.hdfs = new FairQueueScheduler<>("sim-hdfs", clock, hardware.hdfsSlots(), 1_000_000, 1_000_000);
    this.handlers = hardware.hbaseHandlers();
    this.capBestEffort = !contracts.isEmpty(); // no best-effort tenant otherwise: runs without contracts stay as they are
    hbase.setLimits(limits(RateLimits.none()));
    hbase.setInServiceCaps(inServiceCaps(java.util.Set.of(), 0));
    freeHandlers.set(0, handlers);
    freeDisks.set(0, hardware.hdfsSlots());
  }

  /** Starts every workload (in the order given), then closes a first metrics interval. */
  public void start() {
    for (Workload w : workloads) {
      if (w.rate() != null) {
        scheduleArrival(w);
      } else {
        for (int i = 0; i < w.threads(); i++) {
          submit(new Request(w, clock.nanoTime()));
        }
      }
    }
    roll();
  }

  /** Runs every event up to {@code nanos} of simulated time and moves the clock there. */
  public void runUntil(long nanos) {
    events.runUntil(nanos);
  }

  /** Closes both schedulers' metrics intervals: what the ports report until the next roll. */
  public void roll() {
    SchedulerSnapshot tenants = hbase.rollMetrics();
    hbaseInterval = new HBaseInterval(tenants, new OperationLatencies(tenants.endNanos(), records.takeServer()));
    hdfsSnapshot = hdfs.rollMetrics();
  }

  /**
   * {@code tenant}'s request latencies as its client sees them (from when each was due to its
   * response, a wait at the client included) since the last call; for a tenant with a contract, of
   * its requests within it ({@link TenantNames#BEST_EFFORT}: all over one).
   */
  public Histogram takeLatency(String tenant) {
    return records.takeClient(tenant);
  }

  /** Chunks read for {@code tenant} (as {@link #takeLatency} counts tenants) since the start. */
  public long chunks(String tenant) {
    return records.chunks(tenant);
  }

  /** Handlers in the pool now. */
  public int handlers() {
    return handlers;
  }

  public FairQueueScheduler<?> hbaseScheduler() {
    return hbase;
  }

  public FairQueueScheduler<?> hdfsScheduler() {
    return hdfs;
  }

  /** Installs {@code a} at both levels (reservations clipped to the pool), as a driver would. */
  public void setAllocation(Allocation a) {
    hdfs.setAllocation(a);
    hbase.setAllocation(a.clippedTo(handlers));
    dispatchHandlers();
    dispatchDisks();
  }

  /** The RegionServer's scheduler as a controller sees it. */
  public SecondLevelController.HBasePort hbasePort() {
    return new SimulatedPorts.HBaseSide(this);
  }

  /** The DataNode's scheduler as a controller sees it. */
  public FirstLevelPort hdfsPort() {
    return new SimulatedPorts.HdfsSide(this);
  }

  HBaseInterval lastHBaseInterval() {
    return hbaseInterval;
  }

  SchedulerSnapshot lastHdfsSnapshot() {
    return hdfsSnapshot;
  }

  void setHBaseAllocation(Allocation a) {
    hbase.setAllocation(a.clippedTo(handlers));
    dispatchHandlers();
  }

  void setHdfsAllocation(Allocation a) {
    hdfs.setAllocation(a);
    dispatchDisks();
  }

  /** The controller's one limit on the others, applied as the RegionServer applies it. */
  void setOthersLimit(java.util.Set<String> exempt, double handlerCount) {
    hbase.setInServiceCaps(inServiceCaps(exempt, HandlerLimits.othersInService(handlerCount)));
    hbase.setLimits(limits(HandlerLimits.othersTime(exempt, handlerCount)));
    dispatchHandlers();
  }

  /** The controller's cap on the others' handlers in service, and best effort's, as the RegionServer sets them. */
  private io.cake.core.sched.InServiceCaps inServiceCaps(java.util.Set<String> exempt, int othersMax) {
    return HandlerLimits.inServiceCaps(
        capBestEffort ? CakeHBaseConfig.DEFAULT_BEST_EFFORT_HANDLERS : 0, exempt, othersMax);
  }

  /** The controller's throttle, and best effort held to a handler as the RegionServer holds it. */
  private RateLimits limits(RateLimits throttle) {
    return capBestEffort
        ? HandlerLimits.withBestEffortCap(throttle, CakeHBaseConfig.DEFAULT_BEST_EFFORT_HANDLERS) : throttle;
  }

  private void at(long delayNanos, Runnable action) {
    events.at(delayNanos, action);
  }

  private long exp(double meanMs) {
    return (long) (-Math.log(1.0 - random.nextDouble()) * meanMs * 1_000_000);
  }

  private static long ms(double ms) {
    return (long) (ms * 1_000_000);
  }

  private void scheduleArrival(Workload w) {
    double rate = w.rate().applyAsDouble(clock.nanoTime() / 1e9);
    long gap = rate <= 0 ? TimeUnit.SECONDS.toNanos(1) : exp(1000.0 / rate);
    at(
        gap,
        () -> {
          if (w.rate().applyAsDouble(clock.nanoTime() / 1e9) > 0) {
            send(w, clock.nanoTime());
          }
          scheduleArrival(w);
        });
  }

  /** An open-loop request due now: sent, or, with every client thread busy, waiting at the client. */
  private void send(Workload w, long due) {
    ClientPool pool = clients.get(w);
    if (pool != null && pool.busy == w.threads()) {
      pool.waiting.add(due);
      return;
    }
    if (pool != null) {
      pool.busy++;
    }
    submit(new Request(w, due, due));
  }

  /** A client thread is free again: it sends the longest-waiting request, if any. */
  private void threadFree(Workload w) {
    ClientPool pool = clients.get(w);
    if (pool == null) {
      return;
    }
    Long due = pool.waiting.poll();
    if (due == null) {
      pool.busy--;
    } else {
      submit(new Request(w, due, clock.nanoTime()));
    }
  }

  private void submit(Request r) {
    hbase.offer(r.tenant, r, estimateMicros(r));
    dispatchHandlers();
  }

  /** A request's expected handler time in microseconds: its CPU and its chunk reads. */
  private long estimateMicros(Request r) {
    return Math.max(1L, Math.round((r.workload.cpuMs() + r.chunksLeft * hardware.chunkMs()) * 1000));
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
        at(ms(r.workload.cpuMs()), () -> readChunk(r));
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
        at(hardware.disk().sampleNanos(random), () -> chunkDone(slot, t));
      }
    }
  }

  private void chunkDone(int slot, Ticket<Request> t) {
    hdfs.complete(t);
    freeDisks.set(slot);
    Request r = t.item();
    records.chunkRead(r.tenant);
    if (--r.chunksLeft > 0) {
      readChunk(r);
    } else {
      hbase.complete(r.handlerTicket, Math.max(1L, (clock.nanoTime() - r.handlerSince) / 1000));
      int handler = r.handlerTicket.slot();
      busyHandlers.clear(handler);
      if (handler < handlers) {
        freeHandlers.set(handler);
      }
      // The client's latency from when the request was due; the RegionServer's from when it arrived.
      long now = clock.nanoTime();
      records.completed(r.tenant, r.workload.op(), now - r.due, now - r.arrival);
      if (r.workload.rate() == null) {
        submit(new Request(r.workload, clock.nanoTime())); // the thread's next request
      } else {
        threadFree(r.workload);
      }
      dispatchHandlers();
    }
    dispatchDisks();
  }
}
