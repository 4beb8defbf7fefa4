package io.cake.hbase.rpc;

import io.cake.core.tenant.OperationType;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.hbase.ipc.CakeCallQueueInfo;
import org.apache.hadoop.hbase.ipc.CallQueueInfo;

/**
 * The numbers HBase's RpcScheduler reports (queue lengths and active handlers by operation, calls
 * queued per method, drops) for the calls Cake holds, so the RegionServer's metrics and UI count
 * them beside the stock scheduler's.
 */
final class CallCounts {
  private static final OperationType[] OPS = OperationType.values();
  /** Name of Cake's queue in CallQueueInfo (RegionServer UI and JMX). */
  static final String QUEUE_NAME = "Cake Call Queue";

  private final AtomicInteger active = new AtomicInteger();
  private final AtomicInteger[] activeByOp = counters();
  private final AtomicInteger[] queuedByOp = counters();
  private final Map<String, AtomicLong[]> queuedByMethod = new ConcurrentHashMap<>();
  final LongAdder deadlineDrops = new LongAdder();
  final LongAdder stopDrops = new LongAdder();

  private static AtomicInteger[] counters() {
    AtomicInteger[] a = new AtomicInteger[OPS.length];
    for (int i = 0; i < a.length; i++) {
      a[i] = new AtomicInteger();
    }
    return a;
  }

  void queued(CakeCall c) {
    queuedByOp[c.op().ordinal()].incrementAndGet();
    AtomicLong[] m =
        queuedByMethod.computeIfAbsent(c.method(), k -> new AtomicLong[] {new AtomicLong(), new AtomicLong()});
    m[0].incrementAndGet();
    m[1].addAndGet(c.size());
  }

  void dequeued(CakeCall c) {
    queuedByOp[c.op().ordinal()].decrementAndGet();
    AtomicLong[] m = queuedByMethod.get(c.method());
    if (m != null) {
      m[0].decrementAndGet();
      m[1].addAndGet(-c.size());
    }
  }

  void started(OperationType op) {
    active.incrementAndGet();
    activeByOp[op.ordinal()].incrementAndGet();
  }

  void finished(OperationType op) {
    activeByOp[op.ordinal()].decrementAndGet();
    active.decrementAndGet();
  }

  int active() {
    return active.get();
  }

  int active(OperationType op) {
    return activeByOp[op.ordinal()].get();
  }

  int queued(OperationType op) {
    return queuedByOp[op.ordinal()].get();
  }

  long drops() {
    return deadlineDrops.sum() + stopDrops.sum();
  }

  /** The stock scheduler's queues with Cake's added under {@link #QUEUE_NAME}. */
  CallQueueInfo withCake(CallQueueInfo stock) {
    Map<String, Long> counts = new HashMap<>();
    Map<String, Long> sizes = new HashMap<>();
    queuedByMethod.forEach(
        (m, v) -> {
          counts.put(m, Math.max(0L, v[0].get()));
          sizes.put(m, Math.max(0L, v[1].get()));
        });
    return CakeCallQueueInfo.merge(stock, QUEUE_NAME, counts, sizes);
  }
}
