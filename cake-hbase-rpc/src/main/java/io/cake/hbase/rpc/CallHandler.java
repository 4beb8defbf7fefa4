package io.cake.hbase.rpc;

import io.cake.core.sched.FairQueueScheduler;
import io.cake.core.sched.Ticket;
import io.cake.core.sched.WorkerPool;
import io.cake.core.tenant.CurrentTenant;
import io.cake.core.time.Clock;
import org.apache.hadoop.hbase.Abortable;
import org.apache.hadoop.hbase.ipc.CallRunner;
import org.apache.hadoop.hbase.monitoring.MonitoredRPCHandler;
import org.apache.hadoop.hbase.util.EnvironmentEdgeManager;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The body of Cake's handler threads: one ticket runs its CallRunner as a stock handler would
 * (status set, Errors counted towards an abort), or is dropped once the client's deadline passed,
 * and its service time goes to the queues (fair-queuing charge), the per-operation stats and AIMD.
 */
final class CallHandler {
  private static final Logger LOG = LoggerFactory.getLogger(CallHandler.class);

  private final String name;
  private final FairQueueScheduler<CakeCall> queues;
  private final OperationStats ops;
  private final PoolSizer sizer;
  private final CallCounts counts;
  private final Clock clock;
  /** The RegionServer, aborted when handlers keep failing with Errors; null outside a server. */
  private final Abortable server;
  private final HandlerErrorLimit errors;
  private final HandlerStatuses statuses = new HandlerStatuses();

  CallHandler(
      String name,
      FairQueueScheduler<CakeCall> queues,
      OperationStats ops,
      PoolSizer sizer,
      CallCounts counts,
      Clock clock,
      Abortable server,
      HandlerErrorLimit errors) {
    this.name = name;
    this.queues = queues;
    this.ops = ops;
    this.sizer = sizer;
    this.counts = counts;
    this.clock = clock;
    this.server = server;
    this.errors = errors;
  }

  /**
   * The worker of {@code slot}, made on the slot's new thread. Resizing ends and starts threads:
   * the slot's TaskMonitor status passes from one to the next rather than a new one per thread.
   */
  WorkerPool.Worker<CakeCall> forSlot(int slot) {
    return new SlotWorker(statuses.forSlot(slot));
  }

  /**
   * One handler thread's worker: runs a call, and books its service time once the slot is back in
   * the pool ({@link WorkerPool.Worker#afterRun}), so the next call need not wait for that.
   */
  private final class SlotWorker implements WorkerPool.Worker<CakeCall> {
    private final MonitoredRPCHandler status;
    /** The last call run and its service start and end; null once booked. */
    private Ticket<CakeCall> served;
    private long start;
    private long end;

    SlotWorker(MonitoredRPCHandler status) {
      this.status = status;
    }

    @Override
    public void run(Ticket<CakeCall> ticket) {
      handle(ticket, this); // take() ran afterRun() for the last call before handing this one
    }

    @Override
    public void afterRun() {
      Ticket<CakeCall> t = served;
      if (t != null) {
        served = null;
        try {
          book(t, start, end);
        } catch (RuntimeException e) {
          LOG.warn("Cake {}: bookkeeping of a call of tenant {} failed", name, t.item().tenant(), e);
        }
      }
    }
  }

  /** MonitoredRPCHandler statuses made in HBase's TaskMonitor for Cake's handlers so far. */
  int statusesCreated() {
    return statuses.created();
  }

  private void handle(Ticket<CakeCall> ticket, SlotWorker worker) {
    try {
      serve(ticket, worker);
    } catch (Error e) {
      handlerError(ticket.item().tenant(), e);
    } catch (Throwable t) {
      LOG.warn("Cake {}: call of tenant {} failed in the handler", name, ticket.item().tenant(), t);
    }
  }

  private void serve(Ticket<CakeCall> ticket, SlotWorker worker) {
    CakeCall c = ticket.item();
    counts.dequeued(c);
    CallRunner runner = c.runner();
    runner.setStatus(worker.status);
    if (EnvironmentEdgeManager.currentTime() > c.deadlineMillis()) {
      // The client has given up: answer CallDroppedException rather than work for nobody.
      try {
        runner.drop();
      } finally {
        queues.drop(ticket);
        ops.dropped(c.tenant(), c.op());
        counts.deadlineDrops.increment();
      }
      return;
    }
    counts.started(c.op());
    CurrentTenant.set(c.tenant());
    long start = clock.nanoTime();
    try {
      runner.run();
    } finally {
      long end = clock.nanoTime();
      CurrentTenant.clear();
      counts.finished(c.op());
      worker.served = ticket;
      worker.start = start;
      worker.end = end;
    }
  }

  /** The service time of a call that ran: to the queues (fair-queuing charge), stats and AIMD. */
  private void book(Ticket<CakeCall> ticket, long start, long end) {
    CakeCall c = ticket.item();
    long serviceMicros = Math.max(1L, (end - start) / 1_000L);
    queues.complete(ticket, serviceMicros);
    long beforeQueue = Math.max(0L, c.dispatchMillis() - c.receiveMillis()) * 1_000_000L;
    ops.completed(
        c.tenant(),
        c.op(),
        start - ticket.enqueuedNanos(),
        beforeQueue + end - ticket.enqueuedNanos(),
        serviceMicros);
    if (c.singleRowGet()) {
      sizer.recordSingleGet(end - start);
    }
  }

  /** What stock RpcHandler does with an Error: count it and abort the server past the limit. */
  private void handlerError(String tenant, Error e) {
    int pool = queues.slotCount(); // read once: AIMD may move it between two reads
    int handlers = errors.handlers(pool);
    if (!errors.countError(pool)) {
      LOG.warn("Cake {}: handler error in a call of tenant {}", name, tenant, e);
      return;
    }
    String message =
        "Number of failed RpcServer handler runs exceeded threshhold "
            + errors.percent()
            + " ("
            + errors.errors()
            + " Errors, "
            + handlers
            + " Cake handlers); reason: "
            + e;
    if (server != null) {
      server.abort(message, e);
    } else {
      // Stock rethrows here and loses the handler thread; a Cake slot would then serve nobody.
      LOG.error("Cake {}: {}, but there is no server to abort", name, message, e);
    }
  }
}
