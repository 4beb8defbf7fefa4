package io.cake.bench.disk;

import java.util.function.DoubleSupplier;

/**
 * One emulated disk arm and its device queue: a pure model, time passed in, not thread-safe (the
 * caller serialises {@link #submit}).
 *
 * <p>FIFO in virtual time: a read submitted at {@code now} starts when the actuator is free
 * ({@code max(now, busyUntil)}) and occupies it for its service time ({@link DiskModel}). The
 * caller then waits until the returned completion time; nothing is held while it waits, so the
 * queue is the order of submission, as in a disk's own queue without reordering (no NCQ). A read
 * is sequential, and skips positioning, when it starts in the same file at the byte where the
 * previous read on this actuator ended.
 */
public final class Actuator {
  private final DiskModel model;
  private final DoubleSupplier uniform;
  private long busyUntil = Long.MIN_VALUE;
  private long lastFile = Long.MIN_VALUE;
  private long lastEnd = -1;
  private long reads;
  private long sequentialReads;
  private long bytes;
  private long busyNanos;
  private long queuedNanos;

  /** @param uniform draws in [0, 1) for the seek and the rotational delay, in that order */
  public Actuator(DiskModel model, DoubleSupplier uniform) {
    this.model = model;
    this.uniform = uniform;
  }

  /**
   * Queues a read of {@code len} bytes at {@code offset} of {@code file}, arriving at {@code
   * nowNanos}; returns the time it completes.
   */
  public long submit(long nowNanos, long file, long offset, long len) {
    long start = Math.max(nowNanos, busyUntil);
    boolean sequential = file == lastFile && offset == lastEnd;
    long service = model.transferNanos(len);
    if (!sequential) {
      double seek = uniform.getAsDouble();
      double rotation = uniform.getAsDouble();
      service += model.positioningNanos(seek, rotation);
    } else {
      sequentialReads++;
    }
    busyUntil = start + service;
    lastFile = file;
    lastEnd = offset + len;
    reads++;
    bytes += len;
    busyNanos += service;
    queuedNanos += start - nowNanos;
    return busyUntil;
  }

  public long reads() {
    return reads;
  }

  public long sequentialReads() {
    return sequentialReads;
  }

  public long bytes() {
    return bytes;
  }

  /** Total service time given, ns. */
  public long busyNanos() {
    return busyNanos;
  }

  /** Total time reads waited in the device queue before their service began, ns. */
  public long queuedNanos() {
    return queuedNanos;
  }
}
