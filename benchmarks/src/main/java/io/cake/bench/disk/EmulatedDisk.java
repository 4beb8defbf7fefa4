package io.cake.bench.disk;

import io.cake.core.time.Clock;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * The emulated disks of one DataNode: {@link DiskModel#volumes()} actuators, one per DataNode
 * volume (the caller says which, {@link #read(int, long, long, long)}; the benchmark's DataNode has
 * as many volumes as the model, so Cake's gate sees the same devices the model serves). A read
 * books its service on its actuator, then the calling thread (a DataXceiver) waits until the
 * booked completion time. Thread-safe.
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

  /**
   * An actuator for a block whose volume is unknown: block ID modulo the actuator count (block IDs
   * come in sequence, so this is the round robin of the default volume choosing policy).
   */
  public int actuatorOf(long blockId) {
    return (int) Math.floorMod(blockId, (long) actuators.length);
  }

  /** As {@link #read(int, long, long, long)} on {@link #actuatorOf(long) the block's actuator}. */
  public void read(long blockId, long offset, long len) throws InterruptedIOException {
    read(actuatorOf(blockId), blockId, offset, len);
  }

  /**
   * Reads {@code len} bytes at {@code offset} of block {@code blockId} on actuator {@code actuator}
   * (taken modulo the actuator count): waits for the emulated device.
   */
  public void read(int actuator, long blockId, long offset, long len) throws InterruptedIOException {
    Actuator a = actuators[Math.floorMod(actuator, actuators.length)];
    long done;
    synchronized (a) {
      done = a.submit(clock.nanoTime(), blockId, offset, len);
    }
    waiter.waitUntil(done);
  }

  /** What the actuators have done since the disk was built; a run's share is the difference. */
  public record Totals(long reads, long sequentialReads, long bytes, long busyNanos, long queuedNanos) {
    public Totals minus(Totals o) {
      return new Totals(reads - o.reads, sequentialReads - o.sequentialReads, bytes - o.bytes,
          busyNanos - o.busyNanos, queuedNanos - o.queuedNanos);
    }

    public Totals plus(Totals o) {
      return new Totals(reads + o.reads, sequentialReads + o.sequentialReads, bytes + o.bytes,
          busyNanos + o.busyNanos, queuedNanos + o.queuedNanos);
    }

    public static Totals sum(List<Totals> parts) {
      return parts.stream().reduce(new Totals(0, 0, 0, 0, 0), Totals::plus);
    }
  }

  public Totals totals() {
    return Totals.sum(perActuator());
  }

  /** {@link #totals()} of each actuator, in actuator order: shows whether the load is balanced. */
  public List<Totals> perActuator() {
    List<Totals> out = new ArrayList<>(actuators.length);
    for (Actuator a : actuators) {
      synchronized (a) {
        out.add(new Totals(a.reads(), a.sequentialReads(), a.bytes(), a.busyNanos(), a.queuedNanos()));
      }
    }
    return out;
  }
}
