package io.cake.bench.disk;

import io.cake.core.time.Clock;
import java.io.InterruptedIOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * The emulated disks of one DataNode: {@link DiskModel#volumes()} actuators. Each HDFS block lives
 * on one actuator, block ID modulo the volume count: the NameNode hands out block IDs in sequence,
 * so this is the round robin of a DataNode's default volume choosing policy (the mini-cluster's
 * own storage directories all share one file system, so they say nothing about devices). A read books its service on the block's actuator, then the calling thread (a
 * DataXceiver) waits until the booked completion time. Thread-safe.
 */
public final class EmulatedDisk {
  /** How a reader waits for its completion time: parks in production, advances a clock in tests. */
  @FunctionalInterface
  public interface Waiter {
    void waitUntil(long deadlineNanos) throws InterruptedIOException;
  }

  private final DiskModel model;
  private final Clock clock;
  private final Waiter waiter;
  private final Actuator[] actuators;

  public EmulatedDisk(DiskModel model, Clock clock, Waiter waiter) {
    this.model = model;
    this.clock = clock;
    this.waiter = waiter;
    this.actuators = new Actuator[model.volumes()];
    for (int i = 0; i < actuators.length; i++) {
      SplittableRandom r = new SplittableRandom(model.seed() * 1_000_003L + i);
      actuators[i] = new Actuator(model, r::nextDouble);
    }
  }

  /** An emulated disk that parks real threads on the system clock. */
  public static EmulatedDisk parking(DiskModel model) {
    Clock clock = Clock.system();
    return new EmulatedDisk(model, clock, deadline -> parkUntil(clock, deadline));
  }

  static void parkUntil(Clock clock, long deadline) throws InterruptedIOException {
    long left;
    while ((left = deadline - clock.nanoTime()) > 0) {
      LockSupport.parkNanos(left);
      if (Thread.interrupted()) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted waiting for the emulated disk");
      }
    }
  }

  public DiskModel model() {
    return model;
  }

  /** The actuator index holding {@code blockId}. */
  public int actuatorOf(long blockId) {
    return (int) Math.floorMod(blockId, (long) actuators.length);
  }

  /** Reads {@code len} bytes at {@code offset} of block {@code blockId}: waits for the emulated device. */
  public void read(long blockId, long offset, long len) throws InterruptedIOException {
    Actuator a = actuators[actuatorOf(blockId)];
    long done;
    synchronized (a) {
      done = a.submit(clock.nanoTime(), blockId, offset, len);
    }
    waiter.waitUntil(done);
  }

  /** Totals over every actuator, for results.json. */
  public Map<String, Object> stats() {
    long reads = 0;
    long seq = 0;
    long bytes = 0;
    long busy = 0;
    long queued = 0;
    long[] perActuator = new long[actuators.length];
    for (int i = 0; i < actuators.length; i++) {
      Actuator a = actuators[i];
      synchronized (a) {
        reads += a.reads();
        seq += a.sequentialReads();
        bytes += a.bytes();
        busy += a.busyNanos();
        queued += a.queuedNanos();
        perActuator[i] = a.reads();
      }
    }
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("reads", reads);
    m.put("sequential_reads", seq);
    m.put("bytes", bytes);
    m.put("busy_s", busy / 1e9);
    m.put("queued_s", queued / 1e9);
    m.put("reads_per_actuator", perActuator);
    return m;
  }

  /** Sum of the actuators' busy time, ns (utilisation = its growth over elapsed time x volumes). */
  public long busyNanos() {
    long busy = 0;
    for (Actuator a : actuators) {
      synchronized (a) {
        busy += a.busyNanos();
      }
    }
    return busy;
  }
}
