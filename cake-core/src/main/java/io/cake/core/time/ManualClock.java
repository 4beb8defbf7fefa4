package io.cake.core.time;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

/** A clock that only moves when told to: for deterministic tests and simulations. */
public final class ManualClock implements Clock {
  private final AtomicLong nanos;

  public ManualClock() {
    this(0L);
  }

  public ManualClock(long startNanos) {
    this.nanos = new AtomicLong(startNanos);
  }

  @Override
  public long nanoTime() {
    return nanos.get();
  }

  public long advance(Duration d) {
    return advanceNanos(d.toNanos());
  }

  public long advanceNanos(long delta) {
    if (delta < 0) {
      throw new IllegalArgumentException("a clock cannot go back: delta=" + delta);
    }
    return nanos.addAndGet(delta);
  }
}
