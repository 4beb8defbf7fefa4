package io.cake.core.time;

/**
 * Source of monotonic time in nanoseconds. Every class that reads time takes one, so policies and
 * schedulers can be driven deterministically in tests (see {@link ManualClock}).
 */
@FunctionalInterface
public interface Clock {
  long nanoTime();

  static Clock system() {
    return System::nanoTime;
  }
}
